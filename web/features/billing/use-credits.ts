import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { CreditBalance, CreditEntry, ExpiringCredit } from '../../../schema/contracts/payments';
import { creditNewsAtom } from '../../entities/payments/credit-news';
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

/**
 * One student's balance and its newest entries, ten at a time; "more" appends the next ten. News of a change (from
 * the inbox) reads it again, keeping what is shown until the new answer arrives so nothing flickers.
 */
export function useCredits(studentId: string, page = PAGE): CreditsLoad {
  const news = useAtomValue(creditNewsAtom);
  const newsForThis = news?.studentId === studentId ? news.at : 0;
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<Shown | 'loading' | 'failed'>('loading');
  const [loadingMore, setLoadingMore] = useState(false);
  const current = useRef(state);
  current.current = state;
  const shownFor = useRef<string | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    if (shownFor.current !== studentId || typeof current.current === 'string') setState('loading');
    shownFor.current = studentId;
    billingCalls.credits(studentId, 0, page, controller.signal).then(
      (credits) => setState({ ...credits, entries: credits.entries.docs, total: credits.entries.totalDocs }),
      () => {
        if (!controller.signal.aborted) setState('failed');
      },
    );
    return () => controller.abort();
  }, [studentId, attempt, page, newsForThis]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const loadMore = useCallback(async () => {
    const shown = current.current;
    if (typeof shown === 'string') return;
    setLoadingMore(true);
    try {
      const next = await billingCalls.credits(studentId, shown.entries.length, page);
      setState({ ...next, entries: [...shown.entries, ...next.entries.docs], total: next.entries.totalDocs });
    } catch {
      setState('failed');
    } finally {
      setLoadingMore(false);
    }
  }, [studentId, page]);

  if (state === 'loading') return { state: 'loading' };
  if (state === 'failed') return { state: 'failed', retry };
  return { state: 'ready', ...state, more: state.entries.length < state.total, loadingMore, loadMore: () => void loadMore() };
}
