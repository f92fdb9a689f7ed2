import { type RefObject, useEffect } from 'react';

/**
 * Closes a header panel (the Messages and Notifications panels) on Escape or a press outside it. A light disclosure
 * rather than a menu library: these panels sit on every page, so they stay small.
 */
export function useDismiss(open: boolean, close: () => void, container: RefObject<HTMLElement | null>) {
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
export function CountBadge({ count, testId }: { count: number; testId: string }) {
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
