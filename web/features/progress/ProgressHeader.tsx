import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { focusRing } from '../../ui/classes';

/** The heading of each progress page, with the way back to the page above it. */
export function ProgressHeader({
  back,
  eyebrow,
  title,
  children,
}: {
  back: { to: string; label: string };
  eyebrow: string;
  title: string;
  children?: ReactNode;
}) {
  return (
    <header>
      <Link
        to={back.to}
        className={`inline-flex items-center gap-1.5 rounded text-sm font-medium text-slate-600 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white ${focusRing}`}
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        {back.label}
      </Link>
      <p className="mt-4 text-sm font-semibold text-brand-deep">{eyebrow}</p>
      <h1 className="mt-1 text-2xl font-bold tracking-tight text-balance text-slate-900 sm:text-3xl dark:text-white">{title}</h1>
      {children && <div className="mt-2 text-slate-600 dark:text-slate-400">{children}</div>}
    </header>
  );
}
