import clsx from 'clsx';
import { Star } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { FEEDBACK_COMMENT_MAX, type FeedbackReward, MAX_REWARDS, tutorFeedbackFields } from '../../../schema/contracts/lesson-feedbacks';
import { errorMessageText } from '../../lib/errors';
import { type FieldErrors, fieldErrorsOf, zodFieldErrors } from '../../lib/form-errors';
import { DialogActions } from '../../ui/DialogActions';
import { errorSentence, TextAreaField } from '../../ui/fields';
import type { FeedbackDraft } from './api';

export interface FeedbackFormProps {
  /** Rewards to choose from: a tutor's feedback only. */
  rewards: FeedbackReward[] | null;
  initial: FeedbackDraft | null;
  commentLabel: string;
  send: (draft: FeedbackDraft) => Promise<unknown>;
  onDone: () => void;
  onCancel: () => void;
}

/** Stars (1 to 5), for a tutor up to three rewards, and a comment. */
export default function FeedbackForm({ rewards, initial, commentLabel, send, onDone, onCancel }: FeedbackFormProps) {
  const id = useId();
  const [stars, setStars] = useState(initial?.stars ?? 0);
  const [chosen, setChosen] = useState<string[]>(initial?.rewards ?? []);
  const [comment, setComment] = useState(initial?.comment ?? '');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [general, setGeneral] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  function toggle(key: string) {
    setChosen((current) => (current.includes(key) ? current.filter((k) => k !== key) : [...current, key]));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setGeneral(null);
    const parsed = tutorFeedbackFields.safeParse({ stars: stars || undefined, rewards: chosen, comment });
    if (!parsed.success) return setErrors(zodFieldErrors(parsed.error));
    setErrors({});
    setBusy(true);
    try {
      await send(parsed.data);
      onDone();
    } catch (error) {
      const fields = fieldErrorsOf(error);
      setErrors(fields);
      if (!Object.keys(fields).length) setGeneral(errorMessageText(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="space-y-5">
      <fieldset>
        <legend className="text-sm font-medium text-slate-700 dark:text-slate-200">Stars</legend>
        <div className="mt-1.5 flex gap-1" role="radiogroup" aria-label="Stars" aria-describedby={errors.stars ? `${id}-stars-error` : undefined}>
          {[1, 2, 3, 4, 5].map((n) => (
            <label key={n} className="cursor-pointer rounded-lg p-1 has-[input:focus-visible]:outline-2 has-[input:focus-visible]:outline-brand">
              <input
                type="radio"
                name={`${id}-stars`}
                value={n}
                checked={stars === n}
                onChange={() => setStars(n)}
                className="sr-only"
                aria-label={`${n} of 5 stars`}
              />
              <Star className={clsx('size-8', n <= stars ? 'fill-amber-400 text-amber-500' : 'text-slate-300 dark:text-slate-600')} aria-hidden="true" />
            </label>
          ))}
        </div>
        {errors.stars && (
          <p id={`${id}-stars-error`} className="mt-1.5 text-sm text-rose-600 dark:text-rose-400">
            {stars ? errorSentence('Stars', errors.stars) : 'Choose from 1 to 5 stars.'}
          </p>
        )}
      </fieldset>
      {rewards && (
        <fieldset>
          <legend className="text-sm font-medium text-slate-700 dark:text-slate-200">Rewards (up to {MAX_REWARDS})</legend>
          <div className="mt-2 flex flex-wrap gap-2">
            {rewards.map((reward) => (
              <label
                key={reward.key}
                title={reward.description}
                className={clsx(
                  'inline-flex cursor-pointer items-center gap-1.5 rounded-full px-3 py-1.5 text-sm ring-1 ring-inset has-[input:focus-visible]:outline-2 has-[input:focus-visible]:outline-brand',
                  chosen.includes(reward.key)
                    ? 'bg-brand/15 font-semibold text-slate-900 ring-brand dark:text-white'
                    : 'text-slate-700 ring-slate-300 dark:text-slate-200 dark:ring-slate-700',
                )}
              >
                <input type="checkbox" className="sr-only" checked={chosen.includes(reward.key)} onChange={() => toggle(reward.key)} />
                <span aria-hidden="true">{reward.emoji}</span> {reward.label}
              </label>
            ))}
          </div>
          {errors.rewards && <p className="mt-1.5 text-sm text-rose-600 dark:text-rose-400">{errorSentence('Rewards', errors.rewards)}</p>}
        </fieldset>
      )}
      <TextAreaField
        id={`${id}-comment`}
        label={commentLabel}
        rows={4}
        maxLength={FEEDBACK_COMMENT_MAX}
        value={comment}
        onChange={(e) => setComment(e.target.value)}
        error={errors.comment}
      />
      {general && (
        <p role="alert" className="text-sm text-rose-700 dark:text-rose-400">
          {general}
        </p>
      )}
      <DialogActions onCancel={onCancel} busy={busy}>
        Save feedback
      </DialogActions>
    </form>
  );
}
