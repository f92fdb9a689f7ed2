import { Compass, Home } from 'lucide-react';
import { Link, useLocation } from 'react-router-dom';
import { usePageTitleOverride } from '../lib/page-title';
import { primaryButton } from './classes';

export default function NotFoundPage() {
  const { pathname } = useLocation();
  usePageTitleOverride('Page not found');
  return (
    <div data-testid="not-found" className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center px-6 py-16 text-center">
      <span className="flex size-16 items-center justify-center rounded-2xl bg-brand/15 text-brand-deep">
        <Compass className="size-8" aria-hidden="true" />
      </span>
      <p className="mt-6 text-sm font-semibold tracking-wide text-brand-deep uppercase">Error 404</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white">Page not found</h1>
      <p className="mt-4 text-base leading-relaxed break-all text-slate-600 dark:text-slate-300">
        There is nothing at <code className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-sm dark:bg-slate-800">{pathname}</code>.
      </p>
      <p className="mt-1 text-base text-slate-600 dark:text-slate-300">The link may be old, or the address mistyped.</p>
      <Link to="/" className={`mt-8 ${primaryButton}`}>
        <Home className="size-4" aria-hidden="true" />
        Back to home
      </Link>
    </div>
  );
}
