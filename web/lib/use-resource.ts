import { useCallback, useEffect, useState } from 'react';
import { type ApiOptions, api } from './api';
import { statusOf } from './errors';

export type Resource<T> =
  | { status: 'loading' }
  | { status: 'missing' }
  | { status: 'error'; retry: () => void }
  | { status: 'ready'; data: T; reload: () => void };

/** One GET for a page: a 404 becomes "missing" (the page then shows Not Found), any other failure "error". */
export function useResource<T>(path: string | null, query?: ApiOptions['query']): Resource<T> {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<{ status: 'loading' | 'missing' | 'error' } | { status: 'ready'; data: T }>({ status: 'loading' });
  const key = JSON.stringify(query ?? {});
  useEffect(() => {
    if (!path) return;
    const controller = new AbortController();
    setState({ status: 'loading' });
    api<T>(path, { query: JSON.parse(key) as ApiOptions['query'], signal: controller.signal })
      .then((data) => setState({ status: 'ready', data }))
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setState({ status: statusOf(error) === 404 ? 'missing' : 'error' });
      });
    return () => controller.abort();
  }, [path, key, attempt]);
  const again = useCallback(() => setAttempt((n) => n + 1), []);
  if (state.status === 'ready') return { ...state, reload: again };
  if (state.status === 'error') return { status: 'error', retry: again };
  return { status: state.status };
}
