import { KeyRound, Send } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { forgotPasswordRequest } from '../../../schema/contracts/passwords';
import { errorToastText } from '../../lib/errors';
import { fieldErrorsOf, zodFieldErrors } from '../../lib/form-errors';
import TextField from '../../ui/TextField';
import { useToast } from '../../ui/toast/use-toast';
import AuthCard from '../auth/AuthCard';
import AuthSubmit from '../auth/AuthSubmit';
import AuthSwitch from '../auth/AuthSwitch';
import FormNotice from '../auth/FormNotice';
import { passwordCalls } from './api';

export default function ForgotPasswordPage() {
  const toast = useToast();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    const parsed = forgotPasswordRequest.safeParse({ email });
    if (!parsed.success) {
      setFieldError(zodFieldErrors(parsed.error).email);
      return;
    }
    setFieldError(undefined);
    setSubmitting(true);
    try {
      const answer = await passwordCalls.forgot(parsed.data);
      toast.success(answer.message);
      navigate(`/reset-password?${new URLSearchParams({ email: parsed.data.email })}`);
    } catch (error) {
      setFieldError(fieldErrorsOf(error).email);
      setFormError(errorToastText(error));
      toast.error(error);
      setSubmitting(false);
    }
  }

  return (
    <AuthCard icon={KeyRound} title="Forgot your password?" subtitle="Enter the email you sign in with and we will send you a link to choose a new password.">
      <form noValidate onSubmit={submit} className="mt-6 space-y-5">
        <TextField
          id="forgot-email"
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={fieldError}
          placeholder="you@example.com"
        />
        {formError && <FormNotice kind="error">{formError}</FormNotice>}
        <AuthSubmit busy={submitting} icon={Send} label="Send reset link" busyLabel="Sending…" />
      </form>
      <AuthSwitch prompt="Remembered it?" to="/login">
        Back to sign in
      </AuthSwitch>
    </AuthCard>
  );
}
