import { useEffect, useState } from 'react';
import { type DeviceCopy, withDeviceCopy } from '../../lib/device-copy';

export type DeviceBacked<T> = { status: 'loading' } | { status: 'failed' } | ({ status: 'ready' } & DeviceCopy<T>);

/**
 * Loads one piece of a home page and keeps it on the device, so the page still shows its last data offline. `key`
 * names the copy and changes when what is asked for changes.
 */
export function useDeviceBacked<T>(key: string | null, fetcher: () => Promise<T>): DeviceBacked<T> {
  const [state, setState] = useState<DeviceBacked<T>>({ status: 'loading' });
  useEffect(() => {
    if (!key) return;
    let live = true;
    setState({ status: 'loading' });
    withDeviceCopy(key, fetcher).then(
      (copy) => live && setState({ status: 'ready', ...copy }),
      () => live && setState({ status: 'failed' }),
    );
    return () => {
      live = false;
    };
    // The key names the request: a new fetcher for the same key asks for the same thing.
  }, [key]);
  return state;
}
