import { FileUp, X } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { HAND_IN_ACCEPT, HAND_IN_KINDS_WORDS, type HandIn, handInFileProblem, MAX_HAND_IN_FILES, MAX_HAND_IN_TEXT } from '../../../schema/contracts/homework';
import { errorMessageText } from '../../lib/errors';
import { fieldErrorsOf } from '../../lib/form-errors';
import { primaryButton, secondaryButton, smallButton } from '../../ui/classes';
import { TextAreaField } from '../../ui/fields';
import Spinner from '../../ui/Spinner';
import type { HandInDraft } from './api';
import { fileSizeText } from './file-size';

export interface HandInFormProps {
  homework: { title: string; dueAt: string | null };
  /** The hand-in being changed, or null for a first hand-in. */
  existing: HandIn | null;
  /** The due date as the course page writes times. */
  formatTime: (iso: string) => string;
  now: number;
  send: (draft: HandInDraft, onProgress: (share: number) => void) => Promise<HandIn>;
  onDone: (saved: HandIn) => void;
  onCancel: () => void;
}

const chosenError = (file: File) => {
  const problem = handInFileProblem(file);
  return problem ? `“${file.name}” ${problem}.` : null;
};

/** The server names a file by its place among the new files (`file.1`); the form shows it beside that file. */
function serverErrors(error: unknown) {
  const fields = fieldErrorsOf(error);
  const byFile: Record<number, string> = {};
  let general: string | null = null;
  for (const [path, message] of Object.entries(fields)) {
    const index = /^file\.(\d+)$/.exec(path);
    const sentence = `${message.replace(/\.$/, '')}.`;
    if (index) byFile[Number(index[1])] = sentence.startsWith('“') ? sentence : `This file ${sentence}`;
    else if (path === 'file') general = sentence.startsWith('“') ? sentence : `Files ${sentence}`;
    else if (path === 'text') general = `Your answer ${sentence}`;
  }
  return { byFile, general: general ?? (Object.keys(byFile).length ? null : errorMessageText(error)) };
}

