import clsx from 'clsx';
import { commitKeys, type Drafts, field } from './panel-fields';

/** A group of number fields written together (the axes, a slider's limits), with the one sentence saying what is wrong. */
export interface DraftForm<K extends string> {
  drafts: Drafts<K>;
  setDrafts: (drafts: Drafts<K>) => void;
  error: string | null;
  setError: (error: string | null) => void;
  errorId: string;
  /** Writes the drafts; Enter calls it even with none, leaving a field only when something was typed. */
  commit: () => void;
  readOnly: boolean;
}

/** One number of such a group: what is typed stays a draft until Enter or leaving the field; Escape drops it. */
export function DraftNumberField<K extends string>({
  form,
  name,
  label,
  value,
  ariaLabel,
  className,
}: {
  form: DraftForm<K>;
  name: K;
  label: string;
  value: number;
  ariaLabel?: string;
  className?: string;
}) {
  const { drafts, setDrafts, error, setError, errorId, commit, readOnly } = form;
  return (
    <label className={clsx('flex flex-col gap-0.5', className)}>
      {label}
      <input
        type="number"
        step="any"
        className={clsx(field, 'w-full')}
        aria-label={ariaLabel}
        value={drafts[name] ?? String(value)}
        disabled={readOnly}
        aria-invalid={error !== null}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => {
          setDrafts({ ...drafts, [name]: event.target.value });
          setError(null);
        }}
        onBlur={() => Object.keys(drafts).length > 0 && commit()}
        onKeyDown={commitKeys(commit, () => setDrafts({}))}
      />
    </label>
  );
}
