import { atom, useSetAtom } from 'jotai';
import { useEffect } from 'react';

/** A title a page's content gives itself over its route's: a 404 shown at an address whose route exists. */
export const pageTitleOverrideAtom = atom<string | null>(null);

/** While the calling component is on screen, the page is titled `title` (layout/use-page-meta.ts adds the tenant's name). */
export function usePageTitleOverride(title: string) {
  const setOverride = useSetAtom(pageTitleOverrideAtom);
  useEffect(() => {
    setOverride(title);
    return () => setOverride(null);
  }, [title, setOverride]);
}
