import { ArrowDown, ArrowUp, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { DiagnosticQuestionChoice } from '../../../schema/contracts/diagnostics';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { iconButton, smallButton } from '../../ui/classes';
import { InlineLoadFailure } from '../../ui/InlineLoadFailure';
import MathText from '../../ui/math/MathText';
import { SearchField } from '../../ui/SearchField';
import Spinner from '../../ui/Spinner';
import { diagnosticTestCalls } from './api';

type Place = { curriculum: string; subject: string; grade: string };

interface Props {
  place: Place;
  chosen: DiagnosticQuestionChoice[];
  onChange: (chosen: DiagnosticQuestionChoice[]) => void;
  error?: string;
}

/** The test's questions in the order learners meet them, and the subject's approved questions to add from. */
export default function QuestionPicker({ place, chosen, onChange, error }: Props) {
  const [search, setSearch] = useState('');
  const searchText = useDebouncedValue(search.trim());
  const [attempt, setAttempt] = useState(0);
  const [choices, setChoices] = useState<DiagnosticQuestionChoice[] | 'loading' | 'error'>('loading');
  const ready = Boolean(place.curriculum && place.subject && place.grade);

  useEffect(() => {
    if (!ready) return;
    const controller = new AbortController();
    setChoices('loading');
    diagnosticTestCalls.questions({ ...place, ...(searchText ? { searchText } : {}) }, controller.signal).then(setChoices, () => {
      if (!controller.signal.aborted) setChoices('error');
    });
    return () => controller.abort();
  }, [place.curriculum, place.subject, place.grade, searchText, ready, attempt]);

  const move = (index: number, by: number) => {
    const next = [...chosen];
    const [item] = next.splice(index, 1);
    next.splice(index + by, 0, item!);
    onChange(next);
  };

  return (
    <fieldset className="space-y-3" aria-describedby={error ? 'test-questions-error' : undefined}>
      <legend className="text-sm font-medium text-slate-700 dark:text-slate-200">Questions ({chosen.length})</legend>
      {error && (
        <p id="test-questions-error" className="text-sm text-rose-700 dark:text-rose-300">
          {error}
        </p>
      )}
      {chosen.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">No questions yet. Add them from the subject’s question bank below.</p>
      ) : (
        <ol className="space-y-2" aria-label="Questions on the test">
          {chosen.map((q, i) => (
            <li key={q._id} className="flex items-start gap-2 rounded-xl p-2 ring-1 ring-slate-200 dark:ring-slate-800">
              <span className="w-6 shrink-0 pt-1 text-sm text-slate-500">{i + 1}.</span>
              <div className="min-w-0 flex-1">
                <MathText as="p" text={q.text} className="text-sm break-words text-slate-800 dark:text-slate-100" />
                <p className="text-xs text-slate-500 dark:text-slate-400">
                  {q.topicName} · {q.subTopicName}
                </p>
              </div>
              <div className="flex shrink-0 gap-1">
                <button
                  type="button"
                  className={`${iconButton} size-8 disabled:opacity-40`}
                  aria-label={`Move question ${i + 1} up`}
                  disabled={i === 0}
                  onClick={() => move(i, -1)}
                >
                  <ArrowUp className="size-4" aria-hidden="true" />
                </button>
                <button
                  type="button"
                  className={`${iconButton} size-8 disabled:opacity-40`}
                  aria-label={`Move question ${i + 1} down`}
                  disabled={i === chosen.length - 1}
                  onClick={() => move(i, 1)}
                >
                  <ArrowDown className="size-4" aria-hidden="true" />
                </button>
                <button
                  type="button"
                  className={`${iconButton} size-8 disabled:opacity-40`}
                  aria-label={`Remove question ${i + 1}`}
                  onClick={() => onChange(chosen.filter((c) => c._id !== q._id))}
                >
                  <X className="size-4" aria-hidden="true" />
                </button>
              </div>
            </li>
          ))}
        </ol>
      )}
      <div className="rounded-xl bg-slate-50 p-3 dark:bg-slate-800/60">
        <p className="text-sm font-medium text-slate-700 dark:text-slate-200">Add from the question bank</p>
        {!ready ? (
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">Choose the curriculum, subject and grade first.</p>
        ) : (
          <>
            <SearchField id="test-question-search" value={search} onChange={setSearch} placeholder="Words in the question" className="mt-2" />
            {choices === 'loading' && (
              <p role="status" className="mt-2 flex items-center gap-2 text-sm text-slate-600 dark:text-slate-400">
                <Spinner className="size-4" /> Loading the subject’s questions…
              </p>
            )}
            {choices === 'error' && <InlineLoadFailure what="The subject’s questions" onRetry={() => setAttempt((n) => n + 1)} />}
            {Array.isArray(choices) && choices.length === 0 && (
              <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
                {searchText ? 'No approved question matches those words.' : 'This subject and grade have no approved questions yet.'}
              </p>
            )}
            {Array.isArray(choices) && choices.length > 0 && (
              <ul className="mt-2 max-h-64 space-y-1 overflow-y-auto" aria-label="Questions in the bank">
                {choices.map((q) => {
                  const added = chosen.some((c) => c._id === q._id);
                  return (
                    <li key={q._id} className="flex items-start justify-between gap-2 py-1">
                      <div className="min-w-0">
                        <MathText as="p" text={q.text} className="text-sm break-words text-slate-800 dark:text-slate-100" />
                        <p className="text-xs text-slate-500 dark:text-slate-400">
                          {q.topicName} · {q.difficulty.toLowerCase()}
                        </p>
                      </div>
                      <button
                        type="button"
                        className={`${smallButton} shrink-0`}
                        disabled={added}
                        onClick={() => onChange([...chosen, q])}
                        aria-label={added ? `Already on the test: ${q.text}` : `Add: ${q.text}`}
                      >
                        {added ? 'Added' : 'Add'}
                      </button>
                    </li>
                  );
                })}
              </ul>
            )}
          </>
        )}
      </div>
    </fieldset>
  );
}
