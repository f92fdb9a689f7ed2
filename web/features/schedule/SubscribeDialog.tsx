import { Copy, RefreshCw } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { CalendarFeed } from '../../../schema/contracts/schedule';
import { fieldClass, primaryButton, secondaryButton, smallButton } from '../../ui/classes';
import { Dialog } from '../../ui/Dialog';
import Spinner from '../../ui/Spinner';
import { useToast } from '../../ui/toast/use-toast';
import { scheduleCalls } from './api';
import { webcalUrl } from './calendar-files';

/** The personal feed: make a link once, paste it into any calendar app, make a new one if it leaks. */
export default function SubscribeDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const toast = useToast();
  const [feed, setFeed] = useState<CalendarFeed | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!open) return;
    setFeed(null);
    scheduleCalls
      .feed()
      .then(setFeed)
      .catch((error: unknown) => toast.error(error));
  }, [open, toast]);

  const change = async (method: 'POST' | 'DELETE') => {
    setBusy(true);
    try {
      setFeed(await scheduleCalls.changeFeed(method));
    } catch (error) {
      toast.error(error);
    } finally {
      setBusy(false);
    }
  };
  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      toast.success('Calendar link copied');
    } catch (error) {
      toast.error(error);
    }
  };

  return (
    <Dialog open={open} onClose={onClose} title="Subscribe to your lessons">
      <p className="text-sm text-slate-600 dark:text-slate-400">
        Add this private link to Google Calendar, Apple Calendar or Outlook (“From URL” or “Subscribe”). Your lessons then appear there and stay up to date.
        Anyone with the link can see your lessons, so keep it to yourself.
      </p>
      {!feed ? (
        <div role="status" className="flex justify-center py-6 text-brand-deep">
          <Spinner className="size-6" />
          <span className="sr-only">Loading…</span>
        </div>
      ) : feed.url ? (
        <div className="mt-5 space-y-4">
          <div>
            <label htmlFor="feed-url" className="block text-sm font-medium text-slate-700 dark:text-slate-200">
              Your calendar link
            </label>
            <div className="mt-1.5 flex gap-2">
              <input id="feed-url" readOnly value={feed.url} onFocus={(e) => e.currentTarget.select()} className={fieldClass()} />
              <button type="button" className={smallButton} onClick={() => void copy(feed.url!)}>
                <Copy className="size-4" aria-hidden="true" />
                Copy
              </button>
            </div>
          </div>
          <div className="flex flex-wrap gap-2">
            <a href={webcalUrl(feed.url)} className={primaryButton}>
              Open in calendar app
            </a>
            <button type="button" className={secondaryButton} disabled={busy} onClick={() => void change('POST')}>
              <RefreshCw className="size-4" aria-hidden="true" />
              Make a new link
            </button>
            <button
              type="button"
              className="px-2 text-sm font-semibold text-rose-600 hover:underline disabled:opacity-60 dark:text-rose-400"
              disabled={busy}
              onClick={() => void change('DELETE')}
            >
              Stop sharing
            </button>
          </div>
          <p className="text-xs text-slate-500 dark:text-slate-400">A new link stops the old one at once.</p>
        </div>
      ) : (
        <div className="mt-5">
          <button type="button" className={primaryButton} disabled={busy} onClick={() => void change('POST')}>
            {busy && <Spinner className="size-4" />}
            Create calendar link
          </button>
        </div>
      )}
    </Dialog>
  );
}
