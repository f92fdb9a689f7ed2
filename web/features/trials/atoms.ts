import { atom } from 'jotai';

/** Bumped when a trial is booked, so lists of trials on screen load again (spec 1 section 4, "on finish"). */
export const trialsVersionAtom = atom(0);
