import { type FormEvent, useId, useState } from 'react';
import { type CallbackRequestDoc, callbackAssignInput, callbackCloseInput, type Teammate } from '../../../schema/contracts/diagnostics';
import { sentencesOf, zodFieldErrors } from '../../lib/form-errors';
import { DialogActions } from '../../ui/DialogActions';
import { TextAreaField } from '../../ui/fields';
import SelectField from '../../ui/SelectField';
import { useToast } from '../../ui/toast/use-toast';
import { useFormSave } from '../../ui/use-form-save';
import { diagnosticCalls } from './api';

type Props = { request: CallbackRequestDoc; onSaved: (doc: CallbackRequestDoc) => void; onCancel: () => void };

const LABELS: Record<string, string> = { assignedTo: 'Teammate', note: 'Note' };
const labelOf = (path: string) => LABELS[path] ?? 'This field';

/** Hands a request to a teammate, or back to nobody, with an optional note for whoever calls. */
export function AssignCallbackForm({ request, teammates, onSaved, onCancel }: Props & { teammates: Teammate[] }) {
  const id = useId();
  const toast = useToast();
  const [assignedTo, setAssignedTo] = useState(request.assignedTo?._id ?? '');
  const [note, setNote] = useState(request.note);
  const { busy, errors, setErrors, save } = useFormSave((fields) => sentencesOf(fields, labelOf));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = callbackAssignInput.safeParse({ assignedTo: assignedTo || null, note });
    if (!parsed.success) return setErrors(sentencesOf(zodFieldErrors(parsed.error), labelOf));
    setErrors({});
    await save(async () => {
      const saved = await diagnosticCalls.assignCallback(request._id, parsed.data);
      toast.success(saved.assignedTo ? `Assigned to ${saved.assignedTo.name}.` : 'Nobody is assigned now.');
      onSaved(saved);
    });
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="space-y-4" aria-label={`Assign the call to ${request.name}`}>
      <SelectField
        id={`${id}-teammate`}
        label="Teammate"
        placeholder="Nobody yet"
        options={teammates.map((t) => ({ value: t._id, label: t.name }))}
        value={assignedTo}
        onChange={(e) => setAssignedTo(e.target.value)}
        error={errors.assignedTo}
      />
      <TextAreaField id={`${id}-note`} label="Note" rows={3} value={note} onChange={(e) => setNote(e.target.value)} error={errors.note} />
      <DialogActions onCancel={onCancel} busy={busy}>
        Save
      </DialogActions>
    </form>
  );
}

/** Closes a request after the call; the note says how it went, so it is required. */
export function CloseCallbackForm({ request, onSaved, onCancel }: Props) {
  const id = useId();
  const toast = useToast();
  const [note, setNote] = useState('');
  const { busy, errors, setErrors, save } = useFormSave((fields) => sentencesOf(fields, labelOf));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = callbackCloseInput.safeParse({ note });
    if (!parsed.success) return setErrors(sentencesOf(zodFieldErrors(parsed.error), labelOf));
    setErrors({});
    await save(async () => {
      const saved = await diagnosticCalls.closeCallback(request._id, parsed.data);
      toast.success(`The call to ${saved.name} is marked as done.`);
      onSaved(saved);
    });
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="space-y-4" aria-label={`Close the call to ${request.name}`}>
      <TextAreaField
        id={`${id}-note`}
        label="How did the call go?"
        rows={4}
        required
        value={note}
        onChange={(e) => setNote(e.target.value)}
        error={errors.note}
      />
      <DialogActions onCancel={onCancel} busy={busy}>
        Mark as done
      </DialogActions>
    </form>
  );
}
