import type { ReactNode } from 'react';

/** A titled card of the profile page, with an optional action at the top right. */
export default function SectionCard({ title, action, children, tone }: { title: string; action?: ReactNode; children: ReactNode; tone?: 'danger' }) {
  const id = `section-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <section
      aria-labelledby={id}
      className={
        tone === 'danger'
          ? 'rounded-2xl bg-white p-5 ring-1 ring-rose-200 sm:p-6 dark:bg-slate-900 dark:ring-rose-900'
          : 'rounded-2xl bg-white p-5 ring-1 ring-slate-200 sm:p-6 dark:bg-slate-900 dark:ring-slate-800'
      }
    >
      <div className="mb-4 flex items-center justify-between gap-3">
        <h2 id={id} className={`text-lg font-semibold ${tone === 'danger' ? 'text-rose-700 dark:text-rose-400' : 'text-slate-900 dark:text-white'}`}>
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}
