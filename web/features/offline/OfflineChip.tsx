import { useAtomValue } from 'jotai';
import { onlineAtom } from './connection';

/** The header's mark that the app is running from the device: what is shown is the last known, changes wait. */
export default function OfflineChip() {
  const online = useAtomValue(onlineAtom);
  if (online) return null;
  return (
    <span
      role="status"
      data-testid="offline-chip"
      title="What is on this device still works; changes are sent when you are back online."
      className="inline-flex items-center gap-1.5 rounded-full bg-amber-100 px-3 py-1 text-xs font-semibold text-amber-900 dark:bg-amber-500/15 dark:text-amber-200"
    >
      <span className="size-2 rounded-full bg-amber-500" aria-hidden="true" />
      Offline
    </span>
  );
}
