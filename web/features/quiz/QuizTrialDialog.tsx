import { Description, DialogTitle } from '@headlessui/react';
import { useAtomValue } from 'jotai';
import { CalendarCheck, CalendarClock } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import type { SlotOption } from '../../../schema/contracts/availability';
import { TRIAL_BOOKED, TRIAL_SLOT_TAKEN, type TrialBooked } from '../../../schema/contracts/trials';
import { actingForAtom } from '../../entities/accounts/acting';
import SlotPicker from '../../entities/availability/SlotPicker';
import { lessonTime } from '../../entities/lessons/lesson-time';
import { errorToastText, statusOf } from '../../lib/errors';
import { useViewerZone } from '../../lib/use-viewer-zone';
import { primaryButton, secondaryButton } from '../../ui/classes';
import DatePicker from '../../ui/DatePicker';
import ModalPanel from '../../ui/ModalPanel';
import Spinner from '../../ui/Spinner';
import { useToast } from '../../ui/toast/use-toast';
import { type QuizSubject, quizCalls } from './quiz-api';

interface QuizTrialDialogProps {
  /** The attempt the trial is booked from: the server reads the curriculum, subject and grade from its quiz. */
  submissionId: string;
  quiz: QuizSubject;
  onClose: () => void;
}

const MY_TRIALS = '/portal/trials';

/**
 * Books a free trial lesson on the quiz's subject from one of the learner's attempts. The quiz fixes curriculum,
 * subject and grade, so only the day and time are asked. Mounted only while open, so closing clears every choice.
 */
export default function QuizTrialDialog({ submissionId, quiz, onClose }: QuizTrialDialogProps) {
  const zone = useViewerZone();
  const actingFor = useAtomValue(actingForAtom);
  const toast = useToast();
  const [date, setDate] = useState('');
  const [slot, setSlot] = useState<SlotOption | null>(null);
  const [slots, setSlots] = useState<SlotOption[]>([]);
  const [slotsLoading, setSlotsLoading] = useState(false);
  const [reloads, setReloads] = useState(0);
  const [submitting, setSubmitting] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [booked, setBooked] = useState<TrialBooked | null>(null);
  const { curriculum, subject, grade } = quiz;

  useEffect(() => {
    if (!date) return;
    const controller = new AbortController();
    setSlotsLoading(true);
    // As in the landing dialog, a failed slot load shows as no slots (spec 1 section 8).
    quizCalls
      .trialSlots({ curriculum, subject, grade, date, timezone: zone }, controller.signal)
      .then(setSlots, () => setSlots([]))
      .finally(() => {
        if (!controller.signal.aborted) setSlotsLoading(false);
      });
    return () => controller.abort();
  }, [curriculum, subject, grade, date, zone, reloads]);

  async function book(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!slot) return;
    setSubmitting(true);
    try {
      const answer = await quizCalls.bookTrial({ submissionId, startDate: slot.start, endDate: slot.end });
      toast.success(TRIAL_BOOKED);
      setBooked(answer);
    } catch (error) {
      const text = errorToastText(error);
      // Someone else took the time: offer what is still free. Any other refusal (a trial already had) is final.
      if (statusOf(error) === 409 && text === TRIAL_SLOT_TAKEN) {
        toast.error(error);
        setSlot(null);
        setReloads((n) => n + 1);
      } else if (statusOf(error) === 409) {
        setRefusal(text);
      } else {
        toast.error(error);
      }
    } finally {
      setSubmitting(false);
    }
  }

  const forWhom = actingFor ? ` for ${actingFor.firstname}` : '';
  return (
    <ModalPanel
      onClose={onClose}
      testId="quiz-trial-dialog"
      placeClassName="items-end p-2 sm:items-center sm:p-4"
      className="relative max-h-[calc(100dvh-1rem)] w-full max-w-lg overflow-y-auto rounded-2xl bg-white p-5 shadow-2xl ring-1 ring-slate-900/5 sm:p-8 lg:max-w-3xl dark:bg-slate-900 dark:ring-white/10"
    >
      <span className="flex size-12 items-center justify-center rounded-xl bg-brand/15 text-brand-deep dark:text-brand">
        {booked ? <CalendarCheck className="size-6" aria-hidden="true" /> : <CalendarClock className="size-6" aria-hidden="true" />}
      </span>
      <DialogTitle className="mt-4 pr-10 text-xl font-bold tracking-tight text-slate-900 dark:text-white">
        {booked ? 'Your free trial lesson is booked' : 'Book a free trial lesson'}
      </DialogTitle>
      {booked ? (
        <div className="mt-2 space-y-4" role="status">
          <Description className="text-base leading-relaxed text-slate-700 dark:text-slate-200">
            Your lesson in {subject} ({grade}) is on {lessonTime(booked.trial.start, zone)}
            {booked.trial.tutor ? ` with ${booked.trial.tutor.firstname} ${booked.trial.tutor.lastname}` : ''}.
          </Description>
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Link to={`/portal/courses/${booked.courseId}`} className={secondaryButton}>
              Open the trial course
            </Link>
            <Link to={MY_TRIALS} className={primaryButton}>
              See it in My trials
            </Link>
          </div>
        </div>
      ) : refusal ? (
        <div className="mt-2 space-y-4">
          <Description role="alert" className="text-base leading-relaxed text-slate-700 dark:text-slate-200">
            {refusal}
          </Description>
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <button type="button" onClick={onClose} className={secondaryButton}>
              Dismiss
            </button>
            <Link to={MY_TRIALS} className={primaryButton}>
              Go to My trials
            </Link>
          </div>
        </div>
      ) : (
        <>
          <Description className="mt-2 text-base leading-relaxed text-slate-600 dark:text-slate-300">
            Meet a tutor{forWhom} for a free 30-minute lesson on{' '}
            <span className="font-semibold text-slate-900 dark:text-white">
              {subject} ({grade})
            </span>
            , {curriculum}. Pick a day, then a time.
          </Description>
          <form noValidate onSubmit={book} className="mt-6 space-y-5">
            <div className="grid gap-5 lg:grid-cols-2 lg:gap-x-8">
              <DatePicker
                value={date}
                onChange={(value) => {
                  setDate(value);
                  setSlot(null);
                }}
              />
              <SlotPicker
                slots={slots}
                loading={slotsLoading}
                asked={Boolean(date)}
                selected={slot}
                viewerZone={zone}
                onSelect={setSlot}
                prompt="Choose a day first."
              />
            </div>
            <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
              <button type="button" onClick={onClose} className={secondaryButton}>
                Dismiss
              </button>
              <button type="submit" disabled={!slot || submitting} aria-busy={submitting} className={primaryButton}>
                {submitting && <Spinner className="size-4" />}
                Book Trial
              </button>
            </div>
          </form>
        </>
      )}
    </ModalPanel>
  );
}
