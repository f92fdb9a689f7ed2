import { type FormEvent, useId, useState } from 'react';
import type { SubmissionQuestion } from '../../../schema/contracts/quiz';
import { DialogActions } from '../../ui/DialogActions';
import { TextAreaField } from '../../ui/fields';
import TextField from '../../ui/TextField';
import { useToast } from '../../ui/toast/use-toast';
import { useFormSave } from '../../ui/use-form-save';
import { reviewCalls } from './api';
import { type OverrideForm, overrideInputOf } from './override-form';

export const OVERRIDE_TOAST = 'Mark updated';

type Props = { submissionId: string; question: SubmissionQuestion; onSaved: (question: SubmissionQuestion) => void; onCancel: () => void };

/** A new mark for one answer; the reason is required because the student is shown it with the mark. */
export default function OverrideMarkForm({ submissionId, question, onSaved, onCancel }: Props) {
  const toast = useToast();
  const id = useId();
  const [form, setForm] = useState<OverrideForm>({ score: String(question.score ?? 0), reason: '' });
  const { busy, errors, setErrors, save } = useFormSave();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = overrideInputOf(form, { submissionId, questionId: question.questionId, maxMarks: question.maxMarks });
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    await save(async () => {
      const saved = await reviewCalls.overrideMark(checked.input);
      toast.success(OVERRIDE_TOAST);
      onSaved(saved);
    });
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="mt-4 space-y-4 rounded-xl bg-slate-50 p-4 dark:bg-slate-800/60" aria-label="Override the mark">
      <TextField
        id={`${id}-score`}
        label={`New mark (out of ${question.maxMarks})`}
        type="number"
        inputMode="decimal"
        min={0}
        max={question.maxMarks}
        step="any"
        required
        className="max-w-48"
        value={form.score}
        onChange={(e) => setForm((f) => ({ ...f, score: e.target.value }))}
        error={errors.score}
      />
      <TextAreaField
        id={`${id}-reason`}
        label="Reason (the student sees this)"
        rows={3}
        required
        value={form.reason}
        onChange={(e) => setForm((f) => ({ ...f, reason: e.target.value }))}
        error={errors.reason}
      />
      <DialogActions onCancel={onCancel} busy={busy}>
        Save mark
      </DialogActions>
    </form>
  );
}
