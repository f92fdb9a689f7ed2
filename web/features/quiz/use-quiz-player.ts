import { useCallback, useEffect, useRef, useState } from 'react';
import type { SubmissionDoc, SubmissionQuestion } from '../../../schema/contracts/quiz';
import { useToast } from '../../ui/toast/use-toast';
import { clockOffset } from './countdown';
import { answerQueue, keepAttemptOnDevice, quizCalls, withPending } from './quiz-api';

export type SaveState = 'idle' | 'saving' | 'saved' | 'device';
/** Spec 3 §4: a pending call is loading, success idle, failure rejected. */
export type CallStatus = 'idle' | 'loading' | 'rejected';
/** A call about one question: the status and the question it is for, so another question's buttons stay free. */
export interface QuestionCall {
  status: CallStatus;
  questionId: string | null;
}

/**
 * The player's three calls that wait on the server, each with its own status (spec 3 §4): finishing
 * (`submitStatus`), help on a question — the AI hint or the answer (`aiExplanationStatus`) — and marking an open
 * answer (`aiFeedbackStatus`). A hint on its way never holds up Finish, nor a mark a hint.
 */
export interface PlayerStatuses {
  submitStatus: CallStatus;
  aiExplanationStatus: QuestionCall;
  aiFeedbackStatus: QuestionCall;
}

const freeCall: QuestionCall = { status: 'idle', questionId: null };

const RETRY_SENDING_MS = 5_000;

/**
 * One attempt in the player: the submission with answers still waiting on this device laid over it, the question on
 * screen, and every action on it (answer, move, hint, reveal, grade, countdown, finish). Answers go through the
 * device queue, so the attempt goes on offline and the queue is sent when the network returns.
 */
