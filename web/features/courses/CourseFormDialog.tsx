import { type FormEvent, useState } from 'react';
import { TITLE_MAX } from '../../../schema/contracts/common';
import { type Course, courseInput, courseKinds, coursePaymentTypes, courseStatuses, courseUpdate } from '../../../schema/contracts/courses';
import { gradesOf, subjectsOf } from '../../entities/curricula/catalogue';
import { useCatalogue } from '../../entities/curricula/use-catalogue';
import { issuesByField } from '../../lib/form-errors';
import { Dialog } from '../../ui/Dialog';
import { DialogActions } from '../../ui/DialogActions';
import { ChoiceField, TextAreaField } from '../../ui/fields';
import TextField from '../../ui/TextField';
import { useToast } from '../../ui/toast/use-toast';
import { useFormSave } from '../../ui/use-form-save';
import { courseCalls } from './api';
import CoursePriceFields from './CoursePriceFields';
import { kindLabel } from './course-kind';
import { draftOf, overrideFromDraft, type PriceDraft } from './course-price-draft';
import SettingTemplateFields from './SettingTemplateFields';

const paymentLabels = { ONETIME: 'One-time', SUBSCRIPTION: 'Subscription', CREDIT: 'Credit' } as const;

interface Props {
  open: boolean;
  onClose: () => void;
  /** Editing this course; without it the dialog creates one. */
  course?: Course;
  onSaved: (course: Course) => void;
}

/** Create or edit a course: checked with the API's own schema before sending, server field errors shown in place. */
export default function CourseFormDialog({ open, onClose, course, onSaved }: Props) {
  const toast = useToast();
  const catalogue = useCatalogue() ?? [];
  const [form, setForm] = useState({
    title: course?.title ?? '',
    description: course?.description ?? '',
    kind: course?.kind ?? 'One-to-One',
    status: course?.status ?? 'DRAFT',
    paymentType: course?.paymentType ?? 'ONETIME',
    curriculum: course?.curriculum ?? '',
    subject: course?.subject ?? '',
    grade: course?.grade ?? '',
    permissionTemplateId: course?.permissionTemplateId ?? null,
    pricingTemplateId: course?.pricingTemplateId ?? null,
  });
  const [priceDraft, setPriceDraft] = useState<PriceDraft | null>(course?.priceOverride ? draftOf(course.priceOverride) : null);
  const { busy: saving, errors, setErrors, save } = useFormSave();
  const set = (field: keyof typeof form) => (event: { target: { value: string } }) => {
    const value = event.target.value;
    setForm((current) => ({
      ...current,
      [field]: value,
      ...(field === 'curriculum' ? { subject: '', grade: '' } : field === 'subject' ? { grade: '' } : {}),
    }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const price = priceDraft ? overrideFromDraft(priceDraft) : null;
    const parsed = (course ? courseUpdate : courseInput).safeParse({ ...form, priceOverride: price?.override ?? null });
    if (!parsed.success || price?.amountError) {
      setErrors({
        ...(parsed.success ? {} : issuesByField(parsed.error.issues)),
        ...(price?.amountError ? { 'priceOverride.amount': price.amountError } : {}),
      });
      return;
    }
    setErrors({});
    await save(async () => {
      const saved = await courseCalls.save(course?._id, parsed.data);
      toast.success(course ? 'Course updated!' : 'Course created!');
      onSaved(saved);
    });
  };

  const subjects = subjectsOf(catalogue, form.curriculum);
  const grades = gradesOf(catalogue, form.curriculum, form.subject);

  return (
    <Dialog open={open} onClose={onClose} title={course ? 'Edit course' : 'New course'}>
      <form onSubmit={submit} noValidate className="space-y-4">
        <TextField id="course-title" label="Title" required value={form.title} onChange={set('title')} error={errors.title} maxLength={TITLE_MAX} />
        <TextAreaField id="course-description" label="Description" rows={3} value={form.description} onChange={set('description')} error={errors.description} />
        <div className="grid gap-4 sm:grid-cols-3">
          <ChoiceField id="course-kind" label="Kind" value={form.kind} onChange={set('kind')} error={errors.kind}>
            {courseKinds.map((kind) => (
              <option key={kind} value={kind}>
                {kindLabel(kind)}
              </option>
            ))}
          </ChoiceField>
          <ChoiceField id="course-status" label="Status" value={form.status} onChange={set('status')} error={errors.status}>
            {courseStatuses.map((status) => (
              <option key={status} value={status}>
                {status === 'ACTIVE' ? 'Active' : 'Draft'}
              </option>
            ))}
          </ChoiceField>
          <ChoiceField id="course-payment" label="Payment type" value={form.paymentType} onChange={set('paymentType')} error={errors.paymentType}>
            {coursePaymentTypes.map((type) => (
              <option key={type} value={type}>
                {paymentLabels[type]}
              </option>
            ))}
          </ChoiceField>
        </div>
        <div className="grid gap-4 sm:grid-cols-3">
          <ChoiceField id="course-curriculum" label="Curriculum" value={form.curriculum} onChange={set('curriculum')} error={errors.curriculum}>
            <option value="">Choose…</option>
            {catalogue.map((c) => (
              <option key={c._id} value={c.curriculum}>
                {c.curriculum}
              </option>
            ))}
          </ChoiceField>
          <ChoiceField id="course-subject" label="Subject" value={form.subject} onChange={set('subject')} error={errors.subject} disabled={!form.curriculum}>
            <option value="">Choose…</option>
            {subjects.map((s) => (
              <option key={s.subject} value={s.subject}>
                {s.subject}
              </option>
            ))}
          </ChoiceField>
          <ChoiceField id="course-grade" label="Grade" value={form.grade} onChange={set('grade')} error={errors.grade} disabled={!form.subject}>
            <option value="">Choose…</option>
            {grades.map((g) => (
              <option key={g} value={g}>
                {g}
              </option>
            ))}
          </ChoiceField>
        </div>
        <SettingTemplateFields value={form} onChange={(key, id) => setForm((current) => ({ ...current, [key]: id }))} errors={errors} />
        <CoursePriceFields
          pricingTemplateId={form.pricingTemplateId}
          saved={course?.price ?? null}
          draft={priceDraft}
          onDraft={setPriceDraft}
          errors={errors}
        />
        <DialogActions onCancel={onClose} busy={saving} className="pt-2">
          {course ? 'Save course' : 'Create course'}
        </DialogActions>
      </form>
    </Dialog>
  );
}
