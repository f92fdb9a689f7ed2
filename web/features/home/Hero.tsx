import { useAtomValue } from 'jotai';
import { ArrowRight, Check, LogIn } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router-dom';
import { brandingAtom } from '../../entities/tenant/atoms';
import { primaryButton, secondaryButton } from './buttons';

// A decorative illustration with eight icons of its own: it follows the words, outside the landing page's initial JS.
const LessonPreview = lazy(() => import('./LessonPreview'));

const PROMISES = ['One-to-one or small group', 'Notes that survive a dropped connection', 'Quizzes with hints'];

export default function Hero({ onBook }: { onBook: () => void }) {
  const landing = useAtomValue(brandingAtom)?.landing;
  return (
    <section aria-labelledby="hero-heading" className="relative isolate overflow-hidden">
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[radial-gradient(60rem_30rem_at_70%_-10%,color-mix(in_oklab,var(--brand)_18%,transparent),transparent),radial-gradient(40rem_24rem_at_0%_10%,rgba(99,102,241,0.08),transparent)] dark:bg-[radial-gradient(60rem_30rem_at_70%_-10%,color-mix(in_oklab,var(--brand)_16%,transparent),transparent),radial-gradient(40rem_24rem_at_0%_10%,rgba(99,102,241,0.12),transparent)]"
      />
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 [mask-image:linear-gradient(to_bottom,black,transparent_75%)] bg-[linear-gradient(to_right,rgba(15,23,42,0.05)_1px,transparent_1px),linear-gradient(to_bottom,rgba(15,23,42,0.05)_1px,transparent_1px)] bg-[size:40px_40px] dark:bg-[linear-gradient(to_right,rgba(255,255,255,0.05)_1px,transparent_1px),linear-gradient(to_bottom,rgba(255,255,255,0.05)_1px,transparent_1px)]"
      />
      <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 pt-12 pb-12 sm:px-6 sm:pt-20 sm:pb-16 lg:grid-cols-[1.05fr_1fr] lg:gap-10 lg:px-8">
        <div>
          {landing?.tagline && (
            <p className="mb-6 inline-flex items-center gap-2 rounded-full bg-white/80 px-3 py-1 text-xs font-semibold text-slate-700 ring-1 ring-slate-200 backdrop-blur sm:text-sm dark:bg-slate-900/80 dark:text-slate-200 dark:ring-slate-700">
              <span className="size-2 rounded-full bg-brand" aria-hidden="true" />
              {landing.tagline}
            </p>
          )}
          <h1 id="hero-heading" className="text-4xl font-extrabold tracking-tight text-balance text-slate-900 sm:text-5xl lg:text-6xl dark:text-white">
            {landing?.headline}{' '}
            {landing?.headlineHighlight && (
              <span className="bg-linear-to-r from-brand-strong to-brand-deep bg-clip-text text-transparent dark:from-brand dark:to-brand-light">
                {landing.headlineHighlight}
              </span>
            )}
          </h1>
          <p className="mt-6 max-w-xl text-lg leading-relaxed text-slate-600 dark:text-slate-300">{landing?.lead}</p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <button type="button" onClick={onBook} className={primaryButton}>
              Book your FREE Class
              <ArrowRight className="size-5" aria-hidden="true" />
            </button>
            <Link to="/login" className={secondaryButton}>
              <LogIn className="size-5" aria-hidden="true" />
              Sign in
            </Link>
            <Link to="/diagnostics" className={secondaryButton}>
              Take a free diagnostic
            </Link>
          </div>
          <ul className="mt-8 flex flex-col gap-2 text-sm text-slate-600 sm:flex-row sm:flex-wrap sm:gap-x-6 dark:text-slate-300">
            {PROMISES.map((p) => (
              <li key={p} className="flex items-center gap-2">
                <Check className="size-4 shrink-0 text-brand-deep" aria-hidden="true" />
                {p}
              </li>
            ))}
          </ul>
        </div>
        <Suspense fallback={<div aria-hidden="true" className="mx-auto aspect-[4/3] w-full max-w-xl lg:max-w-none" />}>
          <LessonPreview />
        </Suspense>
      </div>
    </section>
  );
}