export function useQuizPlayer(submissionId: string) {
  const toast = useToast();
  const [doc, setDoc] = useState<SubmissionDoc | null>(null);
  const [failed, setFailed] = useState(false);
  const [index, setIndex] = useState(0);
  const [offset, setOffset] = useState(0);
  const [save, setSave] = useState<SaveState>('idle');
  const [submitStatus, setSubmitStatus] = useState<CallStatus>('idle');
  const [aiExplanationStatus, setAiExplanationStatus] = useState<QuestionCall>(freeCall);
  const [aiFeedbackStatus, setAiFeedbackStatus] = useState<QuestionCall>(freeCall);
  const finishing = useRef(false);
  // Answers still being written to the device: a mark asked for at once must wait for them, or the server has none.
  const saving = useRef<Promise<unknown>>(Promise.resolve());

  const load = useCallback(async () => {
    setFailed(false);
    try {
      const [fresh, pending] = await Promise.all([quizCalls.get(submissionId), answerQueue.pending(submissionId)]);
      setOffset(clockOffset(fresh.serverNow));
      setDoc(withPending(fresh, pending));
      const firstOpen = fresh.questions.findIndex((q) => q.status === 'UNANSWERED');
      setIndex(firstOpen === -1 ? 0 : firstOpen);
      if (pending.length) void flush();
    } catch {
      setFailed(true);
    }
  }, [submissionId]);

  useEffect(() => {
    void load();
  }, [load]);

  useEffect(() => {
    if (doc) keepAttemptOnDevice(doc);
  }, [doc]);

  async function flush() {
    setSave('saving');
    const waiting = await answerQueue.flush();
    setSave(waiting ? 'device' : 'saved');
    return waiting;
  }

  useEffect(() => {
    const online = () => void flush();
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  });

  // The browser can say it is online before requests get through again (a captive portal, a waking radio): while
  // answers wait on the device and the browser thinks it is online, they are tried again now and then.
  useEffect(() => {
    if (save !== 'device') return;
    const retry = setInterval(() => navigator.onLine && void flush(), RETRY_SENDING_MS);
    return () => clearInterval(retry);
  }, [save]);

  const question = doc?.questions[index];
  const inProgress = doc?.status === 'IN_PROGRESS';

  // The question whose timer runs. Finishing ends it first: once the attempt is finished the server refuses (409)
  // every change to it, so the end sent when the finished attempt leaves the screen would only fail.
  const timed = useRef<{ submissionId: string; questionId: string } | null>(null);
  useEffect(() => {
    if (!question || !inProgress) return;
    const ref = { submissionId, questionId: question.questionId };
    timed.current = ref;
    quizCalls.timer('start', ref).catch(() => undefined);
    return () => {
      if (timed.current !== ref) return;
      timed.current = null;
      void quizCalls.timer('end', ref).catch(() => undefined);
    };
  }, [question?.questionId, inProgress, submissionId]);

  const replaceQuestion = (next: SubmissionQuestion) =>
    setDoc((d) => (d ? { ...d, questions: d.questions.map((q) => (q.questionId === next.questionId ? { ...q, ...next } : q)) } : d));

  // The latest attempt, for work that finishes after a render has gone by (a mark waiting on a save).
  const current = useRef(doc);
  current.current = doc;

  const answer = useCallback(
    (change: { optionId?: string; answer?: string }) => {
      if (!doc || !question || doc.status !== 'IN_PROGRESS') return Promise.resolve();
      const { questionId } = question;
      const answeredAt = Date.now();
      // Only the fields this answer changes: a save must never lay an older copy of the question (without its mark)
      // over a newer one. A mark stands while the text it marked stands, as on the server.
      setDoc((d) =>
        d
          ? {
              ...d,
              questions: d.questions.map((q) =>
                q.questionId !== questionId
                  ? q
                  : {
                      ...q,
                      ...change,
                      answeredAt,
                      status: q.status === 'SKIPPED' ? 'SKIPPED' : 'ANSWERED',
                      ...(change.answer !== undefined && change.answer !== q.answer ? { score: null, reasons: [], markSource: null } : {}),
                    },
              ),
            }
          : d,
      );
      setSave('saving');
      const sent = answerQueue.add({ submissionId, questionId, ...change, answeredAt }).then((waiting) => setSave(waiting ? 'device' : 'saved'));
      saving.current = Promise.all([saving.current, sent]).catch(() => undefined);
      return sent;
    },
    [doc, question, submissionId],
  );

  const go = useCallback((to: number) => doc && setIndex(Math.max(0, Math.min(doc.questions.length - 1, to))), [doc]);

  const finish = useCallback(async () => {
    if (!doc || finishing.current) return;
    finishing.current = true;
    setSubmitStatus('loading');
    try {
      await flush();
      const open = timed.current;
      timed.current = null;
      if (open) await quizCalls.timer('end', open).catch(() => undefined);
      const { message, submission } = await quizCalls.finish(submissionId);
      setDoc(submission);
      toast.success(message);
      window.scrollTo({ top: 0 });
      setSubmitStatus('idle');
    } catch (e) {
      toast.error(e);
      setSubmitStatus('rejected');
    } finally {
      finishing.current = false;
    }
  }, [doc, submissionId, toast]);

  async function help(kind: 'hint' | 'reveal') {
    if (!question) return;
    const { questionId } = question;
    setAiExplanationStatus({ status: 'loading', questionId });
    try {
      const res = await (kind === 'hint' ? quizCalls.hint : quizCalls.reveal)({ submissionId, questionId });
      replaceQuestion(res.question);
      toast.success(res.message);
      setAiExplanationStatus(freeCall);
    } catch (e) {
      toast.error(e);
      setAiExplanationStatus({ status: 'rejected', questionId });
    }
  }

  /**
   * The typed answer is saved first, so the mark is always for what is on screen; a save already on its way (the
   * text box losing focus to this click) is waited for, not repeated. The mark on screen stays until the new one comes.
   */
  async function grade(draft: string) {
    if (!question) return;
    const { questionId } = question;
    setAiFeedbackStatus({ status: 'loading', questionId });
    try {
      const saved = current.current?.questions.find((q) => q.questionId === questionId)?.answer ?? '';
      if (draft !== saved) await answer({ answer: draft });
      await saving.current;
      if (await flush()) throw new Error('Your answer is saved on this device but could not be sent yet. Try again when you are back online.');
      replaceQuestion(await quizCalls.grade({ submissionId, questionId }));
      setAiFeedbackStatus(freeCall);
    } catch (e) {
      toast.error(e);
      setAiFeedbackStatus({ status: 'rejected', questionId });
    }
  }

  async function setCountdown(minutes: number | null) {
    try {
      const next = await quizCalls.countdown(submissionId, minutes !== null, minutes === null ? undefined : minutes * 60);
      setOffset(clockOffset(next.serverNow));
      const { isTimerEnabled, timerStart, timerEnd, countdownSeconds } = next;
      setDoc((d) => (d ? { ...d, isTimerEnabled, timerStart, timerEnd, countdownSeconds } : d));
    } catch (e) {
      toast.error(e);
    }
  }

  const statuses: PlayerStatuses = { submitStatus, aiExplanationStatus, aiFeedbackStatus };
  return { doc, failed, load, index, offset, save, statuses, question, inProgress, answer, go, finish, help, grade, setCountdown };
}
