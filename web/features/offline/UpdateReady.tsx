import { useAtom } from 'jotai';
import { X } from 'lucide-react';
import { useLocation } from 'react-router-dom';
import { takeOver, updateWaitingAtom } from './update-state';

/**
 * The quiet "Updated — reload" note: bottom corner, no timer, never shown in a lesson room (the new version takes
 * over there on the next visit instead).
 */
export default function UpdateReady() {
  const [waiting, setWaiting] = useAtom(updateWaitingAtom);
  const { pathname } = useLocation();
  if (!waiting || pathname.startsWith('/lesson-room/')) return null;
  return (
    <div
      role="status"
      className="fixed bottom-20 left-3 z-50 flex items-center gap-1 rounded-full bg-slate-900 py-1 pr-1 pl-4 text-sm text-white shadow-lg sm:bottom-4 dark:bg-slate-100 dark:text-slate-900"
    >
      <span>Updated —</span>
      <button
        type="button"
        onClick={() => takeOver(waiting)}
        className="inline-flex items-center gap-1 rounded-full px-2 py-1 font-semibold underline-offset-2 hover:underline"
      >
        reload
      </button>
      <button type="button" onClick={() => setWaiting(null)} aria-label="Later" className="rounded-full p-1.5 opacity-70 hover:opacity-100">
        <X className="size-3.5" aria-hidden="true" />
      </button>
    </div>
  );
}
