import { CalendarPlus } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { formatDuration, lessonDurations } from '../../../schema/contracts/durations';
import { fieldErrorsOf } from '../../lib/form-errors';
import { primaryButton, secondaryButton } from '../../ui/classes';
import { Dialog } from '../../ui/Dialog';
import { ChoiceField } from '../../ui/fields';
import Spinner from '../../ui/Spinner';
import TextField from '../../ui/TextField';
import { useToast } from '../../ui/toast/use-toast';
import { sectionCalls } from './api';
import { fromLocalInput } from './local-time';

const DURATIONS = lessonDurations(import.meta.env.PROD);

/** A course's student (or its tutor) books a lesson in the course at a time entered in their own zone. */
export default function BookLessonDialog({
  open,
  courseId,
  zone,
  onClose,
  onBooked,
}: {
  open: boolean;
  courseId: string;
  zone: string;
  onClose: () => void;
  onBooked: () => void;
}) {
  const toast = useToast();
  const [start, setStart] = useState('');
  const [duration, setDuration] = useState(60);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (open) setErrors({});
  }, [open]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!start) {
      setErrors({ start: 'Choose when the lesson starts' });
      return;
    }
    setBusy(true);
    try {
      await sectionCalls.bookLesson({ course: courseId, start: fromLocalInput(start, zone), duration });
      toast.success('Lesson booked successfully!');
      onBooked();
      onClose();
    } catch (error) {
      setErrors(fieldErrorsOf(error));
      toast.error(error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open={open} onClose={onClose} title="Book a lesson">
      <form onSubmit={(e) => void submit(e)} noValidate className="space-y-4">
        <TextField
          id="book-start"
          type="datetime-local"
          label={`Start (${zone})`}
          required
          value={start}
          onChange={(e) => setStart(e.target.value)}
          error={errors.start}
        />
        <ChoiceField id="book-duration" label="Duration" value={duration} onChange={(e) => setDuration(Number(e.target.value))} error={errors.duration}>
          {DURATIONS.map((minutes) => (
            <option key={minutes} value={minutes}>
              {formatDuration(minutes)}
            </option>
          ))}
        </ChoiceField>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button type="button" className={secondaryButton} onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className={primaryButton} disabled={busy}>
            {busy ? <Spinner className="size-4" /> : <CalendarPlus className="size-4" aria-hidden="true" />}
            Book lesson
          </button>
        </div>
      </form>
    </Dialog>
  );
}
