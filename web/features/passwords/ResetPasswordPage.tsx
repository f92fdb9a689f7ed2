import { KeyRound, ShieldCheck } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { fieldBinder, fieldSetter } from '../../lib/form-fields';
import AuthCard from '../../ui/auth-form/AuthCard';
import AuthSubmit from '../../ui/auth-form/AuthSubmit';
import AuthSwitch from '../../ui/auth-form/AuthSwitch';
import FormNotice from '../../ui/auth-form/FormNotice';
import { PasswordField } from '../../ui/CredentialFields';
import TextField from '../../ui/TextField';
import { useCheckedSubmit } from '../../ui/use-checked-submit';
import { passwordCalls } from './api';
import { resetPasswordForm } from './reset-form';

type Field = 'email' | 'token' | 'password' | 'confirmPassword';

/**
 * Reached from the reset link (email and token in the query) or straight after asking for a link (email only):
 * then the person pastes the code from the e-mail.
 */
export default function ResetPasswordPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const linkEmail = params.get('email') ?? '';
  const linkToken = params.get('token') ?? '';
  const [fields, setFields] = useState<Record<Field, string>>({ email: linkEmail, token: linkToken, password: '', confirmPassword: '' });
  const { errors: fieldErrors, formError, busy: submitting, submit: checkedSubmit } = useCheckedSubmit({ staysBusy: true });

  const bind = fieldBinder(fields, fieldErrors, fieldSetter(setFields));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    await checkedSubmit(resetPasswordForm, fields, async ({ confirmPassword: _confirm, ...body }) => {
      await passwordCalls.reset(body);
      navigate('/login?resetSuccess=1', { replace: true });
    });
  }

  const subtitle = linkToken
    ? `Choose a new password for ${linkEmail || 'your account'}.`
    : linkEmail
      ? `We sent a link to ${linkEmail} if it has an account. Open it, or paste the code from the e-mail here.`
      : 'Paste the code from the e-mail we sent you and choose a new password.';

  return (
    <AuthCard icon={KeyRound} title="Reset your password" subtitle={subtitle}>
      <form noValidate onSubmit={submit} className="mt-6 space-y-5">
        {!linkEmail && (
          <TextField id="reset-email" label="Email" type="email" name="email" autoComplete="email" inputMode="email" required {...bind('email')} />
        )}
        {linkEmail && fieldErrors.email && <FormNotice kind="error">{fieldErrors.email}</FormNotice>}
        {!linkToken && (
          <TextField
            id="reset-token"
            label="Reset code"
            name="token"
            autoComplete="one-time-code"
            spellCheck={false}
            required
            {...bind('token')}
            className="[&_input]:font-mono"
          />
        )}
        <TextField id="reset-password" label="New password" type="password" name="password" autoComplete="new-password" required {...bind('password')} />
        <PasswordField id="reset-confirm" label="Repeat new password" name="confirmPassword" autoComplete="new-password" {...bind('confirmPassword')} />
        {formError && (
          <FormNotice kind="error">
            {formError}
            {linkToken && fieldErrors.token && (
              <>
                {' '}
                <Link to={`/forgot-password?${new URLSearchParams({ email: fields.email })}`} className="font-semibold underline">
                  Send a new link
                </Link>
              </>
            )}
          </FormNotice>
        )}
        <AuthSubmit busy={submitting} icon={ShieldCheck} label="Set new password" busyLabel="Saving…" />
      </form>
      <AuthSwitch prompt="No e-mail?" to={`/forgot-password${fields.email ? `?${new URLSearchParams({ email: fields.email })}` : ''}`}>
        Send another link
      </AuthSwitch>
    </AuthCard>
  );
}
