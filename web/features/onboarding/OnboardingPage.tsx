import { useAtomValue } from 'jotai';
import { Sparkles } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { browserTimeZone, type OnboardingStatus, onboardingInput } from '../../../schema/contracts/profile';
import { actingForAtom } from '../../entities/accounts/acting';
import { useSyncSession } from '../../entities/accounts/use-sync-session';
import { useCatalogue } from '../../entities/curricula/use-catalogue';
import { fieldErrorsOf, zodFieldErrors } from '../../lib/form-errors';
import { signedInUserAtom } from '../../lib/session';
import { primaryButton } from '../../ui/classes';
import Spinner from '../../ui/Spinner';
import { useToast } from '../../ui/toast/use-toast';
import { onboardingCalls } from './api';
import StudentOnboarding, { type StudentValues } from './StudentOnboarding';
import TutorOnboarding, { type TutorValues } from './TutorOnboarding';

type Status = { state: 'loading' } | { state: 'ready'; status: OnboardingStatus } | { state: 'failed' };

/** What a new student or tutor fills in once (spec 1 section 2, /onboarding); afterwards it sends them on. */
export default function OnboardingPage() {
  const user = useAtomValue(signedInUserAtom);
  const actingFor = useAtomValue(actingForAtom);
  const catalogue = useCatalogue({ toastFailure: true });
  const syncSession = useSyncSession();
  const navigate = useNavigate();
  const toast = useToast();
  const [status, setStatus] = useState<Status>({ state: 'loading' });
  const [student, setStudent] = useState<StudentValues>(() => ({ curriculum: '', grade: '', subjects: [], timezone: browserTimeZone() }));
  const [tutor, setTutor] = useState<TutorValues>(() => ({
    subjects: [],
    bio: '',
    experience: { title: '', organisation: '', startDate: '' },
    timezone: browserTimeZone(),
  }));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    onboardingCalls
      .status(controller.signal)
      .then((s) => setStatus({ state: 'ready', status: s }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setStatus({ state: 'failed' });
        toast.error(error);
      });
    return () => controller.abort();
  }, [toast]);

  if (!user) return null;
  if (status.state === 'ready' && !status.status.required) return <Navigate to="/dashboard" replace />;
  const role = status.state === 'ready' ? status.status.role : null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const body =
      role === 'STUDENT'
        ? { role, ...student }
        : { role: 'TUTOR' as const, ...tutor, experience: { ...tutor.experience, startDate: tutor.experience.startDate || null } };
    const parsed = onboardingInput.safeParse(body);
    if (!parsed.success) {
      setErrors(zodFieldErrors(parsed.error));
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      const profile = await onboardingCalls.complete(body);
      syncSession(profile);
      toast.success('You’re all set!');
      await navigate('/dashboard', { replace: true });
    } catch (error) {
      setErrors(fieldErrorsOf(error));
      toast.error(error);
      setSaving(false);
    }
  }

  const name = (actingFor ?? user).firstname;
  return (
    <div className="mx-auto max-w-2xl px-4 py-10 sm:px-6 sm:py-14">
      <div className="rounded-3xl bg-white p-6 shadow-xl ring-1 shadow-slate-900/5 ring-slate-200 sm:p-8 dark:bg-slate-900 dark:shadow-black/30 dark:ring-slate-800">
        <span className="flex size-12 items-center justify-center rounded-2xl bg-brand/15 text-brand-deep">
          <Sparkles className="size-6" aria-hidden="true" />
        </span>
        <h1 className="mt-5 text-2xl font-bold tracking-tight text-slate-900 dark:text-white">Welcome, {name}</h1>
        <p className="mt-1.5 text-sm text-slate-600 dark:text-slate-400">
          {role === 'TUTOR'
            ? 'Tell students what you teach and a little about yourself. This takes a minute and you can change it later in your profile.'
            : 'Tell us what you study so we can match your tutors and lessons. You can change this later in your profile.'}
        </p>
        {status.state === 'failed' ? (
          <p className="mt-8 text-sm text-rose-700 dark:text-rose-400">Onboarding could not be loaded. Reload the page to try again.</p>
        ) : status.state === 'loading' || catalogue === null ? (
          <p className="mt-8 flex items-center gap-3 text-sm text-slate-600 dark:text-slate-400" role="status">
            <Spinner /> Loading…
          </p>
        ) : (
          <form noValidate onSubmit={submit} className="mt-8 space-y-8">
            {role === 'STUDENT' ? (
              <StudentOnboarding catalogue={catalogue} values={student} onChange={setStudent} errors={errors} />
            ) : (
              <TutorOnboarding catalogue={catalogue} values={tutor} onChange={setTutor} errors={errors} />
            )}
            <button type="submit" className={`${primaryButton} w-full`} disabled={saving}>
              {saving && <Spinner className="size-4" />}
              {saving ? 'Saving…' : 'Finish'}
            </button>
          </form>
        )}
      </div>
    </div>
  );
}
