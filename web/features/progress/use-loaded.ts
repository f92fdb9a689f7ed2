import { useCallback, useEffect, useRef, useState } from 'react';
import { statusOf } from '../../lib/errors';
import type { Resource } from '../../lib/use-resource';

/**
 * As useResource, for a load that is not a plain GET (subject progress is a POST in the spec). `key` names what the
 * load reads: it runs again when the key changes, not for each new closure a render makes.
 */
export function useLoaded<T>(load: (signal: AbortSignal) => Promise<T>, key: string): Resource<T> {
  const latest = useRef(load);
  latest.current = load;
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<{ status: 'loading' | 'missing' | 'error' } | { status: 'ready'; data: T }>({ status: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    latest
      .current(controller.signal)
      .then((data) => setState({ status: 'ready', data }))
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setState({ status: statusOf(error) === 404 ? 'missing' : 'error' });
      });
    return () => controller.abort();
  }, [key, attempt]);
  const again = useCallback(() => setAttempt((n) => n + 1), []);
  if (state.status === 'ready') return { ...state, reload: again };
  if (state.status === 'error') return { status: 'error', retry: again };
  return { status: state.status };
}
