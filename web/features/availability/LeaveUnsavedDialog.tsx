import { useEffect } from 'react';
import { useBlocker } from 'react-router-dom';
import { dangerButton, secondaryButton } from '../../ui/classes';
import { Dialog } from '../../ui/Dialog';

/**
 * While `dirty`, leaving the page asks first: a link or Back inside the app opens "Leave without saving?", and
 * closing or reloading the tab gets the browser's own question (it shows no text of ours).
 */
export default function LeaveUnsavedDialog({ dirty, whose }: { dirty: boolean; whose: 'your' | "this tutor's" }) {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname);

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const stay = () => blocker.reset?.();
  return (
    <Dialog open={blocker.state === 'blocked'} onClose={stay} title="Leave without saving?">
      <p className="text-sm text-slate-700 dark:text-slate-300">Your changes to {whose} hours will be lost.</p>
      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button type="button" className={secondaryButton} onClick={stay}>
          Stay
        </button>
        <button type="button" className={dangerButton} onClick={() => blocker.proceed?.()}>
          Leave
        </button>
      </div>
    </Dialog>
  );
}
