/** Class strings for the page's calls to action, shared by the hero and the closing band. */
export const focusRing = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand';

// The text the tenant chose for its brand colour (the branding check holds it to WCAG contrast).
export const primaryButton = `inline-flex items-center justify-center gap-2 rounded-full bg-brand px-6 py-3 text-base font-semibold text-brand-ink shadow-lg shadow-brand/25 transition hover:bg-brand-strong active:translate-y-px dark:shadow-brand/20 ${focusRing}`;

export const secondaryButton = `inline-flex items-center justify-center gap-2 rounded-full bg-white px-6 py-3 text-base font-semibold text-slate-900 ring-1 ring-slate-300 transition ring-inset hover:bg-slate-50 active:translate-y-px dark:bg-slate-900 dark:text-white dark:ring-slate-700 dark:hover:bg-slate-800 ${focusRing}`;
