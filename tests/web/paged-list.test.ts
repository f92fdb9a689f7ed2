import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ListResponse } from '../../schema/contracts/common';
import { emptyPagedList, type PagedList, pagedListReducer, usePagedList } from '../../web/lib/paged-list';

interface Row {
  _id: string;
  name: string;
}

const page = (docs: Row[], totalDocs = docs.length) => ({ docs, totalDocs, limit: 20, offset: 0 });
const loaded = (docs: Row[], totalDocs?: number): PagedList<Row> => pagedListReducer(emptyPagedList<Row>(), { type: 'loaded', page: page(docs, totalDocs) });

describe('paged list rules', () => {
  it('tracks loading, done and failure', () => {
    const pending = pagedListReducer(emptyPagedList<Row>(), { type: 'pending' });
    expect(pending.status).toBe('loading');
    expect(pagedListReducer(pending, { type: 'rejected' }).status).toBe('rejected');
    expect(loaded([{ _id: 'a', name: 'A' }])).toMatchObject({ status: 'idle', loaded: true, totalDocs: 1 });
  });

  it('puts a created record on top with the total +1, only once the list was loaded', () => {
    const list = pagedListReducer(loaded([{ _id: 'a', name: 'A' }], 5), { type: 'created', doc: { _id: 'b', name: 'B' } });
    expect(list.docs.map((d) => d._id)).toEqual(['b', 'a']);
    expect(list.totalDocs).toBe(6);
    const notLoaded = pagedListReducer(emptyPagedList<Row>(), { type: 'created', doc: { _id: 'b', name: 'B' } });
    expect(notLoaded).toEqual(emptyPagedList());
  });

  it('removes a deleted record with the total −1, never below zero', () => {
    const list = pagedListReducer(loaded([{ _id: 'a', name: 'A' }], 1), { type: 'removed', id: 'a' });
    expect(list).toMatchObject({ docs: [], totalDocs: 0 });
    const odd = pagedListReducer({ ...loaded([{ _id: 'a', name: 'A' }]), totalDocs: 0 }, { type: 'removed', id: 'a' });
    expect(odd.totalDocs).toBe(0);
    expect(pagedListReducer(list, { type: 'removed', id: 'missing' })).toBe(list);
  });

  it('replaces an updated record by _id in place', () => {
    const list = pagedListReducer(
      loaded([
        { _id: 'a', name: 'A' },
        { _id: 'b', name: 'B' },
      ]),
      { type: 'updated', doc: { _id: 'b', name: 'Bee' } },
    );
    expect(list.docs).toEqual([
      { _id: 'a', name: 'A' },
      { _id: 'b', name: 'Bee' },
    ]);
    expect(list.totalDocs).toBe(2);
  });

  it('appends when loading more', () => {
    const more = pagedListReducer(loaded([{ _id: 'a', name: 'A' }], 2), {
      type: 'loaded',
      page: { ...page([{ _id: 'b', name: 'B' }], 2), offset: 1 },
      append: true,
    });
    expect(more.docs.map((d) => d._id)).toEqual(['a', 'b']);
  });
});

describe('a list changed while its page is loading', () => {
  it('asks for the page again, so a record created before the older reply arrived stays in the list', async () => {
    const replies: Array<(rows: Row[]) => void> = [];
    const load = vi.fn(() => new Promise<ListResponse<Row>>((resolve) => replies.push((rows) => resolve(page(rows)))));
    const { result } = renderHook(() => usePagedList<Row>(load, 'versions'));
    expect(load).toHaveBeenCalledTimes(1);

    act(() => result.current.created({ _id: 'new', name: 'Autumn 2026' }));
    expect(load).toHaveBeenCalledTimes(2);
    await act(async () => replies[0]!([{ _id: 'old', name: 'Spring' }]));
    expect(result.current.list.loaded).toBe(false);
    await act(async () =>
      replies[1]!([
        { _id: 'new', name: 'Autumn 2026' },
        { _id: 'old', name: 'Spring' },
      ]),
    );
    await waitFor(() => expect(result.current.list.docs.map((d) => d.name)).toEqual(['Autumn 2026', 'Spring']));
  });

  it('does not load again for a change made once the page is in', async () => {
    const load = vi.fn(async () => page([{ _id: 'old', name: 'Spring' }]));
    const { result } = renderHook(() => usePagedList<Row>(load, 'versions'));
    await waitFor(() => expect(result.current.list.loaded).toBe(true));
    act(() => result.current.created({ _id: 'new', name: 'Autumn 2026' }));
    expect(load).toHaveBeenCalledTimes(1);
    expect(result.current.list.docs.map((d) => d.name)).toEqual(['Autumn 2026', 'Spring']);
  });
});
