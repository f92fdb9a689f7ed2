import { Radio, RadioGroup } from '@headlessui/react';
import clsx from 'clsx';
import { Send } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import type { SlotOption } from '../../../../schema/contracts/availability';
import { type MeetingRequestType, meetingRequestInput } from '../../../../schema/contracts/meeting-requests';
import { errorMessageText, statusOf } from '../../../lib/errors';
import { type FieldErrors, zodFieldErrors } from '../../../lib/form-errors';
import { focusRing, primaryButton, secondaryButton } from '../../../ui/classes';
import DatePicker from '../../../ui/DatePicker';
import { Dialog } from '../../../ui/Dialog';
import { TextAreaField } from '../../../ui/fields';
import Spinner from '../../../ui/Spinner';
import { useToast } from '../../../ui/toast/use-toast';
import { bookingWindowText, dayLabel, todayIn } from '../free-days';
import SlotPicker from '../SlotPicker';
import { useFreeSlots } from '../use-free-slots';
import { lessonRequestCalls, type RequestBody } from './api';
import PenaltyNotice, { type PreviewState } from './PenaltyNotice';

export interface RequestLesson {
  _id: string;
  title: string;
  /** ISO 8601 */
  start: string;
  duration: number;
  tutorId: string | undefined;
  /** The lesson's time as the page around it writes it. */
  when: string;
}

interface Props {
  open: boolean;
  lesson: RequestLesson;
  zone: string;
  onClose: () => void;
  onSent: () => void;
}

const choices: { type: MeetingRequestType; label: string; hint: string }[] = [
  { type: 'RESCHEDULE', label: 'Move it to another time', hint: 'Pick one of your tutor’s free times.' },
  { type: 'CANCEL', label: 'Cancel this lesson', hint: 'The lesson will not take place.' },
];

/**
 * A student, a parent acting for one, or a tutor asks to cancel or move a lesson. The penalty the policy will apply
 * is shown before anything can be sent, from the server's preview of exactly this request; an admin then decides.
 */
export default function RequestChangeDialog({ open, lesson, zone, onClose, onSent }: Props) {
  const toast = useToast();
  const [type, setType] = useState<MeetingRequestType>('RESCHEDULE');
  const [date, setDate] = useState(() => todayIn(zone));
  const [selected, setSelected] = useState<SlotOption | null>(null);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [preview, setPreview] = useState<PreviewState>({ kind: 'loading' });
  const [reloads, setReloads] = useState(0);
  const [busy, setBusy] = useState(false);
  const moving = type === 'RESCHEDULE';
  const { slots, loading, nextDay, calendar } = useFreeSlots({
    open: open && moving,
    tutorId: lesson.tutorId,
    date,
    duration: lesson.duration,
    zone,
    sectionId: lesson._id,
    reloads,
  });
  useEffect(() => setSelected(null), [date, type, reloads]);

  const newStart = moving ? selected?.start : undefined;
  useEffect(() => {
    if (!open) return;
    if (moving && !newStart) {
      setPreview({ kind: 'waiting', text: 'Pick a new time to see what moving the lesson costs.' });
      return;
    }
    const controller = new AbortController();
    setPreview({ kind: 'loading' });
    lessonRequestCalls.preview({ sectionId: lesson._id, type, ...(newStart ? { newStart } : {}) }, controller.signal).then(
      (answer) => setPreview({ kind: 'ready', preview: answer }),
      (error: unknown) => {
        if (!controller.signal.aborted) setPreview({ kind: 'refused', text: errorMessageText(error) });
      },
    );
    return () => controller.abort();
  }, [open, lesson._id, type, moving, newStart]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const body: RequestBody = { sectionId: lesson._id, type, reason, ...(newStart ? { newStart } : {}) };
    const checked = meetingRequestInput.safeParse(body);
    if (!checked.success) {
      setErrors(zodFieldErrors(checked.error));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const answer = await lessonRequestCalls.send(body);
      toast.success(answer.message);
      onSent();
      onClose();
    } catch (error) {
      toast.error(error);
      // The time was taken meanwhile: offer what is free now.
      if (statusOf(error) === 409 && moving) setReloads((n) => n + 1);
    } finally {
      setBusy(false);
    }
  }

  const ready = preview.kind === 'ready';
  return (
    <Dialog open={open} onClose={onClose} title="Ask to change this lesson">
      <form onSubmit={(e) => void submit(e)} noValidate className="space-y-4">
        <p className="text-sm text-slate-600 dark:text-slate-300">
          {lesson.title}, {new Intl.DateTimeFormat(undefined, { dateStyle: 'full', timeStyle: 'short', timeZone: zone }).format(new Date(lesson.start))}. An
          admin reviews your request and you are told the answer.
        </p>
        <RadioGroup value={type} onChange={setType} aria-label="What would you like?" className="grid gap-2 sm:grid-cols-2">
          {choices.map((choice) => (
            <Radio
              key={choice.type}
              value={choice.type}
              className={clsx(
                'cursor-pointer rounded-xl p-3 ring-1 ring-slate-300 ring-inset data-checked:bg-brand/10 data-checked:ring-2 data-checked:ring-brand dark:ring-slate-700',
                focusRing,
              )}
            >
              <span className="block text-sm font-semibold text-slate-900 dark:text-white">{choice.label}</span>
              <span className="block text-xs text-slate-600 dark:text-slate-300">{choice.hint}</span>
            </Radio>
          ))}
        </RadioGroup>
        {moving &&
          (lesson.tutorId ? (
            <div className="space-y-3">
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
              {errors.newStart && (
                <p role="alert" className="text-sm text-rose-600 dark:text-rose-400">
                  Pick a new time for the lesson.
                </p>
              )}
            </div>
          ) : (
            <p className="text-sm text-slate-600 dark:text-slate-300">
              This lesson has no tutor, so there are no free times to offer. You can still ask to cancel it.
            </p>
          ))}
        <PenaltyNotice state={preview} />
        <TextAreaField
          id="request-reason"
          label="Why? Your tutor and the team will read this."
          rows={3}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          error={errors.reason && `Please write a reason: it ${errors.reason}.`}
          required
        />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button type="button" className={secondaryButton} onClick={onClose}>
            Keep the lesson
          </button>
          <button type="submit" className={primaryButton} disabled={busy || !ready}>
            {busy ? <Spinner className="size-4" /> : <Send className="size-4" aria-hidden="true" />}
            Send request
          </button>
        </div>
      </form>
    </Dialog>
  );
}
