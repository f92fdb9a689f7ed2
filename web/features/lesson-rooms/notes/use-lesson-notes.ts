import { useEffect, useReducer, useState } from 'react';
import type LessonNotesComponent from './LessonNotes';

type LessonNotes = typeof LessonNotesComponent;

let loaded: LessonNotes | null = null;
let loading: Promise<unknown> | null = null;

/**
 * Starts fetching the notes editor (Tiptap and KaTeX, the heaviest part of the room) beside the room's own code,
 * so it is not a second round of loading after the room has rendered.
 */
export function preloadLessonNotes() {
  loading ??= import('./LessonNotes').then(
    (module) => {
      loaded = module.default;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/**
 * The notes editor's component once its code is here, else null. Its arrival is a state update, not a Suspense
 * retry, which React would hold back until 300 ms after the fallback appeared. A failed import is thrown to the
 * page's load-failure screen, whose Retry imports again.
 */
export function useLessonNotes(): LessonNotes | null {
  const [, arrived] = useReducer((count: number) => count + 1, 0);
  const [failure, setFailure] = useState<{ error: unknown } | null>(null);
  useEffect(() => {
    if (loaded) return;
    let live = true;
    preloadLessonNotes().then(
      () => live && arrived(),
      (error: unknown) => live && setFailure({ error }),
    );
    return () => {
      live = false;
    };
  }, []);
  if (failure) throw failure.error;
  return loaded;
}
