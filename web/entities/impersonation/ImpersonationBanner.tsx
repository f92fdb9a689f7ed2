import { UserRoundCog } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { fullName } from '../../lib/people';
import Spinner from '../../ui/Spinner';
import { useToast } from '../../ui/toast/use-toast';
import { useActiveImpersonation } from './active-impersonation';
import { useReturnToAdmin } from './use-impersonation';

/** While an admin acts as another user: who they are acting as, and the one-click way back. */
export default function ImpersonationBanner() {
  const active = useActiveImpersonation();
  const returnToAdmin = useReturnToAdmin();
  const toast = useToast();
  const [returning, setReturning] = useState(false);
  const bar = useRef<HTMLDivElement>(null);
  const shown = Boolean(active);

  // The sticky header sits just below the bar, however many lines the bar wraps to.
  useEffect(() => {
    const element = bar.current;
    const root = document.documentElement;
    if (!shown || !element) return;
    const observer = new ResizeObserver(() => root.style.setProperty('--impersonation-bar', `${element.offsetHeight}px`));
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--impersonation-bar');
    };
  }, [shown]);

  if (!active) return null;

  const goBack = async () => {
    setReturning(true);
    try {
      await returnToAdmin();
    } catch (error) {
      toast.error(error);
    } finally {
      setReturning(false);
    }
  };

  return (
    <div
      ref={bar}
      role="region"
      aria-label="Acting as another user"
      data-testid="impersonation-banner"
      className="sticky top-0 z-50 bg-amber-300 text-amber-950 shadow-sm dark:bg-amber-400"
    >
      <div className="mx-auto flex max-w-6xl flex-col gap-2 px-4 py-2.5 sm:flex-row sm:items-center sm:justify-between sm:px-6 lg:px-8">
        <p className="flex items-start gap-2 text-sm font-medium sm:items-center">
          <UserRoundCog className="mt-0.5 size-4 shrink-0 sm:mt-0" aria-hidden="true" />
          <span>
            You are signed in as <strong>{fullName(active.user)}</strong>
            {active.impersonator ? <> (acting as admin {fullName(active.impersonator)})</> : <> (acting as an admin)</>}
          </span>
        </p>
        <button
          type="button"
          onClick={() => void goBack()}
          disabled={returning}
          className="inline-flex shrink-0 items-center justify-center gap-2 rounded-full bg-amber-950 px-4 py-1.5 text-sm font-semibold text-amber-50 transition hover:bg-amber-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-950 disabled:opacity-70"
        >
          {returning && <Spinner className="size-4" />}
          Return to my account
        </button>
      </div>
    </div>
  );
}
