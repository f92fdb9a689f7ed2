import { describe, expect, it, vi } from 'vitest';
import { tutorHelper } from '../../worker/lib/tutor-helper';
import { tokens } from '../../worker/lib/tutor-helper/marking';
import { offlineHelper } from '../../worker/lib/tutor-helper/offline';
import type { HelperQuestion } from '../../worker/lib/tutor-helper/types';

const perimeter: HelperQuestion = {
  kind: 'OPEN',
  text: 'A rectangle has sides of $(x + 3)$ cm and $2x$ cm. Its perimeter is $36$ cm. Form and solve an equation to find the length of each side.',
  options: [],
  correctOptionId: null,
  answer: '$2(x + 3 + 2x) = 36$, so $6x + 6 = 36$ and $x = 5$. The sides are $8$ cm and $10$ cm.',
  explanation: 'The perimeter is twice the sum of two adjacent sides; simplify, then solve the linear equation.',
  hint: 'Perimeter = 2 × (length + width).',
  markScheme: [
    { _id: 'm1', point: 'Forms the equation 6x + 6 = 36', marks: 1, keywords: ['6x + 6 = 36', '2(3x + 3) = 36'] },
    { _id: 'm2', point: 'Solves to x = 5', marks: 1, keywords: ['x = 5'] },
    { _id: 'm3', point: 'Gives the sides as 8 cm and 10 cm', marks: 1, keywords: ['8 cm 10 cm'] },
  ],
  maxMarks: 3,
};

const thrownBall: HelperQuestion = {
  ...perimeter,
  text: 'Describe what happens to the speed of a ball thrown upwards, and why.',
  markScheme: [
    { _id: 'p1', point: 'Speed decreases on the way up', marks: 1, keywords: ['speed decreases', 'slows down'] },
    { _id: 'p2', point: 'Because gravity acts downwards on the ball', marks: 1, keywords: ['gravity downwards', 'weight downwards'] },
    { _id: 'p3', point: 'Acceleration of 9.8 m/s² downwards', marks: 1, keywords: ['9.8 m/s2'] },
  ],
};

describe('offline marking', () => {
  it('gives full marks to a full answer written differently from the model answer', async () => {
    const mark = await offlineHelper.markOpenAnswer(perimeter, '2(x+3) + 2(2x) = 36 so 6x+6=36, 6x = 30, x=5. The sides are 8cm and 10cm.');
    expect(mark.score).toBe(3);
    expect(mark.reasons).toEqual([
      'Credited: Forms the equation 6x + 6 = 36 (+1 mark)',
      'Credited: Solves to x = 5 (+1 mark)',
      'Credited: Gives the sides as 8 cm and 10 cm (+1 mark)',
    ]);
    expect(mark).toMatchObject({ source: 'offline', version: 'offline-1', rubric: perimeter.markScheme });
  });

  it('gives part marks to a partial answer and names the missing point', async () => {
    const mark = await offlineHelper.markOpenAnswer(perimeter, 'x = 5');
    expect(mark.score).toBe(1);
    expect(mark.reasons).toContain('Missing: Gives the sides as 8 cm and 10 cm (1 mark not given)');
    expect(mark.reasons).toContain('Credited: Solves to x = 5 (+1 mark)');
  });

  it('gives nothing for an empty answer, saying so', async () => {
    const mark = await offlineHelper.markOpenAnswer(perimeter, '   ');
    expect(mark.score).toBe(0);
    expect(mark.reasons).toEqual(['No answer was given, so no marks.']);
  });

  it('does not credit a wrong number that shares the words', async () => {
    expect((await offlineHelper.markOpenAnswer(perimeter, 'x = 6, so the sides are 9 cm and 12 cm')).score).toBe(0);
  });

  it('matches words in any order, plurals, units with superscripts and decimals written with trailing zeros', async () => {
    const mark = await offlineHelper.markOpenAnswer(
      thrownBall,
      'Gravity pulls it downwards, so the speed of the ball decreases: it accelerates at 9.80 m/s² towards the ground.',
    );
    expect(mark.score).toBe(3);
    const partial = await offlineHelper.markOpenAnswer(thrownBall, 'It slows down.');
    expect(partial.score).toBe(1);
    expect(partial.reasons.filter((r) => r.startsWith('Missing'))).toHaveLength(2);
  });

  it('normalises maths the same way in keyword and answer', () => {
    expect(tokens('x=5')).toEqual(tokens('x = 5'));
    expect(tokens('2x-5')).toEqual(tokens('2x - 5'));
    expect(tokens('12cm²')).toEqual(tokens('12 cm2'));
    expect(tokens('3.50')).toEqual(['3.5']);
    expect(tokens('1,000 $\\times$ 2')).toEqual(['1000', '×', '2']);
  });

  it('gives the stored hint and explanation with the model answer, labelled offline', async () => {
    expect(await offlineHelper.hint(perimeter)).toEqual({ text: 'Perimeter = 2 × (length + width).', source: 'offline', version: 'offline-1' });
    const explanation = await offlineHelper.explanation(perimeter);
    expect(explanation.text).toContain('twice the sum');
    expect(explanation.text).toContain('x = 5');
  });

  it('gives whole-attempt feedback with the band and what to do next', async () => {
    const feedback = await offlineHelper.feedback({
      quizTitle: 'Linear equations',
      score: 2,
      maxScore: 5,
      items: [
        { question: 'a', status: 'ANSWERED', score: 2, maxMarks: 2 },
        { question: 'b', status: 'SKIPPED', score: 0, maxMarks: 1 },
        { question: 'c', status: 'ANSWERED', score: 0, maxMarks: 2 },
      ],
    });
    expect(feedback.source).toBe('offline');
    expect(feedback.text).toContain('2 out of 5 (40%): Revise');
    expect(feedback.text).toContain('revealed the answer to 1 question');
  });
});

