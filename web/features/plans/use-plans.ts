import { useCallback, useEffect, useState } from 'react';
import type { PricedPlan } from '../../../schema/contracts/pricing';
import { planCalls } from './api';

export type PlansLoad =
  | { state: 'idle' }
  | { state: 'loading' }
  | { state: 'failed'; retry: () => void }
  | { state: 'ready'; flexible: PricedPlan[]; subscription: PricedPlan[] };

/** Both plan lists for the chosen student, read again whenever the student changes. */
export function usePlans(studentId: string | null): PlansLoad {
  const [attempt, setAttempt] = useState(0);
  const [load, setLoad] = useState<PlansLoad>({ state: 'idle' });
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  useEffect(() => {
    if (!studentId) {
      setLoad({ state: 'idle' });
      return;
    }
    const controller = new AbortController();
    setLoad({ state: 'loading' });
    // The subscription list is shown for information only, so its failure leaves the flexible plans buyable.
    Promise.all([planCalls.flexible(studentId, controller.signal), planCalls.subscription(studentId, controller.signal).catch(() => [])]).then(
      ([flexible, subscription]) => setLoad({ state: 'ready', flexible, subscription }),
      () => {
        if (!controller.signal.aborted) setLoad({ state: 'failed', retry });
      },
    );
    return () => controller.abort();
  }, [studentId, attempt, retry]);
  return load;
}
