import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import type { ListResponse } from '../../schema/contracts/common';
import { errorMessageText } from './errors';

/**
 * One loadable list slice and the list rules of spec 1 section 4: a created record goes to the top with the total
 * +1 (only once the list was loaded), a deleted one leaves with the total −1 (never below zero), an updated one
 * replaces the row with its _id, and loading more appends.
 */
export interface PagedList<T> {
  docs: T[];
  totalDocs: number;
  limit: number;
  offset: number;
  status: 'idle' | 'loading' | 'rejected';
  loaded: boolean;
}

export type PagedListAction<T> =
  | { type: 'pending' }
  | { type: 'rejected' }
  | { type: 'loaded'; page: ListResponse<T>; append?: boolean }
  | { type: 'created'; doc: T }
  | { type: 'updated'; doc: T }
  | { type: 'removed'; id: string };

export const emptyPagedList = <T>(): PagedList<T> => ({ docs: [], totalDocs: 0, limit: 0, offset: 0, status: 'idle', loaded: false });

export function pagedListReducer<T extends { _id: string }>(state: PagedList<T>, action: PagedListAction<T>): PagedList<T> {
  switch (action.type) {
    case 'pending':
      return { ...state, status: 'loading' };
    case 'rejected':
      return { ...state, status: 'rejected' };
    case 'loaded': {
      const { docs, totalDocs, limit, offset } = action.page;
      return { docs: action.append ? [...state.docs, ...docs] : docs, totalDocs, limit, offset, status: 'idle', loaded: true };
    }
    case 'created':
      if (!state.loaded) return state;
      return { ...state, docs: [action.doc, ...state.docs.filter((d) => d._id !== action.doc._id)], totalDocs: state.totalDocs + 1 };
    case 'updated':
      return { ...state, docs: state.docs.map((d) => (d._id === action.doc._id ? action.doc : d)) };
    case 'removed': {
      if (!state.docs.some((d) => d._id === action.id)) return state;
      return { ...state, docs: state.docs.filter((d) => d._id !== action.id), totalDocs: Math.max(0, state.totalDocs - 1) };
    }
  }
}

/**
 * Loads a page whenever `key` (the query the list depends on) changes, and hands back the list with the actions
 * above. A reply that arrives after a newer request is dropped, so fast filter changes never show stale rows. A
 * record created, changed or deleted while a page is loading may be missing from that reply (it was read first):
 * the page is asked for again, and the older reply dropped, so the change never vanishes from the list.
 */
export function usePagedList<T extends { _id: string }>(load: (offset: number) => Promise<ListResponse<T>>, key: string) {
  const [state, dispatch] = useReducer(pagedListReducer<T>, undefined, emptyPagedList<T>);
  const loadRef = useRef(load);
  loadRef.current = load;
  const requestRef = useRef(0);
  const inFlight = useRef<{ offset: number; append: boolean } | null>(null);

  const fetchPage = useCallback(async (offset: number, append: boolean) => {
    const request = ++requestRef.current;
    inFlight.current = { offset, append };
    dispatch({ type: 'pending' });
    try {
      const page = await loadRef.current(offset);
      if (request === requestRef.current) dispatch({ type: 'loaded', page, append });
    } catch {
      if (request === requestRef.current) dispatch({ type: 'rejected' });
    } finally {
      if (request === requestRef.current) inFlight.current = null;
    }
  }, []);

  const changed = useCallback(
    (action: PagedListAction<T>) => {
      dispatch(action);
      const pending = inFlight.current;
      if (pending) void fetchPage(pending.offset, pending.append);
    },
    [fetchPage],
  );

  useEffect(() => {
    void fetchPage(0, false);
  }, [key, fetchPage]);

  return {
    list: state,
    reload: () => fetchPage(state.offset, false),
    goTo: (offset: number) => fetchPage(offset, false),
    loadMore: () => fetchPage(state.offset + state.docs.length, true),
    created: (doc: T) => changed({ type: 'created', doc }),
    updated: (doc: T) => changed({ type: 'updated', doc }),
    removed: (id: string) => changed({ type: 'removed', id }),
  };
}

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
