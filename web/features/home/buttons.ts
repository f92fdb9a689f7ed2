/** Class strings for the page's calls to action, shared by the hero and the closing band. */
export const focusRing = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-[#01B8AF] dark:focus-visible:outline-[#0CD6CD]';

// Dark text on the brand teal: white on #01B8AF falls short of WCAG contrast.
export const primaryButton = `inline-flex items-center justify-center gap-2 rounded-full bg-[#01B8AF] px-6 py-3 text-base font-semibold text-slate-950 shadow-lg shadow-[#01B8AF]/25 transition hover:bg-[#00a69e] active:translate-y-px dark:bg-[#0CD6CD] dark:hover:bg-[#3ee0d8] dark:shadow-[#0CD6CD]/20 ${focusRing}`;

export const secondaryButton = `inline-flex items-center justify-center gap-2 rounded-full bg-white px-6 py-3 text-base font-semibold text-slate-900 ring-1 ring-slate-300 transition ring-inset hover:bg-slate-50 active:translate-y-px dark:bg-slate-900 dark:text-white dark:ring-slate-700 dark:hover:bg-slate-800 ${focusRing}`;
