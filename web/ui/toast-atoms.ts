import { atom } from 'jotai';

export type ToastKind = 'error' | 'success';

export interface Toast {
  id: number;
  kind: ToastKind;
  text: string;
}

/** Spec 1, section 9. */
export const TOAST_AUTO_HIDE_MS = 4000;

let nextId = 1;

export const toastsAtom = atom<Toast[]>([]);

export const pushToastAtom = atom(null, (get, set, toast: Omit<Toast, 'id'>) => {
  set(toastsAtom, [...get(toastsAtom), { ...toast, id: nextId++ }]);
});

export const dismissToastAtom = atom(null, (get, set, id: number) => {
  set(
    toastsAtom,
    get(toastsAtom).filter((toast) => toast.id !== id),
  );
});
