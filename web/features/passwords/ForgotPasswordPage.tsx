import { KeyRound, Send } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { forgotPasswordRequest } from '../../../schema/contracts/passwords';
import AuthCard from '../../ui/auth-form/AuthCard';
import AuthSubmit from '../../ui/auth-form/AuthSubmit';
import AuthSwitch from '../../ui/auth-form/AuthSwitch';
import FormNotice from '../../ui/auth-form/FormNotice';
import { EmailField } from '../../ui/CredentialFields';
import { useToast } from '../../ui/toast/use-toast';
import { useCheckedSubmit } from '../../ui/use-checked-submit';
import { passwordCalls } from './api';

export default function ForgotPasswordPage() {
  const toast = useToast();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [email, setEmail] = useState(params.get('email') ?? '');
  const { errors, formError, busy: submitting, submit: checkedSubmit } = useCheckedSubmit({ staysBusy: true });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    await checkedSubmit(forgotPasswordRequest, { email }, async (request) => {
      const answer = await passwordCalls.forgot(request);
      toast.success(answer.message);
      navigate(`/reset-password?${new URLSearchParams({ email: request.email })}`);
    });
  }

  return (
    <AuthCard icon={KeyRound} title="Forgot your password?" subtitle="Enter the email you sign in with and we will send you a link to choose a new password.">
      <form noValidate onSubmit={submit} className="mt-6 space-y-5">
        <EmailField
          id="forgot-email"
          label="Email"
          name="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={errors.email}
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
