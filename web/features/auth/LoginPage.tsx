import { useAtomValue } from 'jotai';
import { CircleAlert, CircleCheck, LogIn } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { errorToastText, fieldErrorsOf } from '../../lib/errors';
import { primaryButton } from '../../ui/classes';
import Spinner from '../../ui/Spinner';
import { useToast } from '../../ui/toast/use-toast';
import { isPartnerAtom, tenantNameAtom } from '../tenant/atoms';
import { pathAfterLogin } from './after-login';
import { signedInUserAtom } from './atoms';
import DemoLogins from './DemoLogins';
import { loginForm } from './login-schema';
import TextField from './TextField';
import { useSignIn } from './use-sign-in';

type FieldErrors = Partial<Record<'email' | 'password', string>>;

export default function LoginPage() {
  const tenantName = useAtomValue(tenantNameAtom);
  const isPartner = useAtomValue(isPartnerAtom);
  const signedIn = useAtomValue(signedInUserAtom);
  const signIn = useSignIn();
  const toast = useToast();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  if (signedIn && !submitting) return <Navigate to={pathAfterLogin(signedIn, params.get('redirect'))} replace />;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    const parsed = loginForm.safeParse({ email, password });
    if (!parsed.success) {
      const errors: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if ((field === 'email' || field === 'password') && !errors[field]) errors[field] = issue.message;
      }
      setFieldErrors(errors);
      return;
    }
    setFieldErrors({});
    setSubmitting(true);
    try {
      const session = await signIn(parsed.data.email, parsed.data.password);
      navigate(pathAfterLogin(session.user, params.get('redirect')), { replace: true });
    } catch (error) {
      const fromServer = fieldErrorsOf(error);
      setFieldErrors({ email: fromServer.username ?? fromServer.email, password: fromServer.password });
      setFormError(errorToastText(error));
      toast.error(error);
      setSubmitting(false);
    }
  }

  const pickDemo = (demoEmail: string, demoPassword: string) => {
    setEmail(demoEmail);
    setPassword(demoPassword);
    setFieldErrors({});
    setFormError(null);
  };

  return (
    <div className="relative isolate flex min-h-[calc(100vh-4rem)] items-start justify-center px-4 py-10 sm:items-center sm:py-16">
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[radial-gradient(50rem_24rem_at_50%_-10%,color-mix(in_oklab,var(--brand)_18%,transparent),transparent)]"
      />
      <div className="w-full max-w-md">
        <div className="rounded-3xl bg-white p-6 shadow-xl ring-1 shadow-slate-900/5 ring-slate-200 sm:p-8 dark:bg-slate-900 dark:shadow-black/30 dark:ring-slate-800">
          <span className="flex size-12 items-center justify-center rounded-2xl bg-brand/15 text-brand">
            <LogIn className="size-6" aria-hidden="true" />
          </span>
          <h1 className="mt-5 text-2xl font-bold tracking-tight text-slate-900 dark:text-white">Sign in</h1>
          <p className="mt-1.5 text-sm text-slate-600 dark:text-slate-400">Welcome back to {tenantName}. Sign in to see your lessons.</p>

          {params.has('resetSuccess') && (
            <p role="status" className="mt-5 flex items-start gap-2 rounded-xl bg-emerald-50 px-3.5 py-3 text-sm text-emerald-900 ring-1 ring-emerald-200 ring-inset dark:bg-emerald-950 dark:text-emerald-100 dark:ring-emerald-800">
              <CircleCheck className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              Your password was reset. Sign in with your new password.
            </p>
          )}

          <form noValidate onSubmit={submit} className="mt-6 space-y-5" aria-describedby={formError ? 'login-error' : undefined}>
            <TextField
              id="login-email"
              label="Email"
              type="email"
              name="email"
              autoComplete="email"
              inputMode="email"
              required
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              error={fieldErrors.email}
              placeholder="you@example.com"
            />
            <TextField
              id="login-password"
              label="Password"
              type="password"
              name="password"
              autoComplete="current-password"
              required
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              error={fieldErrors.password}
            />
            {formError && (
              <p
                id="login-error"
                data-testid="login-error"
                className="flex items-start gap-2 rounded-xl bg-rose-50 px-3.5 py-3 text-sm text-rose-900 ring-1 ring-rose-200 ring-inset dark:bg-rose-950 dark:text-rose-100 dark:ring-rose-800"
              >
                <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                {formError}
              </p>
            )}
            <button type="submit" disabled={submitting} aria-busy={submitting} className={`w-full py-3 ${primaryButton}`}>
              {submitting ? <Spinner className="size-4" /> : <LogIn className="size-4" aria-hidden="true" />}
              {submitting ? 'Signing in…' : 'Sign in'}
            </button>
          </form>
        </div>
        {!isPartner && <DemoLogins onPick={pickDemo} />}
      </div>
    </div>
  );
}
