import { useCallback, useEffect, useRef, useState } from 'react';
import type { CreditEntry } from '../../../schema/contracts/payments';
import { billingCalls } from './api';

const PAGE = 10;

export type CreditsLoad =
  | { state: 'loading' }
  | { state: 'failed'; retry: () => void }
  | { state: 'ready'; balanceMinutes: number; entries: CreditEntry[]; total: number; more: boolean; loadingMore: boolean; loadMore: () => void };

/** One student's balance and its newest entries, ten at a time; "more" appends the next ten. */
export function useCredits(studentId: string): CreditsLoad {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<{ balanceMinutes: number; entries: CreditEntry[]; total: number } | 'loading' | 'failed'>('loading');
  const [loadingMore, setLoadingMore] = useState(false);
  const current = useRef(state);
  current.current = state;

  useEffect(() => {
    const controller = new AbortController();
    setState('loading');
    billingCalls.credits(studentId, 0, PAGE, controller.signal).then(
      (credits) => setState({ balanceMinutes: credits.balanceMinutes, entries: credits.entries.docs, total: credits.entries.totalDocs }),
      () => {
        if (!controller.signal.aborted) setState('failed');
      },
    );
    return () => controller.abort();
  }, [studentId, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const loadMore = useCallback(async () => {
    const shown = current.current;
    if (typeof shown === 'string') return;
    setLoadingMore(true);
    try {
      const next = await billingCalls.credits(studentId, shown.entries.length, PAGE);
      setState({ balanceMinutes: next.balanceMinutes, entries: [...shown.entries, ...next.entries.docs], total: next.entries.totalDocs });
    } catch {
      setState('failed');
    } finally {
      setLoadingMore(false);
    }
  }, [studentId]);

  if (state === 'loading') return { state: 'loading' };
  if (state === 'failed') return { state: 'failed', retry };
  return { state: 'ready', ...state, more: state.entries.length < state.total, loadingMore, loadMore: () => void loadMore() };
}
