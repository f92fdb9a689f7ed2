import { type ReactNode, type RefObject, useCallback, useEffect, useRef } from 'react';
import { iconButton } from './classes';

/**
 * Closes a header panel (the Messages and Notifications panels) on Escape or a press outside it. A light disclosure
 * rather than a menu library: these panels sit on every page, so they stay small.
 */
function useDismiss(open: boolean, close: () => void, container: RefObject<HTMLElement | null>) {
  useEffect(() => {
    if (!open) return;
    const away = (event: Event) => {
      if (event instanceof KeyboardEvent ? event.key === 'Escape' : !container.current?.contains(event.target as Node)) close();
    };
    document.addEventListener('pointerdown', away);
    document.addEventListener('keydown', away);
    return () => {
      document.removeEventListener('pointerdown', away);
      document.removeEventListener('keydown', away);
    };
  }, [open, close, container]);
}

/** The red count on a header button; over 99 it reads "99+". */
function CountBadge({ count, testId }: { count: number; testId: string }) {
  if (count <= 0) return null;
  return (
    <span
      className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-rose-600 px-1 text-center text-[11px] leading-5 font-bold text-white"
      data-testid={testId}
    >
      {count > 99 ? '99+' : count}
    </span>
  );
}

/**
 * A header button with its count and the panel it opens below it (full width under the header on a phone). The
 * caller keeps `open`, so a link inside can close the panel; Escape and a press outside close it too.
 */
export function HeaderPopover({
  id,
  label,
  icon,
  count,
  testId,
  panelWidth,
  open,
  setOpen,
  children,
}: {
  id: string;
  label: string;
  icon: ReactNode;
  count: number;
  /** `{testId}-button` and `{testId}-badge` */
  testId: string;
  panelWidth: string;
  open: boolean;
  setOpen: (open: boolean | ((now: boolean) => boolean)) => void;
  children: ReactNode;
}) {
  const container = useRef<HTMLDivElement>(null);
  const close = useCallback(() => setOpen(false), [setOpen]);
  useDismiss(open, close, container);
  return (
    <div className="relative" ref={container}>
      <button
        type="button"
        className={`${iconButton} relative`}
        aria-label={label}
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((now) => !now)}
        data-testid={`${testId}-button`}
      >
        {icon}
        <CountBadge count={count} testId={`${testId}-badge`} />
      </button>
      {open && (
        <div
          id={id}
          role="region"
          aria-labelledby={`${id}-title`}
          className={`fixed inset-x-4 top-16 z-50 rounded-2xl bg-white p-2 shadow-xl ring-1 ring-slate-200 sm:absolute sm:inset-x-auto sm:top-auto sm:right-0 sm:mt-2 ${panelWidth} dark:bg-slate-900 dark:ring-slate-800`}
        >
          {children}
        </div>
      )}
    </div>
  );
}
