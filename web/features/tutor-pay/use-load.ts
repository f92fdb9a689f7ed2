import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessageText } from '../../lib/errors';

export type Load<T> = { state: 'loading' } | { state: 'failed'; reason: string } | { state: 'ready'; data: T };

/**
 * One read that runs whenever `key` (what the read depends on) changes, and again on `again()`, which keeps the
 * figures on screen until the new ones arrive. What was read for another key is never shown, not even for the one
 * render before the new read starts, and an answer overtaken by a newer read is dropped.
 */
export function useLoad<T>(read: () => Promise<T>, key: string) {
  const [shown, setShown] = useState<{ key: string; load: Load<T> }>({ key, load: { state: 'loading' } });
  const [attempt, setAttempt] = useState(0);
  const readRef = useRef(read);
  readRef.current = read;
  useEffect(() => {
    let current = true;
    setShown((before) => (before.key === key && before.load.state === 'ready' ? before : { key, load: { state: 'loading' } }));
    readRef.current().then(
      (data) => current && setShown({ key, load: { state: 'ready', data } }),
      (error: unknown) => current && setShown({ key, load: { state: 'failed', reason: errorMessageText(error) } }),
    );
    return () => {
      current = false;
    };
  }, [key, attempt]);
  const again = useCallback(() => setAttempt((n) => n + 1), []);
  const load: Load<T> = shown.key === key ? shown.load : { state: 'loading' };
  return { load, again };
}
