import { useEffect, useRef, useState } from 'react';
import type { DeviceBacked } from './use-device-backed';

/**
 * Loads one piece of a home page and asks again every `everyMs` while the page is visible (and at once when it
 * becomes visible again), for what changes by the minute, like who is waiting. A failed refresh keeps the last answer.
 */
export function usePolled<T>(key: string, fetcher: () => Promise<T>, everyMs: number): DeviceBacked<T> {
  const [state, setState] = useState<DeviceBacked<T>>({ status: 'loading' });
  const fetcherRef = useRef(fetcher);
  fetcherRef.current = fetcher;
  useEffect(() => {
    let live = true;
    setState({ status: 'loading' });
    const load = () =>
      fetcherRef.current().then(
        (value) => live && setState({ status: 'ready', value, fetchedAt: Date.now(), fromDevice: false }),
        () => live && setState((last) => (last.status === 'ready' ? last : { status: 'failed' })),
      );
    load();
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') load();
    }, everyMs);
    const onVisible = () => {
      if (document.visibilityState === 'visible') load();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      live = false;
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [key, everyMs]);
  return state;
}
