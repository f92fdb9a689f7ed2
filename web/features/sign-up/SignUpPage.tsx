import clsx from 'clsx';
import { useAtomValue, useSetAtom } from 'jotai';
import { GraduationCap, Sparkles, UserPlus, Users } from 'lucide-react';
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { type SignUpRequest, signUpRequest } from '../../../schema/contracts/auth';
import { formatMoney } from '../../../schema/contracts/money';
import { type PremiumOffer, premiumDetailsInput } from '../../../schema/contracts/premium';
import { useOpenUrl } from '../../entities/payments/use-open-url';
import { tenantNameAtom } from '../../entities/tenant/atoms';
import { pathAfterLogin } from '../../lib/after-login';
import { browserTimeZone, countryOptions, timeZoneOptions } from '../../lib/choices';
import { fieldBinder, fieldSetter } from '../../lib/form-fields';
import { sessionAtom, signedInUserAtom, userLoadedAtom } from '../../lib/session';
import { sessionFromToken } from '../../lib/token-request';
import AuthCard from '../../ui/auth-form/AuthCard';
import AuthSubmit from '../../ui/auth-form/AuthSubmit';
import AuthSwitch from '../../ui/auth-form/AuthSwitch';
import FormNotice from '../../ui/auth-form/FormNotice';
import { EmailField, PasswordField } from '../../ui/CredentialFields';
import SelectField from '../../ui/SelectField';
import TextField from '../../ui/TextField';
import { useCheckedSubmit } from '../../ui/use-checked-submit';
import { signUpCalls } from './api';

type Fields = Required<Omit<SignUpRequest, 'country'>> & { country: string };

const ROLES = [
  { value: 'STUDENT', label: 'Student', description: 'I want to learn', icon: GraduationCap },
  { value: 'PARENT', label: 'Parent', description: 'I book lessons for my children', icon: Users },
] as const;

