import { atom } from 'jotai';

/** When the inbox last said the person has a new notice: the bell and the notices page read their list again. */
export const noticeNewsAtom = atom(0);
