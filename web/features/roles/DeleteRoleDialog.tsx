import { ShieldAlert, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { VerifyDelete } from '../../../schema/contracts/roles';
import { dangerButton, secondaryButton } from '../../ui/classes';
import { Dialog } from '../../ui/Dialog';
import Spinner from '../../ui/Spinner';
import { useToast } from '../../ui/toast/use-toast';
import { roleCalls } from './api';
import type { RoleItem, RoleKind } from './role-kinds';

/** Asks the server whether the role can go (verify-delete) and shows its answer before anything is deleted. */
export default function DeleteRoleDialog({
  kind,
  role,
  onClose,
  onDeleted,
}: {
  kind: RoleKind;
  role: RoleItem | null;
  onClose: () => void;
  onDeleted: (id: string) => void;
}) {
  const [check, setCheck] = useState<VerifyDelete | null>(null);
  const [deleting, setDeleting] = useState(false);
  const toast = useToast();

  useEffect(() => {
    setCheck(null);
    if (!role) return;
    let live = true;
    roleCalls
      .verifyDelete(kind, role._id)
      .then((answer) => live && setCheck(answer))
      .catch((error: unknown) => {
        if (!live) return;
        toast.error(error);
        onClose();
      });
    return () => {
      live = false;
    };
  }, [role, kind, toast, onClose]);

  async function remove() {
    if (!role) return;
    setDeleting(true);
    try {
      await roleCalls.remove(kind, role._id);
      toast.success(`${kind.noun} deleted!`);
      onDeleted(role._id);
      onClose();
    } catch (error) {
      toast.error(error);
    } finally {
      setDeleting(false);
    }
  }

  return (
    <Dialog open={Boolean(role)} onClose={onClose} title={`Delete ${kind.noun.toLowerCase()}`}>
      {!check ? (
        <div role="status" className="flex items-center gap-3 py-4 text-brand">
          <Spinner className="size-5" />
          <span className="text-sm text-slate-600 dark:text-slate-300">Checking whether “{role?.name}” is in use…</span>
        </div>
      ) : (
        <div data-testid="verify-delete-result">
          <div className="flex gap-3">
            <span
              className={`flex size-10 shrink-0 items-center justify-center rounded-xl ${check.canDelete ? 'bg-rose-100 text-rose-700 dark:bg-rose-500/15 dark:text-rose-300' : 'bg-amber-100 text-amber-800 dark:bg-amber-500/15 dark:text-amber-300'}`}
            >
              <ShieldAlert className="size-5" aria-hidden="true" />
            </span>
            <div className="text-sm text-slate-700 dark:text-slate-200">
              <p className="font-semibold">{check.canDelete ? `Delete “${role?.name}”? This cannot be undone.` : `“${role?.name}” cannot be deleted.`}</p>
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
