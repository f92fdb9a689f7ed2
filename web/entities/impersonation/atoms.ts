import { atom } from 'jotai';
import { atomWithDefault } from 'jotai/utils';
import { type Impersonation, readImpersonation, writeImpersonation } from './impersonation-storage';

const storedAtom = atomWithDefault<Impersonation | null>(() => readImpersonation());

/** The current impersonation record; writing it also writes session storage. */
export const impersonationAtom = atom(
  (get) => get(storedAtom),
  (_get, set, next: Impersonation | null) => {
    writeImpersonation(next);
    set(storedAtom, next);
  },
);
