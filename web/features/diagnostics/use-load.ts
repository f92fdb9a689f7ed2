import { useCallback, useEffect, useState } from 'react';
import { statusOf } from '../../lib/errors';

export type Load<T> = { state: 'loading' } | { state: 'missing' } | { state: 'failed' } | { state: 'ready'; data: T };

/** One read for a page: a 404 is "missing" (someone else's result looks exactly like none), any other failure "failed". */
export function useLoad<T>(read: (signal: AbortSignal) => Promise<T>) {
  const [load, setLoad] = useState<Load<T>>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    setLoad({ state: 'loading' });
    read(controller.signal).then(
      (data) => setLoad({ state: 'ready', data }),
      (error: unknown) => {
        if (!controller.signal.aborted) setLoad({ state: statusOf(error) === 404 ? 'missing' : 'failed' });
      },
    );
    return () => controller.abort();
  }, [read, attempt]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const replace = useCallback((data: T) => setLoad({ state: 'ready', data }), []);
  return { load, retry, replace };
}