export default function SignUpPage() {
  const tenantName = useAtomValue(tenantNameAtom);
  const signedIn = useAtomValue(signedInUserAtom);
  const setSession = useSetAtom(sessionAtom);
  const setUserLoaded = useSetAtom(userLoadedAtom);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const redirect = params.get('redirect');
  const premium = usePremiumOffer(params.get('plan') === 'premium');
  const openUrl = useOpenUrl();
  const [fields, setFields] = useState<Fields>(() => ({
    firstname: '',
    lastname: '',
    email: '',
    password: '',
    role: 'STUDENT',
    timezone: browserTimeZone(),
    country: '',
  }));
  const { errors: fieldErrors, formError, busy: submitting, submit: checkedSubmit } = useCheckedSubmit({ staysBusy: true });
  const zones = useMemo(() => timeZoneOptions(fields.timezone), [fields.timezone]);
  const countries = useMemo(countryOptions, []);

  if (signedIn && !submitting) return <Navigate to={premium.asked ? '/subscriptions#premium' : pathAfterLogin(signedIn, redirect)} replace />;

  const change = fieldSetter(setFields);
  const bind = fieldBinder(fields, fieldErrors, change);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const account = { ...fields, country: fields.country || undefined };
    if (premium.offer) {
      const { role: _, ...details } = account;
      await checkedSubmit(premiumDetailsInput, details, async (request) => {
        const started = await signUpCalls.signUpForPremium(request);
        setSession(sessionFromToken(started));
        setUserLoaded(true);
        openUrl(started.session.url);
      });
      return;
    }
    await checkedSubmit(signUpRequest, account, async (request) => {
      const session = sessionFromToken(await signUpCalls.signUp(request));
      setSession(session);
      setUserLoaded(true);
      navigate(pathAfterLogin(session.user, redirect), { replace: true });
    });
  }

  const loginPath = redirect ? `/login?${new URLSearchParams({ redirect })}` : '/login';

  return (
    <AuthCard
      icon={premium.offer ? Sparkles : UserPlus}
      title={premium.offer ? `Get ${premium.offer.name}` : 'Create your account'}
      subtitle={
        premium.offer
          ? `Create your student account, then pay ${formatMoney(premium.offer.amount, premium.offer.currency)} once for ${premium.offer.months} months of unlimited quizzes, slides and videos.`
          : `Join ${tenantName} to book lessons and follow your progress.`
      }
      wide
    >
      {premium.asked && premium.state === 'missing' && (
        <p className="mt-6 rounded-2xl bg-amber-50 px-4 py-3 text-sm text-amber-900 ring-1 ring-amber-200 dark:bg-amber-950/40 dark:text-amber-100 dark:ring-amber-900">
          Premium is not offered here at the moment. You can still create a free account.
        </p>
      )}
      <form noValidate onSubmit={submit} className="mt-6 space-y-5" aria-describedby={formError ? 'sign-up-error' : undefined}>
        <fieldset hidden={Boolean(premium.offer)}>
          <legend className="text-sm font-medium text-slate-700 dark:text-slate-200">
            I am a
            <span className="text-rose-600 dark:text-rose-400" aria-hidden="true">
              {' '}
              *
            </span>
          </legend>
          <div className="mt-1.5 grid gap-3 sm:grid-cols-2">
            {ROLES.map((role) => {
              const checked = fields.role === role.value;
              return (
                <label
                  key={role.value}
                  className={clsx(
                    'flex cursor-pointer items-center gap-3 rounded-2xl p-3.5 ring-1 transition ring-inset has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand',
                    checked ? 'bg-brand/10 ring-2 ring-brand' : 'ring-slate-300 hover:ring-slate-400 dark:ring-slate-700 dark:hover:ring-slate-600',
                  )}
                >
                  <input type="radio" name="role" value={role.value} checked={checked} onChange={() => change('role', role.value)} className="sr-only" />
                  <span
                    className={clsx(
                      'flex size-10 shrink-0 items-center justify-center rounded-xl',
                      checked ? 'bg-brand text-brand-ink' : 'bg-slate-100 text-slate-600 dark:bg-slate-800 dark:text-slate-300',
                    )}
                  >
                    <role.icon className="size-5" aria-hidden="true" />
                  </span>
                  <span>
                    <span className="block text-sm font-semibold text-slate-900 dark:text-white">{role.label}</span>
                    <span className="block text-xs text-slate-500 dark:text-slate-400">{role.description}</span>
                  </span>
                </label>
              );
            })}
          </div>
          {fieldErrors.role && <p className="mt-1.5 text-sm text-rose-600 dark:text-rose-400">{fieldErrors.role}</p>}
        </fieldset>

        <div className="grid gap-5 sm:grid-cols-2">
          <TextField id="sign-up-firstname" label="First name" name="firstname" autoComplete="given-name" required {...bind('firstname')} />
          <TextField id="sign-up-lastname" label="Last name" name="lastname" autoComplete="family-name" required {...bind('lastname')} />
        </div>
        <EmailField id="sign-up-email" label="Email" name="email" {...bind('email')} placeholder="you@example.com" />
        <PasswordField
          id="sign-up-password"
          label="Password"
          name="password"
          autoComplete="new-password"
          {...bind('password')}
          aria-describedby={fieldErrors.password ? 'sign-up-password-error' : 'sign-up-password-hint'}
        />
        {!fieldErrors.password && (
          <p id="sign-up-password-hint" className="-mt-3.5 text-xs text-slate-500 dark:text-slate-400">
            At least 8 characters.
          </p>
        )}
        <div className="grid gap-5 sm:grid-cols-2">
          <SelectField id="sign-up-timezone" label="Time zone" name="timezone" required {...bind('timezone')} options={zones} />
          <SelectField
            id="sign-up-country"
            label="Country"
            name="country"
            autoComplete="country"
            {...bind('country')}
            options={countries}
            placeholder="Prefer not to say"
          />
        </div>
        {formError && (
          <FormNotice kind="error" id="sign-up-error">
            {formError}
          </FormNotice>
        )}
        {premium.offer ? (
          <AuthSubmit busy={submitting} icon={Sparkles} label="Create account and pay" busyLabel="Preparing your payment…" />
        ) : (
          <AuthSubmit busy={submitting} icon={UserPlus} label="Create account" busyLabel="Creating your account…" />
        )}
      </form>
      <AuthSwitch prompt="Already have an account?" to={loginPath}>
        Sign in
      </AuthSwitch>
    </AuthCard>
  );
}

/** The premium offer when the page was opened to buy it (`?plan=premium`); "missing" where none is on sale. */
function usePremiumOffer(asked: boolean) {
  const [state, setState] = useState<{ state: 'idle' | 'loading' | 'missing' } | { state: 'ready'; offer: PremiumOffer }>({
    state: asked ? 'loading' : 'idle',
  });
  useEffect(() => {
    if (!asked) return;
    const controller = new AbortController();
    signUpCalls.premiumOffer(controller.signal).then(
      (offer) => setState({ state: 'ready', offer }),
      () => {
        if (!controller.signal.aborted) setState({ state: 'missing' });
      },
    );
    return () => controller.abort();
  }, [asked]);
  return { asked, state: state.state, offer: state.state === 'ready' ? state.offer : null };
}
