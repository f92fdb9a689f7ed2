import { CalendarPlus } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import type { SlotOption } from '../../../schema/contracts/availability';
import { formatDuration, lessonDurations } from '../../../schema/contracts/durations';
import { bookingWindowText, dayLabel, todayIn } from '../../entities/availability/free-days';
import SlotPicker from '../../entities/availability/SlotPicker';
import { useFreeSlots } from '../../entities/availability/use-free-slots';
import { statusOf } from '../../lib/errors';
import { primaryButton, secondaryButton } from '../../ui/classes';
import DatePicker from '../../ui/DatePicker';
import { Dialog } from '../../ui/Dialog';
import { ChoiceField } from '../../ui/fields';
import Spinner from '../../ui/Spinner';
import { useToast } from '../../ui/toast/use-toast';
import { sectionCalls } from './api';

const DURATIONS = lessonDurations(import.meta.env.PROD);

export interface BookingTutor {
  _id: string;
  firstname: string;
}

interface Props {
  open: boolean;
  courseId: string;
  tutor: BookingTutor | null;
  zone: string;
  onClose: () => void;
  onBooked: () => void;
}

/**
 * A course's student (or its tutor) books a lesson at one of the tutor's free times, shown in the viewer's zone.
 * When the chosen day has none, the next day that has any is offered; the server's refusal is shown as it says it.
 */
export default function BookLessonDialog({ open, courseId, tutor, zone, onClose, onBooked }: Props) {
  const toast = useToast();
  const [date, setDate] = useState(() => todayIn(zone));
  const [duration, setDuration] = useState(60);
  const [selected, setSelected] = useState<SlotOption | null>(null);
  const [reloads, setReloads] = useState(0);
  const [busy, setBusy] = useState(false);
  const { slots, loading, nextDay, calendar } = useFreeSlots({ open, tutorId: tutor?._id, date, duration, zone, reloads });
  // A choice made for another day or length is not a choice for this one.
  useEffect(() => setSelected(null), [open, date, duration, reloads]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!selected) return;
    setBusy(true);
    try {
      await sectionCalls.bookLesson({ course: courseId, start: selected.start, duration });
      toast.success('Lesson booked successfully!');
      onBooked();
      onClose();
    } catch (error) {
      toast.error(error);
      // The time was taken or the rules moved: offer what is free now.
      if (statusOf(error) === 409) setReloads((n) => n + 1);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open={open} onClose={onClose} title="Book a lesson">
      {!tutor ? (
        <div className="space-y-4">
          <p role="alert" className="rounded-xl bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-500/10 dark:text-amber-200">
            Your course has no tutor yet, so lessons can't be booked. Message the team to ask for one.
          </p>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <button type="button" className={secondaryButton} onClick={onClose}>
              Cancel
            </button>
            <button type="button" className={primaryButton} disabled>
              <CalendarPlus className="size-4" aria-hidden="true" />
              Book lesson
            </button>
          </div>
        </div>
      ) : (
        <form onSubmit={(e) => void submit(e)} noValidate className="space-y-4">
          <p className="text-sm text-slate-600 dark:text-slate-300">Free times with {tutor.firstname}</p>
          <ChoiceField id="book-duration" label="Duration" value={duration} onChange={(e) => setDuration(Number(e.target.value))}>
            {DURATIONS.map((minutes) => (
              <option key={minutes} value={minutes}>
                {formatDuration(minutes)}
              </option>
            ))}
          </ChoiceField>
          <DatePicker
            value={date}
            onChange={setDate}
            until={calendar?.lastBookableDay}
            marked={calendar?.freeDays}
            note={calendar && bookingWindowText(calendar.maxDaysAhead, calendar.lastBookableDay, calendar.freeDays.length > 0)}
          />
          <SlotPicker slots={slots} loading={loading} asked selected={selected} viewerZone={zone} onSelect={setSelected} />
          {!loading && slots.length === 0 && nextDay && (
            <button type="button" className={secondaryButton} onClick={() => setDate(nextDay)}>
              Next free day: {dayLabel(nextDay)}
            </button>
          )}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <button type="button" className={secondaryButton} onClick={onClose}>
              Cancel
            </button>
            <button type="submit" className={primaryButton} disabled={busy || !selected}>
              {busy ? <Spinner className="size-4" /> : <CalendarPlus className="size-4" aria-hidden="true" />}
              Book lesson
            </button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
