import type { KeyboardEvent } from 'react';
import type * as Y from 'yjs';
import { focusRing } from '../../../ui/classes';

/** The graph panel's compact fields, for a narrow column beside the board or a phone's sheet. */
export const field = `min-w-0 rounded-lg border-0 bg-white px-2 py-1.5 text-sm text-slate-900 ring-1 ring-inset ring-slate-300 focus:ring-2 focus:ring-brand focus:outline-none disabled:bg-slate-50 disabled:text-slate-500 dark:bg-slate-950 dark:text-white dark:ring-slate-700 dark:disabled:bg-slate-900 dark:disabled:text-slate-400`;
export const iconOnly = `inline-flex size-8 shrink-0 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 disabled:opacity-40 dark:text-slate-300 dark:hover:bg-slate-800 ${focusRing}`;
export const errorText = 'text-xs text-rose-700 dark:text-rose-300';
export const numberText = new Intl.NumberFormat(undefined, { maximumFractionDigits: 3 });

/** Enter commits a field, Escape drops what was typed. */
export const commitKeys = (commit: () => void, drop: () => void) => (event: KeyboardEvent<HTMLInputElement>) => {
  if (event.key === 'Enter') {
    event.preventDefault();
    commit();
  } else if (event.key === 'Escape') {
    event.stopPropagation();
    drop();
  }
};

/** What every part of the panel writes with: the board document, this person's origin, the graph. */
export type Part = { doc: Y.Doc; origin: object; graphId: string; readOnly: boolean };

/** Fields typed but not yet committed, by name. */
export type Drafts<K extends string> = Partial<Record<K, string>>;