describe('adapter choice', () => {
  it('is the offline helper with nothing configured', () => {
    expect(tutorHelper({}).source).toBe('offline');
  });

  it('calls an OpenAI-compatible endpoint when configured and stores its mark with the rubric', async () => {
    const fetcher = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) =>
      Response.json({ choices: [{ message: { content: 'Here: {"score": 2, "reasons": ["Credited: Solves to x = 5", "Missing: sides"]}' } }] }),
    );
    const helper = tutorHelper({ OPENAI_BASE_URL: 'https://llm.example/v1/', OPENAI_API_KEY: 'k', OPENAI_MODEL: 'tutor-1' }, fetcher as typeof fetch);
    const mark = await helper.markOpenAnswer(perimeter, 'x = 5 and 6x + 6 = 36');
    expect(mark).toEqual({
      score: 2,
      reasons: ['Credited: Solves to x = 5', 'Missing: sides'],
      rubric: perimeter.markScheme,
      source: 'openai',
      version: 'tutor-1',
    });
    const [url, init] = fetcher.mock.calls[0]!;
    expect(url).toBe('https://llm.example/v1/chat/completions');
    expect(new Headers(init?.headers).get('authorization')).toBe('Bearer k');
    expect(JSON.parse(String(init?.body)).model).toBe('tutor-1');
  });

  it('falls back to the offline helper, and says so, when the endpoint fails or answers nonsense', async () => {
    const down = tutorHelper(
      { OPENAI_BASE_URL: 'https://llm.example/v1', OPENAI_API_KEY: 'k' },
      (async () => new Response('busy', { status: 503 })) as typeof fetch,
    );
    expect(await down.hint(perimeter)).toMatchObject({ source: 'offline', text: perimeter.hint });
    const babbling = tutorHelper({ OPENAI_BASE_URL: 'https://llm.example/v1', OPENAI_API_KEY: 'k' }, (async () =>
      Response.json({ choices: [{ message: { content: 'I think it is good' } }] })) as typeof fetch);
    expect(await babbling.markOpenAnswer(perimeter, 'x = 5')).toMatchObject({ source: 'offline', score: 1 });
  });

  it('uses Workers AI when the binding exists', async () => {
    const run = vi.fn(async () => ({ response: 'Add the four sides.' }));
    const helper = tutorHelper({ AI: { run } as unknown as Ai });
    expect(await helper.hint(perimeter)).toMatchObject({ text: 'Add the four sides.', source: 'workers-ai' });
    expect(run).toHaveBeenCalledWith('@cf/meta/llama-3.1-8b-instruct', expect.objectContaining({ messages: expect.any(Array) }));
  });
});
