import { Save } from 'lucide-react';
import { useEffect, useState } from 'react';
import {
  type NotificationChannel,
  type NotificationKind,
  type NotificationPreferences,
  notificationChannels,
  notificationChannelWords,
  notificationKinds,
  notificationKindWords,
} from '../../../schema/contracts/notifications';
import { cardClass, primaryButton } from '../../ui/classes';
import { InlineLoadFailure } from '../../ui/InlineLoadFailure';
import { LoadingStatus } from '../../ui/LoadingStatus';
import { useToast } from '../../ui/toast/use-toast';
import { noticeCalls } from './api';

/** What reaches the person where: one switch per kind of notice and channel, saved together. */
export function PreferencesForm({ pushNote }: { pushNote: string }) {
  const toast = useToast();
  const [saved, setSaved] = useState<NotificationPreferences | null>(null);
  const [draft, setDraft] = useState<NotificationPreferences | null>(null);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);

  const load = () => {
    setFailed(false);
    noticeCalls.preferences().then(
      (preferences) => {
        setSaved(preferences);
        setDraft(preferences);
      },
      () => setFailed(true),
    );
  };
  useEffect(load, []);

  if (failed) return <InlineLoadFailure what="Your notification settings" onRetry={load} />;
  if (!draft || !saved) return <LoadingStatus className="py-8" />;

  const toggle = (kind: NotificationKind, channel: NotificationChannel) =>
    setDraft((now) => now && { ...now, [kind]: { ...now[kind], [channel]: !now[kind][channel] } });
  const changed = JSON.stringify(draft) !== JSON.stringify(saved);
  const save = async () => {
    setBusy(true);
    try {
      const answer = await noticeCalls.savePreferences(draft);
      setSaved(answer);
      setDraft(answer);
      toast.success('Notification settings saved.');
    } catch (error) {
      toast.error(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="notice-settings-heading" className={`${cardClass} p-5 sm:p-6`}>
      <h2 id="notice-settings-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
        What reaches you where
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{pushNote}</p>
      <div className="mt-4 overflow-x-auto">
        <table className="w-full min-w-[28rem] text-left text-sm">
          <thead>
            <tr className="text-slate-500 dark:text-slate-400">
              <th scope="col" className="py-2 pr-4 font-medium">
                Notices about
              </th>
              {notificationChannels.map((channel) => (
                <th key={channel} scope="col" className="px-2 py-2 text-center font-medium">
                  {notificationChannelWords[channel]}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {notificationKinds.map((kind) => (
              <tr key={kind} className="border-t border-slate-200 dark:border-slate-800">
                <th scope="row" className="py-3 pr-4 font-normal">
                  <span className="block font-medium text-slate-900 dark:text-white">{notificationKindWords[kind].label}</span>
                  <span className="block text-xs text-slate-500 dark:text-slate-400">{notificationKindWords[kind].hint}</span>
                </th>
                {notificationChannels.map((channel) => (
                  <td key={channel} className="px-2 py-3 text-center">
                    <input
                      type="checkbox"
                      className="size-5 accent-[var(--tenant-primary)]"
                      checked={draft[kind][channel]}
                      onChange={() => toggle(kind, channel)}
                      aria-label={`${notificationKindWords[kind].label}: ${notificationChannelWords[channel].toLowerCase()}`}
                    />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <button type="button" className={`${primaryButton} mt-4`} disabled={!changed || busy} onClick={() => void save()}>
        <Save className="size-4" aria-hidden="true" />
        {busy ? 'Saving…' : 'Save settings'}
      </button>
    </section>
  );
}
