import clsx from 'clsx';

/** Shared class strings so every button and field in the shell looks the same. */
export const focusRing = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand';

export const primaryButton = `inline-flex items-center justify-center gap-2 rounded-full bg-brand px-5 py-2.5 text-sm font-semibold text-brand-ink shadow-sm transition hover:bg-brand-strong hover:text-white dark:hover:text-slate-950 disabled:cursor-not-allowed disabled:opacity-60 ${focusRing}`;

export const secondaryButton = `inline-flex items-center justify-center gap-2 rounded-full bg-white px-5 py-2.5 text-sm font-semibold text-slate-800 ring-1 ring-slate-300 ring-inset transition hover:bg-slate-50 dark:bg-slate-900 dark:text-slate-100 dark:ring-slate-700 dark:hover:bg-slate-800 disabled:cursor-not-allowed disabled:opacity-50 disabled:hover:bg-white dark:disabled:hover:bg-slate-900 ${focusRing}`;

export const iconButton = `inline-flex size-10 items-center justify-center rounded-full text-slate-600 transition hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white ${focusRing}`;

export const fieldClass = (error?: string) =>
  clsx(
    'block w-full rounded-xl border-0 bg-white px-3.5 py-2.5 text-base text-slate-900 shadow-sm ring-1 ring-inset placeholder:text-slate-400 focus:ring-2 focus:outline-none sm:text-sm dark:bg-slate-900 dark:text-white',
    error ? 'ring-rose-400 focus:ring-rose-500 dark:ring-rose-500' : 'ring-slate-300 focus:ring-brand dark:ring-slate-700',
  );

export const cardClass = 'rounded-2xl bg-white ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800';
export const dangerButton = `inline-flex items-center justify-center gap-2 rounded-full bg-rose-600 px-5 py-2.5 text-sm font-semibold text-white shadow-sm transition hover:bg-rose-700 disabled:cursor-not-allowed disabled:opacity-60 ${focusRing}`;
export const smallButton = `inline-flex items-center gap-1.5 rounded-full px-3 py-1.5 text-sm font-medium text-slate-700 ring-1 ring-slate-300 ring-inset transition hover:bg-slate-50 dark:text-slate-200 dark:ring-slate-700 dark:hover:bg-slate-800 ${focusRing}`;

/** A headlessui Tab drawn as a pill that fills with the brand tint while selected; extra adds layout classes. */
export const pillTab =
  (extra?: string) =>
  ({ selected }: { selected: boolean }) =>
    clsx(
      'rounded-full px-4 py-2 text-sm font-semibold transition',
      focusRing,
      extra,
      selected ? 'bg-brand/15 text-slate-900 dark:text-white' : 'text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800',
    );
