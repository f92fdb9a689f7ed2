import type { ReactNode } from 'react';
import { cardClass } from './classes';

/** What a list shows when it has nothing in it. */
export function EmptyState({ icon, title, text, children }: { icon: ReactNode; title: string; text: string; children?: ReactNode }) {
  return (
    <div className={`${cardClass} flex flex-col items-center px-6 py-14 text-center`}>
      <span className="flex size-12 items-center justify-center rounded-2xl bg-brand/15 text-brand-deep">{icon}</span>
      <h2 className="mt-4 text-lg font-semibold text-slate-900 dark:text-white">{title}</h2>
      <p className="mt-1 max-w-sm text-sm text-slate-600 dark:text-slate-400">{text}</p>
      {children && <div className="mt-5">{children}</div>}
    </div>
  );
}
