import clsx from 'clsx';
import { ShieldAlert, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { dangerButton, secondaryButton } from './classes';
import { Dialog } from './Dialog';
import Spinner from './Spinner';
import { useToast } from './toast/use-toast';

const danger = 'bg-rose-100 text-rose-700 dark:bg-rose-500/15 dark:text-rose-300';
const caution = 'bg-amber-100 text-amber-800 dark:bg-amber-500/15 dark:text-amber-300';

/** The calls of one domain; kept as a module-level object so the check runs once per record, not on every render. */
export interface VerifyDeleteCalls<K> {
  verifyDelete: (kind: K, id: string) => Promise<{ canDelete: boolean; message: string }>;
  remove: (kind: K, id: string) => Promise<unknown>;
}

/** Asks the server whether the record can go (verify-delete) and shows its answer before anything is deleted. */
export function VerifyDeleteDialog<K extends { noun: string }>({
  kind,
  calls,
  record,
  onClose,
  onDeleted,
}: {
  kind: K;
  calls: VerifyDeleteCalls<K>;
  record: { _id: string; name: string } | null;
  onClose: () => void;
  onDeleted: (id: string) => void;
}) {
  const [check, setCheck] = useState<{ canDelete: boolean; message: string } | null>(null);
  const [deleting, setDeleting] = useState(false);
  const toast = useToast();

  useEffect(() => {
    setCheck(null);
    if (!record) return;
    let live = true;
    calls
      .verifyDelete(kind, record._id)
      .then((answer) => live && setCheck(answer))
      .catch((error: unknown) => {
        if (!live) return;
        toast.error(error);
        onClose();
      });
    return () => {
      live = false;
    };
  }, [record, kind, calls, toast, onClose]);

  async function remove() {
    if (!record) return;
    setDeleting(true);
    try {
      await calls.remove(kind, record._id);
      toast.success(`${kind.noun} deleted!`);
      onDeleted(record._id);
      onClose();
    } catch (error) {
      toast.error(error);
    } finally {
      setDeleting(false);
    }
  }

  return (
    <Dialog open={Boolean(record)} onClose={onClose} title={`Delete ${kind.noun.toLowerCase()}`}>
      {!check ? (
        <div role="status" className="flex items-center gap-3 py-4 text-brand-deep">
          <Spinner className="size-5" />
          <span className="text-sm text-slate-600 dark:text-slate-300">Checking whether “{record?.name}” is in use…</span>
        </div>
      ) : (
        <div data-testid="verify-delete-result">
          <div className="flex gap-3">
            <span className={clsx('flex size-10 shrink-0 items-center justify-center rounded-xl', check.canDelete ? danger : caution)}>
              <ShieldAlert className="size-5" aria-hidden="true" />
            </span>
            <div className="text-sm text-slate-700 dark:text-slate-200">
              <p className="font-semibold">{check.canDelete ? `Delete “${record?.name}”? This cannot be undone.` : `“${record?.name}” cannot be deleted.`}</p>
              <p className="mt-1 text-slate-600 dark:text-slate-400">{check.message}</p>
            </div>
          </div>
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <button type="button" className={secondaryButton} onClick={onClose}>
              {check.canDelete ? 'Cancel' : 'Close'}
            </button>
            {check.canDelete && (
              <button type="button" className={dangerButton} disabled={deleting} onClick={() => void remove()}>
                {deleting ? <Spinner className="size-4" /> : <Trash2 className="size-4" aria-hidden="true" />}
                Delete
              </button>
            )}
          </div>
        </div>
      )}
    </Dialog>
  );
}
