import { type FormEvent, useState } from 'react';
import { TITLE_MAX } from '../../../schema/contracts/common';
import { type Course, tutorCourseUpdate } from '../../../schema/contracts/courses';
import { issuesByField } from '../../lib/form-errors';
import { Dialog } from '../../ui/Dialog';
import { DialogActions } from '../../ui/DialogActions';
import { TextAreaField } from '../../ui/fields';
import TextField from '../../ui/TextField';
import { useToast } from '../../ui/toast/use-toast';
import { useFormSave } from '../../ui/use-form-save';
import { courseCalls } from './api';

/** A course tutor whose course role allows COURSE edit may change what learners read: the title and description. */
export default function TutorCourseDialog({ course, onClose, onSaved }: { course: Course; onClose: () => void; onSaved: (course: Course) => void }) {
  const toast = useToast();
  const [form, setForm] = useState({ title: course.title, description: course.description });
  const { busy, errors, setErrors, save } = useFormSave();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = tutorCourseUpdate.safeParse(form);
    if (!parsed.success) {
      setErrors(issuesByField(parsed.error.issues));
      return;
    }
    await save(async () => {
      const saved = await courseCalls.saveAsTutor(course._id, parsed.data);
      toast.success('Course updated!');
      onSaved(saved);
    });
  };
  return (
    <Dialog open onClose={onClose} title="Edit course details">
      <form onSubmit={submit} noValidate className="space-y-4">
        <TextField
          id="tutor-course-title"
          label="Title"
          required
          value={form.title}
          maxLength={TITLE_MAX}
          onChange={(e) => setForm({ ...form, title: e.target.value })}
          error={errors.title}
        />
        <TextAreaField
          id="tutor-course-description"
          label="Description"
          rows={4}
          value={form.description}
          onChange={(e) => setForm({ ...form, description: e.target.value })}
          error={errors.description}
        />
        <DialogActions onCancel={onClose} busy={busy} className="pt-2">
          Save
        </DialogActions>
      </form>
    </Dialog>
  );
}
