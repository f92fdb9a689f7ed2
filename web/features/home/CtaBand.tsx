import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router-dom';

// On the brand band the outline takes the band's text colour; the brand outline would vanish against it.
const bandFocusRing = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-ink dark:focus-visible:outline-brand';

export default function CtaBand({ onBook }: { onBook: () => void }) {
  return (
    <section aria-labelledby="cta-heading" className="relative isolate overflow-hidden bg-brand dark:bg-[color-mix(in_oklab,var(--brand)_22%,#020617)]">
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[radial-gradient(40rem_20rem_at_90%_0%,rgba(255,255,255,0.35),transparent),radial-gradient(30rem_16rem_at_0%_100%,rgba(15,23,42,0.18),transparent)] dark:bg-[radial-gradient(40rem_20rem_at_90%_0%,color-mix(in_oklab,var(--brand)_25%,transparent),transparent)]"
      />
      <div className="mx-auto flex max-w-6xl flex-col items-start gap-8 px-4 py-14 sm:px-6 sm:py-20 lg:flex-row lg:items-center lg:justify-between lg:px-8">
        <div className="max-w-2xl">
          <h2 id="cta-heading" className="text-3xl font-bold tracking-tight text-balance text-brand-ink sm:text-4xl dark:text-white">
            Your first class is on us
          </h2>
          <p className="mt-3 text-lg leading-relaxed text-pretty text-brand-ink/85 dark:text-slate-200">
            Meet a tutor, try the whiteboard, and leave with a plan for your next topic.
          </p>
        </div>
        <div className="flex w-full flex-col gap-3 whitespace-nowrap sm:w-auto sm:flex-row lg:shrink-0">
          <button
            type="button"
            onClick={onBook}
            className={`inline-flex items-center justify-center gap-2 rounded-full bg-slate-950 px-6 py-3 text-base font-semibold text-white shadow-lg transition hover:bg-slate-800 active:translate-y-px dark:bg-brand dark:text-brand-ink dark:hover:bg-brand-light ${bandFocusRing}`}
          >
            Book your FREE Class
            <ArrowRight className="size-5" aria-hidden="true" />
          </button>
          <Link
            to="/login"
            className={`inline-flex items-center justify-center rounded-full px-6 py-3 text-base font-semibold text-brand-ink ring-1 ring-brand-ink/30 transition ring-inset hover:bg-white/20 dark:text-white dark:ring-white/30 dark:hover:bg-white/10 ${bandFocusRing}`}
          >
            I already have an account
          </Link>
        </div>
      </div>
    </section>
  );
}
