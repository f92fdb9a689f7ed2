import { type FormEvent, useId, useState } from 'react';
import { type EssayAnswerDoc, type EssayResponseDoc, essayOverrideInput } from '../../../schema/contracts/essays';
import { DialogActions } from '../../ui/DialogActions';
import { TextAreaField } from '../../ui/fields';
import TextField from '../../ui/TextField';
import { useToast } from '../../ui/toast/use-toast';
import { useFormSave } from '../../ui/use-form-save';
import { essayMarkingCalls } from './api';

type Props = { responseId: string; answer: EssayAnswerDoc; onSaved: (doc: EssayResponseDoc) => void; onCancel: () => void };

/** A new mark for one part, with the reason the learner is shown beside it. */
export default function EssayOverrideForm({ responseId, answer, onSaved, onCancel }: Props) {
  const id = useId();
  const toast = useToast();
  const [marks, setMarks] = useState(String(answer.givenMarks));
  const [reason, setReason] = useState('');
  const { busy, errors, setErrors, save } = useFormSave((fields) => ({ marks: fields.givenMarks ?? '', reason: fields.reason ?? '' }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const givenMarks = marks.trim() === '' ? Number.NaN : Number(marks);
    const problems: Record<string, string> = {};
    if (!Number.isFinite(givenMarks) || givenMarks < 0 || givenMarks > answer.maxMarks) problems.marks = `Enter a mark from 0 to ${answer.maxMarks}.`;
    const parsed = essayOverrideInput.safeParse({ responseId, subQuestionId: answer.subQuestionId, givenMarks, reason });
    if (!parsed.success && parsed.error.issues.some((i) => i.path[0] === 'reason')) {
      problems.reason = reason.trim()
        ? 'Write a few more words: the learner reads this reason.'
        : 'Say why you changed the mark: the learner reads this reason.';
    }
    if (Object.keys(problems).length || !parsed.success) return setErrors(problems);
    setErrors({});
    await save(async () => {
      const saved = await essayMarkingCalls.override(parsed.data);
      toast.success('Mark updated');
      onSaved(saved);
    });
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="mt-3 space-y-3 rounded-xl bg-slate-50 p-3 dark:bg-slate-800/60" aria-label="Change the mark">
      <TextField
        id={`${id}-marks`}
        label={`New mark (out of ${answer.maxMarks})`}
        type="number"
        inputMode="decimal"
        min={0}
        max={answer.maxMarks}
        step="any"
        required
        className="max-w-48"
        value={marks}
        onChange={(e) => setMarks(e.target.value)}
        error={errors.marks || undefined}
      />
      <TextAreaField
        id={`${id}-reason`}
        label="Reason (the learner sees this)"
        rows={3}
        required
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        error={errors.reason || undefined}
      />
      <DialogActions onCancel={onCancel} busy={busy}>
        Save mark
      </DialogActions>
    </form>
  );
}
