import Spinner from './Spinner';

/** Full-screen wait shown while the session and tenant are being prepared. */
export default function LoadingScreen() {
  return (
    <div
      data-testid="loading-screen"
      role="status"
      className="fixed inset-0 z-[70] flex flex-col items-center justify-center gap-4 bg-white text-brand-deep dark:bg-slate-950"
    >
      <Spinner className="size-10 border-[3px]" />
      <span className="text-sm font-medium text-slate-500 dark:text-slate-400">Loading…</span>
    </div>
  );
}
