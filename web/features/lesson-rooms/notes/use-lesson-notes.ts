import { codeOnce } from '../../../lib/code-once';

/**
 * The notes editor (Tiptap and KaTeX, the heaviest part of the room), fetched beside the room's own code so it is
 * not a second round of loading after the room has rendered. A failed import reaches the page's load-failure
 * screen, whose Retry imports again.
 */
const notes = codeOnce(() => import('./LessonNotes'));

export const preloadLessonNotes = notes.preload;

/** The notes editor's component once its code is here, else null. */
export const useLessonNotes = notes.useLoaded;
