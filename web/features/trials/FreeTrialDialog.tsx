import { Description, DialogTitle } from '@headlessui/react';
import { useAtomValue, useSetAtom } from 'jotai';
import { CalendarClock } from 'lucide-react';
import { type FormEvent, useEffect, useReducer, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { SlotOption } from '../../../schema/contracts/availability';
import { TRIAL_BOOKED, type TrialSignUpInput, trialSignUpInput } from '../../../schema/contracts/trials';
import SlotPicker from '../../entities/availability/SlotPicker';
import { gradesOf, subjectsOf } from '../../entities/curricula/catalogue';
import { useCatalogue } from '../../entities/curricula/use-catalogue';
import { browserTimeZone } from '../../lib/choices';
import { statusOf } from '../../lib/errors';
import { fieldErrorsOf, zodFieldErrors } from '../../lib/form-errors';
import { sessionAtom, signedInUserAtom, tokenReadyAtom, userLoadedAtom } from '../../lib/session';
import { sessionFromToken } from '../../lib/token-request';
import { primaryButton, secondaryButton } from '../../ui/classes';
import DatePicker from '../../ui/DatePicker';
import ModalPanel from '../../ui/ModalPanel';
import SelectField from '../../ui/SelectField';
import Spinner from '../../ui/Spinner';
import { useToast } from '../../ui/toast/use-toast';
import { freeTrialCalls } from './api';
import { trialsVersionAtom } from './atoms';
import { allChosen, choicesReducer, noChoices, readyForSlots } from './booking-state';
import GuestDetails, { type GuestFields } from './GuestDetails';
import { TRIAL_CREATED_FLAG } from './trial-flag';

interface FreeTrialDialogProps {
  onClose: () => void;
}

const PLACEHOLDER = 'Select curriculum, subject and grade';
/**
 * The free-trial booking dialog (spec 1 sections 2 and 4). Mounted only while open, so closing it clears the
 * catalogue, the slots and every choice. A guest signs up in the same step and lands on the portal with the
 * "Congratulations!" flag; a signed-in student lands on the new trial course.
 */
export default function FreeTrialDialog({ onClose }: FreeTrialDialogProps) {
  const user = useAtomValue(signedInUserAtom);
  const tokenReady = useAtomValue(tokenReadyAtom);
  const setSession = useSetAtom(sessionAtom);
  const setUserLoaded = useSetAtom(userLoadedAtom);
  const bumpTrials = useSetAtom(trialsVersionAtom);
  const toast = useToast();
  const navigate = useNavigate();
  const viewerZone = user?.timezone ?? browserTimeZone();

  const catalogue = useCatalogue() ?? [];
  const [choices, choose] = useReducer(choicesReducer, noChoices);
  const [slots, setSlots] = useState<SlotOption[]>([]);
  const [slotsLoading, setSlotsLoading] = useState(false);
  const [reloads, setReloads] = useState(0);
  const [guest, setGuest] = useState<GuestFields>(() => ({ firstname: '', lastname: '', email: '', password: '', timezone: browserTimeZone(), country: '' }));
  const [errors, setErrors] = useState<Partial<Record<keyof GuestFields, string>>>({});
  const [submitting, setSubmitting] = useState(false);

  const { curriculum, subject, grade, date } = choices;
  const ready = readyForSlots(choices);
  useEffect(() => {
    if (!ready) {
      setSlots([]);
      return;
    }
    const controller = new AbortController();
    setSlotsLoading(true);
    // Slot errors are not shown (spec 1 section 8): the list is simply empty.
    freeTrialCalls
      .slots({ curriculum, subject, grade, date, timezone: viewerZone }, controller.signal)
      .then(setSlots, () => setSlots([]))
      .finally(() => {
        if (!controller.signal.aborted) setSlotsLoading(false);
      });
    return () => controller.abort();
  }, [ready, curriculum, subject, grade, date, viewerZone, reloads]);

  async function book(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const { slot } = choices;
    if (!slot) return;
    const trial = { curriculum, subject, grade, startDate: slot.start, endDate: slot.end, tutorId: '' };
    let signUp: TrialSignUpInput | undefined;
    if (!user) {
      const parsed = trialSignUpInput.safeParse({ ...guest, country: guest.country || undefined, ...trial });
      if (!parsed.success) {
        setErrors(zodFieldErrors(parsed.error));
        return;
      }
      signUp = { ...guest, country: guest.country || undefined, ...trial };
    }
    setErrors({});
    setSubmitting(true);
    try {
      if (signUp) {
        const answer = await freeTrialCalls.signUpAndBook(signUp);
        setSession(sessionFromToken(answer));
        setUserLoaded(true);
        bumpTrials((n) => n + 1);
        onClose();
        navigate(`/portal?${TRIAL_CREATED_FLAG}=true`);
      } else {
        const answer = await freeTrialCalls.book(trial);
        toast.success(TRIAL_BOOKED);
        bumpTrials((n) => n + 1);
        onClose();
        navigate(`/portal/courses/${answer.courseId}`);
      }
    } catch (error) {
      setSubmitting(false);
      setErrors(fieldErrorsOf(error));
      toast.error(error);
      // Someone else took the time: offer what is still free.
      if (statusOf(error) === 409) {
        choose({ type: 'slot', value: null });
        setReloads((n) => n + 1);
      }
    }
  }

  const subjects = subjectsOf(catalogue, curriculum);
  const grades = gradesOf(catalogue, curriculum, subject);
  const steps = [
    { key: 'curriculum', label: 'Curriculum', value: curriculum, names: catalogue.map((c) => c.curriculum), disabled: false },
    { key: 'subject', label: 'Subject', value: subject, names: subjects.map((s) => s.subject), disabled: !curriculum },
    { key: 'grade', label: 'Grade', value: grade, names: grades, disabled: !subject },
  ] as const;

  return (
    <ModalPanel
      onClose={onClose}
      testId="free-trial-dialog"
      placeClassName="items-end p-2 sm:items-center sm:p-4"
      className="relative max-h-[calc(100dvh-1rem)] w-full max-w-lg overflow-y-auto rounded-2xl bg-white p-5 shadow-2xl ring-1 ring-slate-900/5 sm:p-8 lg:max-w-3xl dark:bg-slate-900 dark:ring-white/10"
    >
      <span className="flex size-12 items-center justify-center rounded-xl bg-brand/15 text-brand-deep dark:text-brand">
        <CalendarClock className="size-6" aria-hidden="true" />
      </span>
      <DialogTitle className="mt-4 text-xl font-bold tracking-tight text-slate-900 dark:text-white">Book your FREE Class</DialogTitle>
      <Description className="mt-2 text-base leading-relaxed text-slate-600 dark:text-slate-300">
        We are with you on your learning journey, you are just one step closer to booking your free trial.
      </Description>

      <form noValidate onSubmit={book} className="mt-6 space-y-5">
        <div className="grid gap-5 lg:grid-cols-2 lg:gap-x-8">
          <div className="space-y-4">
            <p className="text-xs text-slate-500 dark:text-slate-400">{PLACEHOLDER}</p>
            {steps.map((step) => (
              <SelectField
                key={step.key}
                id={`trial-${step.key}`}
                label={step.label}
                required
                disabled={step.disabled}
                value={step.value}
                onChange={(e) => choose({ type: step.key, value: e.target.value })}
                options={step.names.map((name) => ({ value: name, label: name }))}
                placeholder={PLACEHOLDER}
              />
            ))}
          </div>
          <div className="lg:col-start-2 lg:row-span-2 lg:row-start-1">
            <DatePicker value={date} onChange={(value) => choose({ type: 'date', value })} />
          </div>
          <SlotPicker
            slots={slots}
            loading={slotsLoading}
            asked={ready}
            selected={choices.slot}
            viewerZone={viewerZone}
            onSelect={(slot) => choose({ type: 'slot', value: slot })}
          />
        </div>

        {!user && <GuestDetails fields={guest} errors={errors} onChange={(key, value) => setGuest((g) => ({ ...g, [key]: value }))} />}

        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <button type="button" onClick={onClose} className={secondaryButton}>
            Dismiss
          </button>
          <button type="submit" disabled={!allChosen(choices) || !tokenReady || submitting} aria-busy={submitting} className={primaryButton}>
            {submitting && <Spinner className="size-4" />}
            Book Trial
          </button>
        </div>
      </form>
    </ModalPanel>
  );
}
