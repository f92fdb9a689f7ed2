import { useAtomValue } from 'jotai';
import { LogIn } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { isPartnerAtom, tenantNameAtom } from '../../entities/tenant/atoms';
import { pathAfterLogin } from '../../lib/after-login';
import { fieldBinder, fieldSetter } from '../../lib/form-fields';
import { signedInUserAtom } from '../../lib/session';
import AuthCard from '../../ui/auth-form/AuthCard';
import AuthSubmit from '../../ui/auth-form/AuthSubmit';
import AuthSwitch from '../../ui/auth-form/AuthSwitch';
import FormNotice from '../../ui/auth-form/FormNotice';
import { EmailField, PasswordField } from '../../ui/CredentialFields';
import { useCheckedSubmit } from '../../ui/use-checked-submit';
import DemoLogins from './DemoLogins';
import { loginForm } from './login-schema';
import { useSignIn } from './use-sign-in';

const textLink = 'font-semibold text-brand-deep hover:underline dark:text-brand';

export default function LoginPage() {
  const tenantName = useAtomValue(tenantNameAtom);
  const isPartner = useAtomValue(isPartnerAtom);
  const signedIn = useAtomValue(signedInUserAtom);
  const signIn = useSignIn();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [credentials, setCredentials] = useState({ email: '', password: '' });
  const {
    errors: fieldErrors,
    setErrors: setFieldErrors,
    formError,
    setFormError,
    busy: submitting,
    submit: checkedSubmit,
  } = useCheckedSubmit({ fieldsOf: (fromServer) => ({ email: fromServer.username ?? fromServer.email, password: fromServer.password }), staysBusy: true });
  const bind = fieldBinder(credentials, fieldErrors, fieldSetter(setCredentials));
  const redirect = params.get('redirect');

  if (signedIn && !submitting) return <Navigate to={pathAfterLogin(signedIn, redirect)} replace />;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    await checkedSubmit(loginForm, credentials, async (login) => {
      const session = await signIn(login.email, login.password);
      navigate(pathAfterLogin(session.user, redirect), { replace: true });
    });
  }

  const pickDemo = (demoEmail: string, demoPassword: string) => {
    setCredentials({ email: demoEmail, password: demoPassword });
    setFieldErrors({});
    setFormError(null);
  };

  const signUpPath = redirect ? `/sign-up?${new URLSearchParams({ redirect })}` : '/sign-up';

  return (
    <AuthCard
      icon={LogIn}
      title="Sign in"
      subtitle={`Welcome back to ${tenantName}. Sign in to see your lessons.`}
      footer={!isPartner && <DemoLogins onPick={pickDemo} />}
    >
      {params.has('resetSuccess') && (
        <div className="mt-5">
          <FormNotice kind="success">Your password was reset. Sign in with your new password.</FormNotice>
        </div>
      )}

      <form noValidate onSubmit={submit} className="mt-6 space-y-5" aria-describedby={formError ? 'login-error' : undefined}>
        <EmailField id="login-email" label="Email" name="email" {...bind('email')} placeholder="you@example.com" />
        <div>
          <PasswordField id="login-password" label="Password" name="password" autoComplete="current-password" {...bind('password')} />
          <p className="mt-2 text-right text-sm">
            <Link to={credentials.email ? `/forgot-password?${new URLSearchParams({ email: credentials.email })}` : '/forgot-password'} className={textLink}>
              Forgot password?
            </Link>
          </p>
        </div>
        {formError && (
          <FormNotice kind="error" id="login-error" testId="login-error">
            {formError}
          </FormNotice>
        )}
        <AuthSubmit busy={submitting} icon={LogIn} label="Sign in" busyLabel="Signing in…" />
      </form>
      <AuthSwitch prompt={`New to ${tenantName}?`} to={signUpPath} linkClassName={textLink}>
        Create an account
      </AuthSwitch>
    </AuthCard>
  );
}
