import { atom } from 'jotai';

/**
 * What waits for the team's reply, as the inbox socket last said (null for someone who does not work the team inbox).
 * The team inbox reads its list again whenever this changes.
 */
export const teamWaitingAtom = atom<number | null>(null);
