import { describe, expect, it, vi } from 'vitest';
import type { AnswerInput, SubmissionDoc } from '../../schema/contracts/quiz';
import { percentOf, scoreBand } from '../../schema/contracts/quiz';
import { createAnswerQueue, memoryStore } from '../../web/features/quiz/answer-queue';
import { clockOffset, formatClock, secondsLeft, spokenClock } from '../../web/features/quiz/countdown';
import { playerPath, withPending } from '../../web/features/quiz/quiz-api';

const answer = (questionId: string, answeredAt: number, optionId = 'o1'): AnswerInput => ({ submissionId: 's1', questionId, optionId, answeredAt });
const networkDown = () => Promise.reject(new TypeError('Failed to fetch'));
const refusal = (status: number) => new Error(JSON.stringify({ status, data: { message: 'no' } }));
const isFinal = (e: unknown) => e instanceof Error && e.message.startsWith('{');

describe('answer queue', () => {
  it('keeps answers on the device while the network is down and sends them, newest only, when it returns', async () => {
    const store = memoryStore();
    let online = false;
    const sent: AnswerInput[] = [];
    const queue = createAnswerQueue(store, async (a) => (online ? void sent.push(a) : networkDown()), isFinal);
    expect(await queue.add(answer('q1', 1, 'o1'))).toBe(1);
    expect(await queue.add(answer('q1', 2, 'o2'))).toBe(1);
    expect(await queue.add(answer('q2', 3))).toBe(2);
    expect(await queue.pending('s1')).toHaveLength(2);
    online = true;
    expect(await queue.flush()).toBe(0);
    expect(sent).toEqual([answer('q1', 2, 'o2'), answer('q2', 3)]);
    expect(await queue.pending('s1')).toEqual([]);
  });

  it('never lets an older answer replace a newer one on the device', async () => {
    const store = memoryStore();
    const queue = createAnswerQueue(store, networkDown, isFinal);
    await queue.add(answer('q1', 5, 'new'));
    await queue.add(answer('q1', 4, 'old'));
    expect((await queue.pending('s1'))[0]?.optionId).toBe('new');
  });

  it('drops an answer the server refuses for good, and keeps one it could not take right now', async () => {
    const store = memoryStore();
    const send = vi.fn(async (a: AnswerInput) => {
      if (a.questionId === 'q1') throw refusal(409);
      throw refusal(503);
    });
    const queue = createAnswerQueue(store, send, (e) => isFinal(e) && JSON.parse((e as Error).message).status === 409);
    await queue.add(answer('q1', 1));
    await queue.add(answer('q2', 2));
    expect((await queue.pending('s1')).map((a) => a.questionId)).toEqual(['q2']);
  });

  it('keeps an answer given while an older one was being sent', async () => {
    const store = memoryStore();
    let release!: () => void;
    const sent: AnswerInput[] = [];
    const queue = createAnswerQueue(
      store,
      (a) =>
        new Promise<void>((resolve) => {
          sent.push(a);
          release = resolve;
        }),
      isFinal,
    );
    const first = queue.add(answer('q1', 1, 'first'));
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    await store.put(answer('q1', 2, 'second'));
    release();
    await first;
    expect((await queue.pending('s1'))[0]?.optionId).toBe('second');
  });
});

describe('score band', () => {
  it('follows the spec: under 60% Revise, under 90% Good, otherwise Very Good', () => {
    expect(scoreBand(0)).toBe('Revise');
    expect(scoreBand(59)).toBe('Revise');
    expect(scoreBand(60)).toBe('Good');
    expect(scoreBand(89)).toBe('Good');
    expect(scoreBand(90)).toBe('Very Good');
    expect(scoreBand(100)).toBe('Very Good');
    expect(percentOf(5, 9)).toBe(56);
    expect(percentOf(0, 0)).toBe(0);
  });
});

describe('timer', () => {
  it('counts down to the server’s end time even when the device clock is wrong', () => {
    const deviceNow = Date.parse('2026-11-23T10:00:00Z');
    // The device is 2 minutes slow: the server already reads 10:02.
    const offset = clockOffset('2026-11-23T10:02:00Z', deviceNow);
    expect(secondsLeft('2026-11-23T10:12:00Z', offset, deviceNow)).toBe(600);
    expect(secondsLeft('2026-11-23T10:01:00Z', offset, deviceNow)).toBe(0);
  });

  it('formats the clock for eyes and for screen readers', () => {
    expect(formatClock(75)).toBe('1:15');
    expect(formatClock(3725)).toBe('1:02:05');
    expect(formatClock(0)).toBe('0:00');
    expect(spokenClock(75)).toBe('1 minute 15 seconds');
    expect(spokenClock(120)).toBe('2 minutes');
    expect(spokenClock(0)).toBe('0 seconds');
  });
});

describe('player helpers', () => {
  const doc = {
    _id: 'sub1',
    quiz: {
      _id: 'quiz1',
      title: 'Set A',
      topic: { _id: 't1', curriculum: 'Cambridge IGCSE', subject: 'Mathematics', name: 'Algebra' },
      subTopic: { _id: 'st1', name: 'Linear equations' },
    },
  } as SubmissionDoc;

  it('builds the spec’s player URL with slugified names', () => {
    expect(playerPath(doc)).toBe('/dashboard/cambridge-igcse/maths/algebra/linear-equations/st1/quiz/sub1');
    expect(playerPath({ ...doc, quiz: { ...doc.quiz, subTopic: null } })).toBe('/dashboard/cambridge-igcse/maths/algebra/whole-topic/t1/quiz/sub1');
  });

  it('shows a device answer newer than the server’s copy, and not an older one', () => {
    const q = { questionId: 'q1', optionId: 'server', answer: null, answeredAt: 10, status: 'ANSWERED' } as SubmissionDoc['questions'][number];
    const withQ = { ...doc, questions: [q] } as SubmissionDoc;
    expect(withPending(withQ, [answer('q1', 20, 'device')]).questions[0]?.optionId).toBe('device');
    expect(withPending(withQ, [answer('q1', 5, 'device')]).questions[0]?.optionId).toBe('server');
  });
});
