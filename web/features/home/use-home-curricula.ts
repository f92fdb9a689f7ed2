import { useCallback, useEffect, useState } from 'react';
import type { HomeCurriculum } from '../../../schema/contracts/learning';

export type { HomeCurriculum };

export type HomeCurriculaState = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; curricula: HomeCurriculum[] };

export const HOME_CURRICULA_URL = '/api/curriculums/getCurriculumsForHomePage';

/** Loads the public curriculum catalogue for the landing page; `retry` fetches again after a failure. */
export function useHomeCurricula(): HomeCurriculaState & { retry: () => void } {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<HomeCurriculaState>({ status: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    fetch(HOME_CURRICULA_URL, { signal: controller.signal, headers: { accept: 'application/json' } })
      .then(async (response) => {
        if (!response.ok) throw new Error(`The server answered ${response.status}.`);
        const body: unknown = await response.json();
        // A shape check only: parsing with the zod contract would pull zod into the landing page's first load.
        if (!Array.isArray(body)) throw new Error('The server sent an unexpected answer.');
        setState({ status: 'ready', curricula: body as HomeCurriculum[] });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setState({ status: 'error', message: error instanceof Error ? error.message : String(error) });
      });
    return () => controller.abort();
  }, [attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, retry };
}
