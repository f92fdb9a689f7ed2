import { useEffect } from 'react';
import OfflineChip from './OfflineChip';
import { registerServiceWorker } from './service-worker';
import UpdateReady from './UpdateReady';

/** Once the page has loaded, so precaching the app never competes with the first paint. */
function useServiceWorker() {
  useEffect(() => {
    const start = () => registerServiceWorker();
    if (document.readyState === 'complete') start();
    else addEventListener('load', start, { once: true });
    return () => removeEventListener('load', start);
  }, []);
}

/**
 * The shell's offline side, loaded after the first paint as one small chunk: the service worker's registration,
 * the header's offline mark and the update note.
 */
export default function OfflineStatus() {
  useServiceWorker();
  return (
    <>
      <OfflineChip />
      <UpdateReady />
    </>
  );
}
