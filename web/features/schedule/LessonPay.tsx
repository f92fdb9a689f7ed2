import { useEffect, useState } from 'react';
import { formatMoney } from '../../../schema/contracts/money';
import type { LessonPrice } from '../../../schema/contracts/pricing';
import { focusRing } from '../../ui/classes';
import { scheduleCalls } from './api';

/**
 * The recorded prices of the lessons on the page, by lesson. Nothing is asked when `lessonIds` is empty (an admin who
 * may not view tutor rates), and a failed call shows no prices rather than breaking the meetings table.
 */
export function useLessonPrices(lessonIds: string[]) {
  const [prices, setPrices] = useState<Map<string, LessonPrice[]>>(new Map());
  const key = lessonIds.join(',');
  useEffect(() => {
    if (!key) return setPrices(new Map());
    const controller = new AbortController();
    scheduleCalls.lessonPrices(key, controller.signal).then(
      (rows) => {
        const byLesson = new Map<string, LessonPrice[]>();
        for (const row of rows) byLesson.set(row.lessonId, [...(byLesson.get(row.lessonId) ?? []), row]);
        setPrices(byLesson);
      },
      () => undefined,
    );
    return () => controller.abort();
  }, [key]);
  return prices;
}

/** Each tutor's pay as recorded when the lesson ended; opening it shows how the engine arrived at it. */
export function LessonPay({ prices }: { prices: LessonPrice[] }) {
  return (
    <ul className="mt-1.5 space-y-1">
      {prices.map((price) => (
        <li key={price._id} data-testid="lesson-pay">
          <details className="text-xs text-slate-600 dark:text-slate-300">
            <summary className={`cursor-pointer rounded-sm ${focusRing}`}>
              {price.userName}’s pay:{' '}
              <span className="font-semibold text-slate-900 dark:text-white">
                {price.amount === null || price.currency === null ? 'not priced' : formatMoney(price.amount, price.currency)}
              </span>
            </summary>
            <p className="mt-1 max-w-xs break-words text-slate-500 dark:text-slate-400">{price.explanation}</p>
          </details>
        </li>
      ))}
    </ul>
  );
}
