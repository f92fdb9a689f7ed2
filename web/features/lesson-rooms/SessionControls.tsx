import clsx from 'clsx';
import { MessageCircleQuestion, Plus } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { SessionQuestionView } from '../../../schema/contracts/lesson-sessions';
import { focusRing } from '../../ui/classes';

/** The session's question(s) for the page on the board; the tutor can add one to the page. */
export function QuestionBar({ questions, canAdd, onAdd }: { questions: SessionQuestionView[]; canAdd: boolean; onAdd: (text: string) => Promise<boolean> }) {
  const [draft, setDraft] = useState<string | null>(null);
  if (questions.length === 0 && !canAdd) return null;
  return (
    <div className="mb-2 flex flex-wrap items-center gap-2 text-sm">
      {questions.map((q) => (
        <p key={q._id} className="flex items-center gap-2 rounded-xl bg-brand/10 px-3 py-1.5 text-slate-800 dark:text-slate-100" data-testid="page-question">
          <span className="font-bold">Q{q.number}</span>
          {q.text}
        </p>
      ))}
      {canAdd && draft === null && (
        <button
          type="button"
          onClick={() => setDraft('')}
          className={clsx(
            'inline-flex items-center gap-1 rounded-full px-2.5 py-1 text-xs font-medium text-slate-600 ring-1 ring-slate-300 hover:bg-slate-100 dark:text-slate-300 dark:ring-slate-600 dark:hover:bg-slate-800',
            focusRing,
          )}
        >
          <Plus className="size-3.5" aria-hidden /> Question for this page
        </button>
      )}
      {draft !== null && (
        <form
          className="flex flex-1 items-center gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            if (draft.trim()) void onAdd(draft.trim()).then((ok) => ok && setDraft(null));
          }}
        >
          <MessageCircleQuestion className="size-4 shrink-0 text-slate-500" aria-hidden />
          <label htmlFor="page-question" className="sr-only">
            Question for this page
          </label>
          <input
            id="page-question"
            autoFocus
            maxLength={2000}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={(event) => event.key === 'Escape' && setDraft(null)}
            placeholder="e.g. Solve 2x + 3 = 11"
            className="min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-2 py-1 text-sm dark:border-slate-600 dark:bg-slate-950"
          />
          <button type="submit" className="rounded-full bg-brand px-3 py-1 text-xs font-semibold text-brand-ink">
            Add
          </button>
        </form>
      )}
    </div>
  );
}

/** Ending a lesson is for everyone at once, so it asks once more before it happens. */
export function EndLessonButton({ onEnd }: { onEnd: () => Promise<void> }) {
  const [confirming, setConfirming] = useState(false);
  useEffect(() => {
    if (!confirming) return;
    const timer = setTimeout(() => setConfirming(false), 6000);
    return () => clearTimeout(timer);
  }, [confirming]);
  const base = clsx('rounded-full px-3 py-1 text-xs font-semibold whitespace-nowrap', focusRing);
  return confirming ? (
    <span className="ml-auto flex flex-wrap items-center justify-end gap-1">
      <button type="button" className={clsx(base, 'bg-red-600 text-white hover:bg-red-700')} onClick={() => void onEnd()}>
        End for everyone
      </button>
      <button
        type="button"
        className={clsx(base, 'text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800')}
        onClick={() => setConfirming(false)}
      >
        Keep going
      </button>
    </span>
  ) : (
    <button
      type="button"
      className={clsx(base, 'text-red-700 ring-1 ring-red-300 hover:bg-red-50 dark:text-red-300 dark:ring-red-800 dark:hover:bg-red-950')}
      onClick={() => setConfirming(true)}
    >
      End lesson
    </button>
  );
}
