import { type FormEvent, useId, useState } from 'react';
import { type HandIn, MAX_FEEDBACK_TEXT, markInput } from '../../../schema/contracts/homework';
import { errorMessageText } from '../../lib/errors';
import { type FieldErrors, fieldErrorsOf, zodFieldErrors } from '../../lib/form-errors';
import { fieldClass } from '../../ui/classes';
import { DialogActions } from '../../ui/DialogActions';
import { errorAria, Field, TextAreaField } from '../../ui/fields';

export interface MarkFormProps {
  handIn: HandIn;
  send: (input: { mark: number; outOf: number; feedback: string }) => Promise<HandIn>;
  onDone: (saved: HandIn) => void;
  onCancel: () => void;
}

const numberOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

/** The tutor's mark for a hand-in: the mark, what it is out of, and feedback the student and parents read. */
export default function MarkForm({ handIn, send, onDone, onCancel }: MarkFormProps) {
  const id = useId();
  const [mark, setMark] = useState(handIn.mark === null ? '' : String(handIn.mark));
  const [outOf, setOutOf] = useState(String(handIn.outOf ?? 10));
  const [feedback, setFeedback] = useState(handIn.feedback ?? '');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [general, setGeneral] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = markInput.safeParse({ mark: numberOf(mark), outOf: numberOf(outOf), feedback });
    setGeneral(null);
    if (!parsed.success) return setErrors(zodFieldErrors(parsed.error));
    setErrors({});
    setBusy(true);
    try {
      onDone(await send(parsed.data));
    } catch (error) {
      const fields = fieldErrorsOf(error);
      setErrors(fields);
      if (!Object.keys(fields).length) setGeneral(errorMessageText(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="space-y-4" aria-label={`Mark ${handIn.student.firstname}’s hand-in`}>
      <div className="grid grid-cols-2 gap-3">
        <Field id={`${id}-mark`} label="Mark" error={errors.mark}>
          <input
            id={`${id}-mark`}
            inputMode="numeric"
            className={fieldClass(errors.mark)}
            value={mark}
            onChange={(e) => {
              setMark(e.target.value);
              setErrors(({ mark: _, ...rest }) => rest);
            }}
            {...errorAria(`${id}-mark`, errors.mark)}
          />
        </Field>
        <Field id={`${id}-out-of`} label="Out of" error={errors.outOf}>
          <input
            id={`${id}-out-of`}
            inputMode="numeric"
            className={fieldClass(errors.outOf)}
            value={outOf}
            onChange={(e) => {
              setOutOf(e.target.value);
              setErrors(({ outOf: _, mark: __, ...rest }) => rest);
            }}
            {...errorAria(`${id}-out-of`, errors.outOf)}
          />
        </Field>
      </div>
      <TextAreaField
        id={`${id}-feedback`}
        label="Feedback"
        rows={5}
        maxLength={MAX_FEEDBACK_TEXT}
        value={feedback}
        onChange={(e) => setFeedback(e.target.value)}
        error={errors.feedback}
      />
      <p className="text-xs text-slate-500 dark:text-slate-400">{handIn.student.firstname} and their parents are told of the mark and read your feedback.</p>
      {general && (
        <p role="alert" className="text-sm text-rose-700 dark:text-rose-400">
          {general}
        </p>
      )}
      <DialogActions onCancel={onCancel} busy={busy}>
        Save mark
      </DialogActions>
    </form>
  );
}
