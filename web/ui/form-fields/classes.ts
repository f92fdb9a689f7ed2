import clsx from 'clsx';

/** The look of every profile and onboarding field, matching the shell's TextField. */
export const fieldClass = (error?: string) =>
  clsx(
    'mt-1.5 block w-full rounded-xl border-0 bg-white px-3.5 py-2.5 text-base text-slate-900 shadow-sm ring-1 ring-inset placeholder:text-slate-400 focus:ring-2 focus:outline-none disabled:cursor-not-allowed disabled:opacity-60 sm:text-sm dark:bg-slate-900 dark:text-white',
    error ? 'ring-rose-400 focus:ring-rose-500 dark:ring-rose-500' : 'ring-slate-300 focus:ring-brand dark:ring-slate-700',
  );
