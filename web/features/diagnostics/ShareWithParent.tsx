import { type FormEvent, useState } from 'react';
import { errorMessageText } from '../../lib/errors';
import { type FieldErrors, fieldErrorsOf } from '../../lib/form-errors';
import { primaryButton, secondaryButton } from '../../ui/classes';
import TextField from '../../ui/TextField';
import { useToast } from '../../ui/toast/use-toast';
import { diagnosticCalls } from './api';

/** Sends the result to a parent's address; the mail links back to it. */
export function ShareWithParent({ diagnosticId }: { diagnosticId: string }) {
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function send(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setErrors({});
    setFailure(null);
    try {
      const { message } = await diagnosticCalls.share({ diagnosticId, email, name: name.trim() || undefined });
      toast.success(message);
      setOpen(false);
      setEmail('');
      setName('');
    } catch (error) {
      const fields = fieldErrorsOf(error);
      setErrors(fields);
      if (Object.keys(fields).length === 0) setFailure(errorMessageText(error));
    } finally {
      setBusy(false);
    }
  }

  if (!open)
    return (
      <button type="button" className={secondaryButton} onClick={() => setOpen(true)}>
        Share with a parent
      </button>
    );
  return (
    <form onSubmit={send} noValidate className="w-full space-y-3 rounded-xl bg-slate-50 p-4 dark:bg-slate-800/60" aria-label="Share with a parent">
      <p className="text-sm text-slate-700 dark:text-slate-300">We will e-mail the result with a link to open it, ask us to call, or pay for lessons.</p>
      <TextField
        id="share-email"
        label="Parent’s e-mail address"
        type="email"
        required
        autoComplete="off"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={errors.email}
      />
      <TextField id="share-name" label="Parent’s name (optional)" value={name} onChange={(e) => setName(e.target.value)} error={errors.name} />
      {failure && (
        <p role="alert" className="text-sm text-rose-700 dark:text-rose-300">
          {failure}
        </p>
      )}
      <div className="flex flex-wrap gap-3">
        <button type="submit" className={primaryButton} disabled={busy}>
          {busy ? 'Sending…' : 'Send the result'}
        </button>
        <button type="button" className={secondaryButton} onClick={() => setOpen(false)} disabled={busy}>
          Cancel
        </button>
      </div>
    </form>
  );
}