/** The student's hand-in: files (with a sentence for each one refused) and text, sent with a progress bar. */
export default function HandInForm({ homework, existing, formatTime, now, send, onDone, onCancel }: HandInFormProps) {
  const id = useId();
  const [text, setText] = useState(existing?.text ?? '');
  const [keep, setKeep] = useState<string[]>(existing?.files.map((f) => f._id) ?? []);
  const [files, setFiles] = useState<File[]>([]);
  const [progress, setProgress] = useState<number | null>(null);
  const [general, setGeneral] = useState<string | null>(null);
  const [fileErrors, setFileErrors] = useState<Record<number, string>>({});
  const late = homework.dueAt !== null && Date.parse(homework.dueAt) < now;
  const count = keep.length + files.length;

  function add(list: FileList | null) {
    if (!list) return;
    setFiles((current) => [...current, ...Array.from(list)]);
    setFileErrors({});
    setGeneral(null);
  }

  function removeNew(index: number) {
    setFiles((current) => current.filter((_, i) => i !== index));
    setFileErrors({});
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const own = Object.fromEntries(files.flatMap((file, i) => (chosenError(file) ? [[i, chosenError(file)!]] : [])));
    setFileErrors(own);
    if (Object.keys(own).length) return setGeneral(null);
    if (count > MAX_HAND_IN_FILES) return setGeneral(`You can hand in at most ${MAX_HAND_IN_FILES} files: remove ${count - MAX_HAND_IN_FILES}.`);
    if (count === 0 && !text.trim()) return setGeneral('Add a file or write your answer before handing in.');
    setGeneral(null);
    setProgress(0);
    try {
      onDone(await send({ text, keep, files }, setProgress));
    } catch (error) {
      const shown = serverErrors(error);
      setFileErrors(shown.byFile);
      setGeneral(shown.general);
    } finally {
      setProgress(null);
    }
  }

  const busy = progress !== null;
  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="space-y-5" aria-label={`Hand in ${homework.title}`}>
      {homework.dueAt && (
        <p className="text-sm text-slate-700 dark:text-slate-300">
          Due <time dateTime={homework.dueAt}>{formatTime(homework.dueAt)}</time>.
          {late && <span className="font-medium text-amber-800 dark:text-amber-300"> The due date has passed, so this hand-in will show as late.</span>}
        </p>
      )}
      {existing && existing.files.length > 0 && (
        <fieldset>
          <legend className="text-sm font-medium text-slate-700 dark:text-slate-200">Files already handed in</legend>
          <ul className="mt-2 space-y-1.5">
            {existing.files.map((file) => (
              <li key={file._id}>
                <label className="flex items-center gap-2 text-sm text-slate-800 dark:text-slate-200">
                  <input
                    type="checkbox"
                    className="size-4 rounded accent-brand"
                    aria-label={`Keep ${file.name}`}
                    checked={keep.includes(file._id)}
                    onChange={(e) => setKeep((current) => (e.target.checked ? [...current, file._id] : current.filter((k) => k !== file._id)))}
                  />
                  <span className="min-w-0 truncate">Keep {file.name}</span>
                  <span className="shrink-0 text-slate-500 dark:text-slate-400">{fileSizeText(file.size)}</span>
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      )}
      <div>
        <label
          htmlFor={`${id}-files`}
          className={`${secondaryButton} w-full cursor-pointer sm:w-auto has-[input:focus-visible]:outline-2 has-[input:focus-visible]:outline-brand`}
        >
          <FileUp className="size-4" aria-hidden="true" /> Add files
          <input
            id={`${id}-files`}
            type="file"
            multiple
            accept={HAND_IN_ACCEPT}
            className="sr-only"
            disabled={busy}
            onChange={(e) => {
              add(e.target.files);
              e.target.value = '';
            }}
          />
        </label>
        <p className="mt-1.5 text-xs text-slate-500 dark:text-slate-400">
          {HAND_IN_KINDS_WORDS}; up to {MAX_HAND_IN_FILES} files of 10 MB each. On a phone you can take a photo of your work.
        </p>
        {files.length > 0 && (
          <ul className="mt-3 space-y-2" aria-label="Files to hand in">
            {files.map((file, index) => (
              <li key={`${file.name}-${index}`} className="rounded-xl bg-slate-50 px-3 py-2 dark:bg-slate-800/60">
                <div className="flex items-center gap-2">
                  <span className="min-w-0 flex-1 truncate text-sm text-slate-800 dark:text-slate-100">{file.name}</span>
                  <span className="shrink-0 text-xs text-slate-500 dark:text-slate-400">{fileSizeText(file.size)}</span>
                  <button type="button" className={`${smallButton} px-2`} onClick={() => removeNew(index)} disabled={busy} aria-label={`Remove ${file.name}`}>
                    <X className="size-4" aria-hidden="true" />
                  </button>
                </div>
                {fileErrors[index] && (
                  <p className="mt-1 text-sm text-rose-700 dark:text-rose-400" data-testid="file-error">
                    {fileErrors[index]}
                  </p>
                )}
              </li>
            ))}
          </ul>
        )}
      </div>
      <TextAreaField
        id={`${id}-text`}
        label="Your answer or a note for your tutor"
        rows={5}
        maxLength={MAX_HAND_IN_TEXT}
        value={text}
        onChange={(e) => setText(e.target.value)}
        disabled={busy}
      />
      {general && (
        <p role="alert" className="text-sm text-rose-700 dark:text-rose-400">
          {general}
        </p>
      )}
      {busy && (
        <div>
          <div
            role="progressbar"
            aria-label="Upload progress"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round(progress * 100)}
            className="h-2 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700"
          >
            <div className="h-full bg-brand transition-[width]" style={{ width: `${Math.round(progress * 100)}%` }} />
          </div>
          <p className="mt-1 text-xs text-slate-600 dark:text-slate-300">{progress < 1 ? `Uploading… ${Math.round(progress * 100)}%` : 'Saving…'}</p>
        </div>
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button type="button" className={secondaryButton} onClick={onCancel} disabled={busy}>
          Cancel
        </button>
        <button type="submit" className={primaryButton} disabled={busy}>
          {busy && <Spinner className="size-4" />}
          {existing ? 'Save changes' : 'Hand in'}
        </button>
      </div>
    </form>
  );
}
