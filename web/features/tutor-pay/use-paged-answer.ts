import { useRef, useState } from 'react';
import type { ListResponse } from '../../../schema/contracts/common';
import { errorMessageText } from '../../lib/errors';
import { usePagedList } from '../../lib/paged-list';

/**
 * A paged list that also keeps the latest page's whole answer (its totals per currency) and, when a page fails, the
 * server's reason, so the page can say why. A reply overtaken by a newer request is dropped, as the list drops it.
 */
export function usePagedAnswer<T extends { _id: string }, P extends ListResponse<T>>(load: (offset: number) => Promise<P>, key: string) {
  const [answer, setAnswer] = useState<P | null>(null);
  const [failure, setFailure] = useState('');
  const latest = useRef(0);
  const paged = usePagedList<T>(async (offset) => {
    const request = ++latest.current;
    try {
      const page = await load(offset);
      if (request === latest.current) {
        setAnswer(page);
        setFailure('');
      }
      return page;
    } catch (error) {
      if (request === latest.current) setFailure(errorMessageText(error));
      throw error;
    }
  }, key);
  return { ...paged, answer, failure };
}
