import { focusRing } from '../../ui/classes';

/** The small pill buttons under the board (bookmark, export, import, bookmarks, record, replay): one look for all. */
export const roomFooterButton = `inline-flex items-center gap-1 rounded-full px-2.5 py-1 font-medium ring-1 ring-slate-300 hover:bg-slate-100 disabled:opacity-60 dark:ring-slate-600 dark:hover:bg-slate-800 ${focusRing}`;
