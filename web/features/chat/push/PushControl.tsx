import clsx from 'clsx';
import { Bell, BellOff } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useActiveImpersonation } from '../../../entities/impersonation/active-impersonation';
import { forgetPush, type PushAvailability, pushAvailability, turnOnPush } from '../../../lib/push-client';
import { secondaryButton } from '../../../ui/classes';
import Spinner from '../../../ui/Spinner';
import { useToast } from '../../../ui/toast/use-toast';

const note = 'text-xs text-slate-500 dark:text-slate-400';

/**
 * The notifications panel's push switch. Permission is asked only when the person presses "Turn on notifications",
 * never on page load; a development build or a deployment without VAPID keys says so instead of pretending.
 */
export default function PushControl({ production = import.meta.env.PROD }: { production?: boolean }) {
  // The server refuses it too: an admin's browser must not receive the messages of the person they act as.
  if (useActiveImpersonation()) return <p className={note}>Push notifications cannot be turned on while acting as another user.</p>;
  return <PushSwitch production={production} />;
}

function PushSwitch({ production }: { production: boolean }) {
  const toast = useToast();
  const [availability, setAvailability] = useState<PushAvailability | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    pushAvailability(production).then(
      (found) => live && setAvailability(found),
      () => live && setAvailability({ status: 'unsupported', publicKey: null }),
    );
    return () => {
      live = false;
    };
  }, [production]);

  const change = async (action: () => Promise<PushAvailability['status']>) => {
    setBusy(true);
    try {
      const status = await action();
      setAvailability((now) => now && { ...now, status });
    } catch (error) {
      toast.error(error);
    } finally {
      setBusy(false);
    }
  };

  if (!availability) {
    return (
      <p role="status" className={clsx(note, 'flex items-center gap-2')}>
        <Spinner className="size-3.5" /> Checking push notifications…
      </p>
    );
  }
  const { status, publicKey } = availability;
  if (status === 'not-configured')
    return <p className={note}>Push is off on this site: it has no push keys set up yet, so notices come in the app and by e-mail.</p>;
  if (status === 'unsupported') return <p className={note}>This browser cannot show push notifications.</p>;
  if (status === 'blocked') return <p className={note}>Notifications are blocked for this site. Allow them in your browser's site settings to turn them on.</p>;
  if (status === 'on') {
    return (
      <div className="flex items-center justify-between gap-2">
        <p className={note}>Push notifications are on in this browser.</p>
        <button
          type="button"
          className={clsx(secondaryButton, 'shrink-0 px-3 py-1.5 text-xs')}
          disabled={busy}
          onClick={() => void change(async () => (await forgetPush(), 'off'))}
        >
          <BellOff className="size-3.5" aria-hidden="true" />
          Turn off
        </button>
      </div>
    );
  }
  return (
    <button type="button" className={clsx(secondaryButton, 'w-full py-2')} disabled={busy} onClick={() => void change(() => turnOnPush(publicKey!))}>
      {busy ? <Spinner className="size-4" /> : <Bell className="size-4" aria-hidden="true" />}
      Turn on notifications
    </button>
  );
}
