import { type FormEvent, useEffect, useState } from 'react';
import { TITLE_MAX } from '../../../schema/contracts/common';
import { type CourseTemplate, courseFromTemplateInput } from '../../../schema/contracts/course-templates';
import { type Course, coursePaymentTypes } from '../../../schema/contracts/courses';
import { issuesByField } from '../../lib/form-errors';
import { Dialog } from '../../ui/Dialog';
import { DialogActions } from '../../ui/DialogActions';
import { ChoiceField } from '../../ui/fields';
import Spinner from '../../ui/Spinner';
import TextField from '../../ui/TextField';
import { useToast } from '../../ui/toast/use-toast';
import { useFormSave } from '../../ui/use-form-save';
import { courseCalls } from './api';

/** Picks a template and builds a new course with its section tree. */
export default function FromTemplateDialog({ open, onClose, onCreated }: { open: boolean; onClose: () => void; onCreated: (course: Course) => void }) {
  const toast = useToast();
  const [templates, setTemplates] = useState<CourseTemplate[] | null>(null);
  const [templateId, setTemplateId] = useState('');
  const [title, setTitle] = useState('');
  const [paymentType, setPaymentType] = useState<(typeof coursePaymentTypes)[number]>('ONETIME');
  const { busy: saving, errors, setErrors, save } = useFormSave();

  useEffect(() => {
    if (!open) return;
    courseCalls
      .templates({ limit: 100, sort: 'title' })
      .then((page) => setTemplates(page.docs))
      .catch((error) => {
        setTemplates([]);
        toast.error(error);
      });
  }, [open, toast]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!templateId) {
      setErrors({ templateId: 'Choose a template' });
      return;
    }
    const parsed = courseFromTemplateInput.safeParse({ title: title.trim() || undefined, paymentType });
    if (!parsed.success) {
      setErrors(issuesByField(parsed.error.issues));
      return;
    }
    await save(async () => {
      const course = await courseCalls.fromTemplate(templateId, parsed.data);
      toast.success('Course created!');
      onCreated(course);
    });
  };

  return (
    <Dialog open={open} onClose={onClose} title="New course from a template">
      {!templates ? (
        <div role="status" className="flex justify-center py-8 text-brand-deep">
          <Spinner className="size-6" />
        </div>
      ) : templates.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">There are no course templates yet. Create one under Course templates.</p>
      ) : (
        <form onSubmit={submit} noValidate className="space-y-4">
          <ChoiceField id="template" label="Template" value={templateId} onChange={(e) => setTemplateId(e.target.value)} error={errors.templateId}>
            <option value="">Choose…</option>
            {templates.map((t) => (
              <option key={t._id} value={t._id}>
                {t.title} · {t.subject}, {t.grade}
              </option>
            ))}
          </ChoiceField>
          <TextField
            id="template-course-title"
            label="Course title (optional)"
            value={title}
            onChange={(e) => setTitle(e.target.value)}
            error={errors.title}
            maxLength={TITLE_MAX}
            placeholder="The template's title"
          />
          <ChoiceField
            id="template-payment"
            label="Payment type"
            value={paymentType}
            onChange={(e) => setPaymentType(e.target.value as typeof paymentType)}
            error={errors.paymentType}
          >
            {coursePaymentTypes.map((type) => (
              <option key={type} value={type}>
                {type === 'ONETIME' ? 'One-time' : type === 'SUBSCRIPTION' ? 'Subscription' : 'Credit'}
              </option>
            ))}
          </ChoiceField>
          <DialogActions onCancel={onClose} busy={saving} className="pt-2">
            Create course
          </DialogActions>
        </form>
      )}
    </Dialog>
  );
}
