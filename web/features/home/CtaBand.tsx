import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router-dom';

// The teal band needs a dark focus outline in light mode; the brand outline would vanish against it.
const bandFocusRing = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-950 dark:focus-visible:outline-[#0CD6CD]';

export default function CtaBand({ onBook }: { onBook: () => void }) {
  return (
    <section aria-labelledby="cta-heading" className="relative isolate overflow-hidden bg-[#01B8AF] dark:bg-teal-950">
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[radial-gradient(40rem_20rem_at_90%_0%,rgba(255,255,255,0.35),transparent),radial-gradient(30rem_16rem_at_0%_100%,rgba(15,23,42,0.18),transparent)] dark:bg-[radial-gradient(40rem_20rem_at_90%_0%,rgba(12,214,205,0.25),transparent)]"
      />
      <div className="mx-auto flex max-w-6xl flex-col items-start gap-8 px-4 py-14 sm:px-6 sm:py-20 lg:flex-row lg:items-center lg:justify-between lg:px-8">
        <div className="max-w-2xl">
          <h2 id="cta-heading" className="text-3xl font-bold tracking-tight text-balance text-slate-950 sm:text-4xl dark:text-white">
            Your first class is on us
          </h2>
          <p className="mt-3 text-lg leading-relaxed text-pretty text-slate-900/80 dark:text-teal-100/80">
            Meet a tutor, try the whiteboard, and leave with a plan for your next topic.
          </p>
        </div>
        <div className="flex w-full flex-col gap-3 whitespace-nowrap sm:w-auto sm:flex-row lg:shrink-0">
          <button
            type="button"
            onClick={onBook}
            className={`inline-flex items-center justify-center gap-2 rounded-full bg-slate-950 px-6 py-3 text-base font-semibold text-white shadow-lg transition hover:bg-slate-800 active:translate-y-px dark:bg-[#0CD6CD] dark:text-slate-950 dark:hover:bg-[#3ee0d8] ${bandFocusRing}`}
          >
            Book your FREE Class
            <ArrowRight className="size-5" aria-hidden="true" />
          </button>
          <Link
            to="/login"
            className={`inline-flex items-center justify-center rounded-full px-6 py-3 text-base font-semibold text-slate-950 ring-1 ring-slate-950/30 transition ring-inset hover:bg-white/20 dark:text-white dark:ring-white/30 dark:hover:bg-white/10 ${bandFocusRing}`}
          >
            I already have an account
          </Link>
        </div>
      </div>
    </section>
  );
}
