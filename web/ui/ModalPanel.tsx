import { Dialog, DialogBackdrop, DialogPanel } from '@headlessui/react';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { iconButton } from './classes';

interface ModalPanelProps {
  onClose: () => void;
  testId: string;
  /** Where the panel sits on the screen: alignment and padding of the layer that holds it. */
  placeClassName: string;
  className: string;
  children: ReactNode;
}

/** An open modal panel over a dimmed page, closed by its corner button, Escape or a click outside. */
export default function ModalPanel({ onClose, testId, placeClassName, className, children }: ModalPanelProps) {
  return (
    <Dialog open onClose={onClose} className="fixed inset-0 z-50">
      <DialogBackdrop className="fixed inset-0 bg-slate-950/50 backdrop-blur-sm" />
      <div className={`fixed inset-0 flex w-screen justify-center ${placeClassName}`}>
        <DialogPanel data-testid={testId} className={className}>
          <button type="button" onClick={onClose} aria-label="Close" className={`absolute top-3 right-3 ${iconButton}`}>
            <X className="size-5" aria-hidden="true" />
          </button>
          {children}
        </DialogPanel>
      </div>
    </Dialog>
  );
}
