import type { LucideIcon } from 'lucide-react';
import { primaryButton } from '../classes';
import Spinner from '../Spinner';

/** The full-width submit button of an account-entry form, which spins and says what it is doing while it sends. */
export default function AuthSubmit({ busy, icon: Icon, label, busyLabel }: { busy: boolean; icon: LucideIcon; label: string; busyLabel: string }) {
  return (
    <button type="submit" disabled={busy} aria-busy={busy} className={`w-full py-3 ${primaryButton}`}>
      {busy ? <Spinner className="size-4" /> : <Icon className="size-4" aria-hidden="true" />}
      {busy ? busyLabel : label}
    </button>
  );
}
