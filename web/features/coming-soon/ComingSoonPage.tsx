import { useAtomValue } from 'jotai';
import { ArrowLeft, Check, Clock } from 'lucide-react';
import { Link, useParams } from 'react-router-dom';
import { signedInUserAtom } from '../../lib/session';
import { primaryButton, secondaryButton } from '../../ui/classes';
import { AREAS, type AreaKey, unslug } from './areas';

/** The route's own subject, e.g. "Cambridge Igcse · Mathematics", so the page says which one is coming. */
function useContextLine() {
  const { curriculum, subject } = useParams();
  return [curriculum, subject]
    .filter((part): part is string => Boolean(part))
    .map(unslug)
    .join(' · ');
}

export default function ComingSoonPage({ area }: { area: AreaKey }) {
  const { title, description, features, icon: Icon } = AREAS[area];
  const signedIn = useAtomValue(signedInUserAtom);
  const context = useContextLine();

  return (
    <div data-testid="coming-soon" className="relative isolate overflow-hidden">
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[radial-gradient(48rem_22rem_at_50%_-5%,color-mix(in_oklab,var(--brand)_16%,transparent),transparent)]"
      />
      <div className="mx-auto flex max-w-2xl flex-col items-center px-4 py-16 text-center sm:px-6 sm:py-24">
        <span className="flex size-16 items-center justify-center rounded-2xl bg-white text-brand-deep shadow-lg ring-1 shadow-slate-900/5 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800">
          <Icon className="size-8" aria-hidden="true" />
        </span>
        <p className="mt-6 inline-flex items-center gap-1.5 rounded-full bg-brand/10 px-3 py-1 text-xs font-semibold tracking-wide text-slate-700 uppercase ring-1 ring-brand/30 ring-inset dark:text-slate-200">
          <Clock className="size-3.5" aria-hidden="true" />
          Coming soon
        </p>
        <h1 className="mt-4 text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-4xl dark:text-white">{title}</h1>
        {context && <p className="mt-2 text-lg font-medium text-brand-deep">{context}</p>}
        <p className="mt-4 max-w-xl text-base leading-relaxed text-pretty text-slate-600 sm:text-lg dark:text-slate-300">{description}</p>
        <ul className="mt-8 grid w-full max-w-md gap-2 text-left">
          {features.map((feature) => (
            <li
              key={feature}
              className="flex items-start gap-3 rounded-xl bg-white px-4 py-3 text-sm text-slate-700 ring-1 ring-slate-200 dark:bg-slate-900 dark:text-slate-200 dark:ring-slate-800"
            >
              <Check className="mt-0.5 size-4 shrink-0 text-brand-deep" aria-hidden="true" />
              {feature}
            </li>
          ))}
        </ul>
        <div className="mt-10 flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
          <Link to="/" className={secondaryButton}>
            <ArrowLeft className="size-4" aria-hidden="true" />
            Back to home
          </Link>
          {signedIn ? (
            <Link to="/dashboard" className={primaryButton}>
              Go to your dashboard
            </Link>
          ) : (
            <Link to="/login" className={primaryButton}>
              Sign in
            </Link>
          )}
        </div>
      </div>
    </div>
  );
}
