import { useEffect, useReducer, useState } from 'react';

/**
 * A module's default export fetched once, on demand or ahead of time. Its arrival re-renders the component that
 * waits for it — a state update, not a Suspense retry, which React would hold back until 300 ms after a fallback
 * appeared. A failed import is forgotten, so the next wait imports again, and thrown to the nearest error boundary.
 */
export function codeOnce<T>(load: () => Promise<{ default: T }>) {
  let loaded: T | null = null;
  let loading: Promise<T> | null = null;
  const preload = () => {
    loading ??= load().then(
      (module) => {
        loaded = module.default;
        return module.default;
      },
      (error: unknown) => {
        loading = null;
        throw error;
      },
    );
    return loading;
  };

  /** The export once it is here, else null (and the fetch started). */
  function useLoaded(): T | null {
    const [, arrived] = useReducer((count: number) => count + 1, 0);
    const [failure, setFailure] = useState<{ error: unknown } | null>(null);
    const rendered = loaded;
    useEffect(() => {
      // The code can arrive between a render without it and this effect: that render must be redone.
      if (loaded) {
        if (!rendered) arrived();
        return;
      }
      let live = true;
      preload().then(
        () => live && arrived(),
        (error: unknown) => live && setFailure({ error }),
      );
      return () => {
        live = false;
      };
    }, [rendered]);
    if (failure) throw failure.error;
    return loaded;
  }

  /** The export if it is here already, else null. */
  const current = () => loaded;

  return { preload, useLoaded, current };
}
