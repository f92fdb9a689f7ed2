import { useCallback, useEffect, useState } from 'react';
import type { ScheduleLesson, ScheduleList } from '../../../schema/contracts/schedule';
import { api } from '../../lib/api';
import { withDeviceCopy } from '../../lib/device-copy';

export type ScheduleState =
  | { status: 'loading'; lessons: ScheduleLesson[] }
  /** `offlineSince` is when the lessons shown were fetched, when they come from the device because the network is down. */
  | { status: 'idle'; lessons: ScheduleLesson[]; offlineSince?: number }
  | { status: 'rejected'; lessons: ScheduleLesson[] };

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
    withDeviceCopy(`schedule.${userId}.${from}.${to}`, () =>
      api<ScheduleList>(`/schedule/list/${encodeURIComponent(userId)}`, { query: { startDate: from, endDate: to }, signal: controller.signal }),
    )
      .then((copy) => setState({ status: 'idle', lessons: copy.value.docs, offlineSince: copy.fromDevice ? copy.fetchedAt : undefined }))
      .catch(() => {
        if (!controller.signal.aborted) setState((current) => ({ status: 'rejected', lessons: current.lessons }));
      });
    return () => controller.abort();
  }, [userId, from, to, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, reload };
}
