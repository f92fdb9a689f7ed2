import { atom } from 'jotai';

/** The browser's word on the network, kept current by its online and offline events while anything reads it. */
export const onlineAtom = atom(typeof navigator === 'undefined' ? true : navigator.onLine);
onlineAtom.onMount = (set) => {
  const update = () => set(navigator.onLine);
  update();
  addEventListener('online', update);
  addEventListener('offline', update);
  return () => {
    removeEventListener('online', update);
    removeEventListener('offline', update);
  };
};
