import clsx from 'clsx';
import { FileUp, X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import type * as Y from 'yjs';
import { focusRing } from '../../../ui/classes';
import Spinner from '../../../ui/Spinner';
import { roomFooterButton } from '../room-classes';
import { type ImportState, useDocumentImport } from './use-document-import';

/** PDFs by type and extension (some devices give PDFs no type), and the pictures board images take. */
const ACCEPT = 'application/pdf,.pdf,image/png,image/jpeg,image/webp';
/** A finished import's sentence stays this long; a failure stays until it is closed or the next import starts. */
const DONE_SHOWN_MS = 8000;

interface Props {
  sectionId: string;
  doc: Y.Doc;
  userId: string;
  onOpenPage: (pageId: string) => void;
}

/** "Import PDF" in the room's footer, and what the import is doing, in a sentence above it. */
export function DocumentImport({ sectionId, doc, userId, onOpenPage }: Props) {
  const input = useRef<HTMLInputElement>(null);
  const { state, importFile, dismiss } = useDocumentImport({ sectionId, doc, userId, onOpenPage });
  const working = state.kind === 'working';

  useEffect(() => {
    if (state.kind !== 'done') return;
    const timer = window.setTimeout(dismiss, DONE_SHOWN_MS);
    return () => window.clearTimeout(timer);
  }, [state, dismiss]);

  return (
    <>
      <button
        type="button"
        title="Import a PDF or a picture as new pages"
        onClick={() => input.current?.click()}
        disabled={working}
        className={roomFooterButton}
      >
        {working ? <Spinner className="size-3.5" /> : <FileUp className="size-3.5" aria-hidden />}
        <span className="max-sm:sr-only">Import PDF</span>
      </button>
      <input
        ref={input}
        type="file"
        accept={ACCEPT}
        hidden
        data-testid="document-file"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) void importFile(file);
        }}
      />
      <ImportMessage state={state} onClose={dismiss} />
    </>
  );
}

/** Floats above the room's footer, so a long sentence never squeezes the footer's buttons on a phone. */
function ImportMessage({ state, onClose }: { state: ImportState; onClose: () => void }) {
  if (state.kind === 'idle') return null;
  const failed = state.kind === 'failed';
  return (
    <div
      role={failed ? 'alert' : 'status'}
      data-testid="document-import"
      className={clsx(
        'fixed inset-x-3 bottom-16 z-40 mx-auto flex max-w-md items-start gap-2 overflow-hidden rounded-xl px-3 py-2 text-sm shadow-lg ring-1',
        failed
          ? 'bg-red-50 text-red-900 ring-red-200 dark:bg-red-950 dark:text-red-100 dark:ring-red-800'
          : 'bg-white text-slate-900 ring-slate-200 dark:bg-slate-900 dark:text-white dark:ring-slate-700',
      )}
    >
      <p className="min-w-0 flex-1 py-1">{state.text}</p>
      {state.kind !== 'working' && (
        <button type="button" aria-label="Close this message" onClick={onClose} className={clsx('-mr-1 rounded-full p-1 hover:bg-black/5', focusRing)}>
          <X className="size-4" aria-hidden />
        </button>
      )}
      {state.kind === 'working' && (
        <span aria-hidden className="absolute inset-x-0 bottom-0 h-1 bg-slate-100 dark:bg-slate-800">
          <span className="block h-full bg-brand transition-[width]" style={{ width: `${Math.round(state.progress * 100)}%` }} />
        </span>
      )}
    </div>
  );
}
