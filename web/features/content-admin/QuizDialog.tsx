import clsx from 'clsx';
import { type FormEvent, useEffect, useState } from 'react';
import type { QuestionDoc } from '../../../schema/contracts/content';
import { type QuizDoc, quizToasts } from '../../../schema/contracts/quiz';
import { focusRing } from '../../ui/classes';
import { Dialog } from '../../ui/Dialog';
import { DialogActions } from '../../ui/DialogActions';
import MathText from '../../ui/math/MathText';
import Spinner from '../../ui/Spinner';
import TextField from '../../ui/TextField';
import { useToast } from '../../ui/toast/use-toast';
import { useFormSave } from '../../ui/use-form-save';
import { contentAdminCalls } from './api';
import { createInputOf, editInputOf, emptyQuizForm, type QuizForm, quizFormOf, toggled } from './quiz-form';

/** A quiz holds at most 100 questions, which is also how many approved questions the picker loads. */
const PICKER_LIMIT = 100;

type Props = { topicId: string; subTopicId?: string; quiz: QuizDoc | null; onClose: () => void; onSaved: (doc: QuizDoc) => void };

/** New quiz from the approved questions of a sub topic (or of a whole topic), or a quiz's title and time limit. */
export default function QuizDialog({ topicId, subTopicId, quiz, onClose, onSaved }: Props) {
  const toast = useToast();
  const [form, setForm] = useState<QuizForm>(quiz ? quizFormOf(quiz) : emptyQuizForm());
  const { busy, errors, setErrors, save } = useFormSave(({ timeLimitSeconds, ...rest }) => (timeLimitSeconds ? { ...rest, minutes: timeLimitSeconds } : rest));
  const patch = (changes: Partial<QuizForm>) => setForm((f) => ({ ...f, ...changes }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = quiz ? editInputOf(form, quiz.isPublished) : createInputOf(form, { topicId, subTopicId });
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    await save(async () => {
      const answer = await contentAdminCalls.saveQuiz(quiz?._id, checked.input);
      toast.success(quiz ? quizToasts.updated : quizToasts.created);
      onSaved(answer.quiz);
    });
  };

  return (
    <Dialog open wide onClose={onClose} title={quiz ? 'Edit quiz' : 'New quiz'}>
      <form onSubmit={(e) => void submit(e)} noValidate className="space-y-5">
        <TextField id="quiz-title" label="Title" required value={form.title} onChange={(e) => patch({ title: e.target.value })} error={errors.title} />
        <div className="grid gap-4 sm:grid-cols-2">
          {!quiz && (
            <TextField
              id="quiz-paper"
              label="Paper (optional)"
              placeholder="Paper 2"
              value={form.paper}
              onChange={(e) => patch({ paper: e.target.value })}
              error={errors.paper}
            />
          )}
          {!quiz && (
            <TextField
              id="quiz-level"
              label="Level (optional; blank: from the curriculum)"
              placeholder="Extended"
              value={form.subjectLevel}
              onChange={(e) => patch({ subjectLevel: e.target.value })}
              error={errors.subjectLevel}
            />
          )}
          <TextField
            id="quiz-minutes"
            label="Time limit in minutes (blank: untimed)"
            inputMode="numeric"
            value={form.minutes}
            onChange={(e) => patch({ minutes: e.target.value })}
            error={errors.minutes}
          />
        </div>
        {quiz ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">
            {quiz.questionIds.length} questions. They stay as they are, so past attempts keep meaning the same; make a new quiz for a different set.
          </p>
        ) : (
          <QuestionPicker
            topicId={topicId}
            subTopicId={subTopicId}
            chosen={form.questionIds}
            onChange={(questionIds) => patch({ questionIds })}
            error={errors.questionIds}
          />
        )}
        <DialogActions onCancel={onClose} busy={busy}>
          {quiz ? 'Save' : 'Create quiz'}
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** The sub topic's approved questions, or for a topic-wide quiz those of every sub topic of the topic. */
async function approvedQuestions(topicId: string, subTopicId: string | undefined, signal: AbortSignal) {
  const subTopicIds = subTopicId
    ? [subTopicId]
    : (await contentAdminCalls.subTopics(topicId, { limit: PICKER_LIMIT, offset: 0 }, signal)).docs.map((s) => s._id);
  if (subTopicIds.length === 0) return [];
  const page = await contentAdminCalls.questions({ subTopicIds: subTopicIds.join(','), isApproved: 'true', limit: PICKER_LIMIT, offset: 0 }, signal);
  return page.docs;
}

function QuestionPicker({
  topicId,
  subTopicId,
  chosen,
  onChange,
  error,
}: {
  topicId: string;
  subTopicId?: string;
  chosen: string[];
  onChange: (ids: string[]) => void;
  error?: string;
}) {
  const [state, setState] = useState<{ status: 'loading' } | { status: 'error' } | { status: 'ready'; docs: QuestionDoc[] }>({ status: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    approvedQuestions(topicId, subTopicId, controller.signal)
      .then((docs) => setState({ status: 'ready', docs }))
      .catch(() => {
        if (!controller.signal.aborted) setState({ status: 'error' });
      });
    return () => controller.abort();
  }, [topicId, subTopicId]);
  const docs = state.status === 'ready' ? state.docs : [];
  const allChosen = docs.length > 0 && docs.every((d) => chosen.includes(d._id));
  return (
    <fieldset aria-describedby={error ? 'quiz-questions-error' : undefined}>
      <legend className="text-sm font-medium text-slate-700 dark:text-slate-200">
        Approved questions <span className="font-normal text-slate-500">({chosen.length} chosen)</span>
      </legend>
      {docs.length > 0 && (
        <button
          type="button"
          className={`mt-1 rounded text-sm font-medium text-brand-deep hover:underline dark:text-brand ${focusRing}`}
          onClick={() => onChange(allChosen ? [] : docs.map((d) => d._id))}
        >
          {allChosen ? 'Clear all' : 'Choose all'}
        </button>
      )}
      {error && (
        <p id="quiz-questions-error" className="mt-1.5 text-sm text-rose-600 dark:text-rose-400">
          {error}
        </p>
      )}
      {state.status === 'loading' && (
        <div role="status" className="mt-4 flex justify-center text-brand-deep">
          <Spinner className="size-5" />
          <span className="sr-only">Loading questions</span>
        </div>
      )}
      {state.status === 'error' && <p className="mt-3 text-sm text-rose-600">The questions could not be loaded. Close and try again.</p>}
      {state.status === 'ready' && docs.length === 0 && (
        <p className="mt-3 rounded-xl bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-500/10 dark:text-amber-200">
          No approved questions yet. Approve questions in the question bank first: only approved questions go into quizzes.
        </p>
      )}
      {docs.length > 0 && (
        <ul className="mt-2 max-h-80 space-y-1.5 overflow-y-auto rounded-xl p-1 ring-1 ring-slate-200 dark:ring-slate-800">
          {docs.map((q) => {
            const on = chosen.includes(q._id);
            return (
              <li key={q._id}>
                <label
                  className={clsx(
                    'flex cursor-pointer items-start gap-3 rounded-lg p-2 text-sm',
                    on ? 'bg-brand/10' : 'hover:bg-slate-50 dark:hover:bg-slate-800/60',
                  )}
                >
                  <input type="checkbox" className="mt-0.5 size-4 accent-brand" checked={on} onChange={() => onChange(toggled(chosen, q._id))} />
                  <span className="min-w-0 flex-1 text-slate-800 dark:text-slate-100">
                    <MathText text={q.text} />
                    <span className="mt-0.5 block text-xs text-slate-500 dark:text-slate-400">
                      {q.kind === 'MCQ' ? 'Multiple choice' : `Open · ${q.maxMarks} marks`} · {q.difficulty} · Level {q.level}
                    </span>
                  </span>
                </label>
              </li>
            );
          })}
        </ul>
      )}
    </fieldset>
  );
}
