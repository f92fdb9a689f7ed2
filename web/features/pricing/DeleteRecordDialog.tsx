import clsx from 'clsx';
import { ShieldAlert, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { VerifyDelete } from '../../../schema/contracts/pricing';
import { api } from '../../lib/api';
import { dangerButton, secondaryButton } from '../../ui/classes';
import { Dialog } from '../../ui/Dialog';
import Spinner from '../../ui/Spinner';
import { useToast } from '../../ui/toast/use-toast';
import type { PricingRow, RecordKind } from './record-kinds';

/** Shows the server's verify-delete answer (what would break) before anything is deleted. */
const danger = 'bg-rose-100 text-rose-700 dark:bg-rose-500/15 dark:text-rose-300';
const caution = 'bg-amber-100 text-amber-800 dark:bg-amber-500/15 dark:text-amber-300';

interface Props {
  kind: RecordKind;
  row: PricingRow | null;
  onClose: () => void;
  onDeleted: (id: string) => void;
}

export default function DeleteRecordDialog({ kind, row, onClose, onDeleted }: Props) {
  const [check, setCheck] = useState<VerifyDelete | null>(null);
  const [deleting, setDeleting] = useState(false);
  const toast = useToast();

  useEffect(() => {
    setCheck(null);
    if (!row) return;
    let live = true;
    api<VerifyDelete>(`${kind.endpoint}/verify-delete/${row._id}`)
      .then((answer) => live && setCheck(answer))
      .catch((error: unknown) => {
        if (!live) return;
        toast.error(error);
        onClose();
      });
    return () => {
      live = false;
    };
  }, [row, kind.endpoint, toast, onClose]);

  async function remove() {
    if (!row) return;
    setDeleting(true);
    try {
      await api(`${kind.endpoint}/${row._id}`, { method: 'DELETE' });
      toast.success(`${kind.noun} deleted!`);
      onDeleted(row._id);
      onClose();
    } catch (error) {
      toast.error(error);
    } finally {
      setDeleting(false);
    }
  }

  return (
    <Dialog open={Boolean(row)} onClose={onClose} title={`Delete ${kind.noun.toLowerCase()}`}>
      {!check ? (
        <div role="status" className="flex items-center gap-3 py-4 text-brand">
          <Spinner className="size-5" />
          <span className="text-sm text-slate-600 dark:text-slate-300">Checking whether “{row?.name}” is in use…</span>
        </div>
      ) : (
        <div data-testid="verify-delete-result">
          <div className="flex gap-3">
            <span className={clsx('flex size-10 shrink-0 items-center justify-center rounded-xl', check.canDelete ? danger : caution)}>
              <ShieldAlert className="size-5" aria-hidden="true" />
            </span>
            <div className="text-sm text-slate-700 dark:text-slate-200">
              <p className="font-semibold">{check.canDelete ? `Delete “${row?.name}”? This cannot be undone.` : `“${row?.name}” cannot be deleted.`}</p>
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
