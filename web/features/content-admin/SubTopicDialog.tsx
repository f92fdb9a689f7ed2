import { type FormEvent, useMemo, useState } from 'react';
import { type SubTopicDoc, subTopicInput } from '../../../schema/contracts/content';
import { issuesByField } from '../../lib/form-errors';
import { Dialog } from '../../ui/Dialog';
import { DialogActions } from '../../ui/DialogActions';
import { TextAreaField } from '../../ui/fields';
import TextField from '../../ui/TextField';
import { useToast } from '../../ui/toast/use-toast';
import { useFormSave } from '../../ui/use-form-save';
import { contentAdminCalls } from './api';

export default function SubTopicDialog({
  topicId,
  subTopic,
  onClose,
  onSaved,
}: {
  topicId: string;
  subTopic: SubTopicDoc | null;
  onClose: () => void;
  onSaved: (doc: SubTopicDoc, isNew: boolean) => void;
}) {
  const toast = useToast();
  const [form, setForm] = useState({ name: subTopic?.name ?? '', summary: subTopic?.summary ?? '' });
  const { busy, errors, setErrors, save } = useFormSave();
  const body = useMemo(() => ({ topicId, ...form }), [topicId, form]);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = subTopicInput.safeParse(body);
    if (!parsed.success) {
      setErrors(issuesByField(parsed.error.issues));
      return;
    }
    await save(async () => {
      const doc = await contentAdminCalls.saveSubTopic(subTopic?._id, parsed.data);
      toast.success(subTopic ? 'Sub topic Updated' : 'Sub topic Added');
      onSaved(doc, !subTopic);
    });
  };
  return (
    <Dialog open onClose={onClose} title={subTopic ? 'Edit sub topic' : 'Add sub topic'}>
      <form onSubmit={(e) => void submit(e)} noValidate className="space-y-4">
        <TextField
          id="subtopic-name"
          label="Name"
          required
          value={form.name}
          onChange={(e) => setForm({ ...form, name: e.target.value })}
          error={errors.name}
          maxLength={200}
        />
        <TextAreaField
          id="subtopic-summary"
          label="Summary (use $…$ for formulas)"
          rows={3}
          value={form.summary}
          onChange={(e) => setForm({ ...form, summary: e.target.value })}
          error={errors.summary}
          maxLength={1000}
        />
        <DialogActions onCancel={onClose} busy={busy} className="pt-2">
          {subTopic ? 'Save' : 'Add sub topic'}
        </DialogActions>
      </form>
    </Dialog>
  );
}
