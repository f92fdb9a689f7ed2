import { useCallback, useEffect, useState } from 'react';
import type { ScheduleLesson, ScheduleList } from '../../../schema/contracts/schedule';
import { api } from '../../lib/api';

export type ScheduleState = { status: 'loading'; lessons: ScheduleLesson[] } | { status: 'idle'; lessons: ScheduleLesson[] } | { status: 'rejected'; lessons: ScheduleLesson[] };

/** The person's lessons in [start, end); the previous lessons stay on screen while the next range loads. */
export function useSchedule(userId: string | undefined, start: Date, end: Date) {
  const [state, setState] = useState<ScheduleState>({ status: 'loading', lessons: [] });
  const [attempt, setAttempt] = useState(0);
  const from = start.toISOString();
  const to = end.toISOString();

  useEffect(() => {
    if (!userId) return;
    const controller = new AbortController();
    setState((current) => ({ status: 'loading', lessons: current.lessons }));
    api<ScheduleList>(`/schedule/list/${encodeURIComponent(userId)}`, { query: { startDate: from, endDate: to }, signal: controller.signal })
      .then((list) => setState({ status: 'idle', lessons: list.docs }))
      .catch(() => {
        if (!controller.signal.aborted) setState((current) => ({ status: 'rejected', lessons: current.lessons }));
      });
    return () => controller.abort();
  }, [userId, from, to, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, reload };
}
