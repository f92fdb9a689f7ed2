import { useCallback, useEffect, useRef, useState } from 'react';
import type { CreditBalance, CreditEntry, ExpiringCredit } from '../../../schema/contracts/payments';
import { billingCalls } from './api';

const PAGE = 10;

export type CreditsLoad =
  | { state: 'loading' }
  | { state: 'failed'; retry: () => void }
  | ({ state: 'ready'; more: boolean; loadingMore: boolean; loadMore: () => void } & Shown);

interface Shown {
  balanceMinutes: number;
  balances: CreditBalance[];
  expiring: ExpiringCredit[];
  entries: CreditEntry[];
  total: number;
}

/** One student's balance and its newest entries, ten at a time; "more" appends the next ten. */
export function useCredits(studentId: string): CreditsLoad {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<Shown | 'loading' | 'failed'>('loading');
  const [loadingMore, setLoadingMore] = useState(false);
  const current = useRef(state);
  current.current = state;

  useEffect(() => {
    const controller = new AbortController();
    setState('loading');
    billingCalls.credits(studentId, 0, PAGE, controller.signal).then(
      (credits) => setState({ ...credits, entries: credits.entries.docs, total: credits.entries.totalDocs }),
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
      setState({ ...next, entries: [...shown.entries, ...next.entries.docs], total: next.entries.totalDocs });
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
