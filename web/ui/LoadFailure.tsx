import { RotateCw, TriangleAlert } from 'lucide-react';
import { primaryButton } from './classes';

/** The texts are the spec's (spec 1, section 2); offline, the page says so and what still works. */
export default function LoadFailure({ onRetry }: { onRetry: () => void }) {
  const offline = !navigator.onLine;
  return (
    <div data-testid="load-failure" className="mx-auto flex min-h-[60vh] max-w-md flex-col items-center justify-center px-6 py-16 text-center">
      <span className="flex size-14 items-center justify-center rounded-2xl bg-amber-100 text-amber-700 dark:bg-amber-500/15 dark:text-amber-300">
        <TriangleAlert className="size-7" aria-hidden="true" />
      </span>
      <h1 className="mt-6 text-2xl font-bold tracking-tight text-slate-900 dark:text-white">{offline ? "You're offline" : 'Failed to load page'}</h1>
      <p className="mt-3 text-base leading-relaxed text-slate-600 dark:text-slate-300">
        {offline
          ? 'This page needs the internet. Your home, lesson rooms and quizzes you opened before still work. Try again when you are back online.'
          : 'Something went wrong while loading this page. Please try again.'}
      </p>
      <button type="button" onClick={onRetry} className={`mt-8 ${primaryButton}`}>
        <RotateCw className="size-4" aria-hidden="true" />
        Retry
      </button>
    </div>
  );
}
