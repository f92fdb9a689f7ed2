import { atom } from 'jotai';

/** The last balance news the inbox brought: whose balance changed, and when, so each view of it reads it again. */
export const creditNewsAtom = atom<{ studentId: string; at: number } | null>(null);
