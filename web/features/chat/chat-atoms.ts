import { atom } from 'jotai';

/** The conversation on screen, so its new messages do not also raise a toast. */
export const openConversationAtom = atom<string | null>(null);

/** Unseen messages across every conversation (the header badge), as the inbox last reported. */
export const unseenTotalAtom = atom(0);
