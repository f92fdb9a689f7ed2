import { type ReactNode, useState } from 'react';
import { Dialog } from './Dialog';
import { DialogActions } from './DialogActions';
import { useToast } from './toast/use-toast';

/** Asks before deleting one list item; on success the list drops it and a toast says so, on failure the toast says why. */
export function ConfirmDeleteDialog<T extends { _id: string }>({
  item,
  title,
  confirmLabel,
  success,
  remove,
  onRemoved,
  onClose,
  children,
}: {
  item: T | null;
  title: string;
  confirmLabel: string;
  success: string;
  remove: (item: T) => Promise<unknown>;
  onRemoved: (id: string) => void;
  onClose: () => void;
  children: ReactNode;
}) {
  const toast = useToast();
  const [busy, setBusy] = useState(false);

  const confirm = async (doomed: T) => {
    setBusy(true);
    try {
      await remove(doomed);
      onRemoved(doomed._id);
      toast.success(success);
      onClose();
    } catch (error) {
      toast.error(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={item !== null} onClose={onClose} title={title}>
      {children}
      <DialogActions onCancel={onClose} onConfirm={() => item && void confirm(item)} busy={busy} className="mt-6">
        {confirmLabel}
      </DialogActions>
    </Dialog>
  );
}
