import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { usePolled } from '../../web/pages/portal/use-polled';

let visibility: DocumentVisibilityState = 'visible';

beforeEach(() => {
  vi.useFakeTimers();
  visibility = 'visible';
  vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('a home part asked for again while on screen', () => {
  it('asks every interval while visible, not while hidden, and at once on coming back', async () => {
    const fetcher = vi.fn(async () => 'answer');
    const { result } = renderHook(() => usePolled('k', fetcher, 20_000));
    await act(async () => {});
    expect(result.current).toMatchObject({ status: 'ready', value: 'answer' });
    expect(fetcher).toHaveBeenCalledTimes(1);

    await act(async () => vi.advanceTimersByTime(20_000));
    expect(fetcher).toHaveBeenCalledTimes(2);

    visibility = 'hidden';
    await act(async () => vi.advanceTimersByTime(60_000));
    expect(fetcher).toHaveBeenCalledTimes(2);

    visibility = 'visible';
    await act(async () => document.dispatchEvent(new Event('visibilitychange')));
    expect(fetcher).toHaveBeenCalledTimes(3);
  });

  it('keeps the last answer when a refresh fails', async () => {
    const fetcher = vi.fn<() => Promise<string>>().mockResolvedValueOnce('first').mockRejectedValue(new Error('offline'));
    const { result } = renderHook(() => usePolled('k', fetcher, 20_000));
    await act(async () => {});
    await act(async () => vi.advanceTimersByTime(20_000));
    expect(fetcher).toHaveBeenCalledTimes(2);
    expect(result.current).toMatchObject({ status: 'ready', value: 'first' });
  });
});
