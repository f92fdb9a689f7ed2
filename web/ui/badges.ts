/** The pill a record's status shows in; a live one (active, enabled, enrolled) is green, any other grey. */
export const badgeClass = 'rounded-full px-2 py-0.5 text-xs font-semibold';
export const statusBadge = (status: string) =>
  `${badgeClass} ${status === 'ACTIVE' || status === 'ENABLE' || status === 'ENROLLED' ? 'bg-emerald-100 text-emerald-800 dark:bg-emerald-500/15 dark:text-emerald-300' : 'bg-slate-200 text-slate-700 dark:bg-slate-700 dark:text-slate-200'}`;
