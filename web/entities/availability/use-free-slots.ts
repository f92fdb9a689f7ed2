import { useEffect, useState } from 'react';
import { FREE_DAYS_MAX, type FreeDays, type SlotOption } from '../../../schema/contracts/availability';
import { api } from '../../lib/api';
import { dayAfter, LOOK_AHEAD_DAYS, todayIn } from './free-days';

interface FreeSlotsQuery {
  open: boolean;
  tutorId: string | undefined;
  /** `YYYY-MM-DD` in `zone` */
  date: string;
  duration: number;
  zone: string;
  /** A lesson being moved: its own time does not count as busy. */
  sectionId?: string;
  /** Bumped to ask again, after the server said a time was taken. */
  reloads: number;
}

/** The tutor's free starts on one day of the viewer's zone, as UTC instants. */
const tutorSlots = (tutorId: string, query: { date: string; duration: number; timezone: string; sectionId?: string }, signal: AbortSignal) =>
  api<SlotOption[]>(`/user-availability/slots/${tutorId}`, { query, signal });

/** Which days from today have a free start with the tutor, and where the tutor's booking window ends. */
const tutorFreeDays = (tutorId: string, query: { from: string; duration: number; timezone: string; sectionId?: string }, signal: AbortSignal) =>
  api<FreeDays>(`/user-availability/free-days/${tutorId}`, { query: { ...query, days: FREE_DAYS_MAX }, signal });

/**
 * A tutor's free times on the chosen day, by the one placement rule on the server. When the day has none, the next
 * day that has any is found (`nextDay`), so a person is offered somewhere to go instead of an empty list.
 */
export function useFreeSlots({ open, tutorId, date, duration, zone, sectionId, reloads }: FreeSlotsQuery) {
  const [slots, setSlots] = useState<SlotOption[]>([]);
  const [nextDay, setNextDay] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [calendar, setCalendar] = useState<FreeDays | null>(null);

  // The calendar's marks and its end: one call for the whole window, asked again whenever the day's slots are.
  useEffect(() => {
    if (!open || !tutorId) return;
    const controller = new AbortController();
    tutorFreeDays(tutorId, { from: todayIn(zone), duration, timezone: zone, ...(sectionId ? { sectionId } : {}) }, controller.signal).then(
      (answer) => setCalendar(answer),
      () => !controller.signal.aborted && setCalendar(null),
    );
    return () => controller.abort();
  }, [open, tutorId, duration, zone, sectionId, reloads]);

  useEffect(() => {
    if (!open || !tutorId) return;
    const controller = new AbortController();
    const ask = (day: string) => tutorSlots(tutorId, { date: day, duration, timezone: zone, ...(sectionId ? { sectionId } : {}) }, controller.signal);
    setNextDay(null);
    setLoading(true);
    (async () => {
      const found = await ask(date);
      if (controller.signal.aborted) return;
      setSlots(found);
      setLoading(false);
      if (found.length) return;
      let day = date;
      for (let i = 0; i < LOOK_AHEAD_DAYS; i += 1) {
        day = dayAfter(day);
        const later = await ask(day);
        if (controller.signal.aborted) return;
        if (later.length) {
          setNextDay(day);
          return;
        }
      }
    })().catch(() => {
      if (!controller.signal.aborted) setLoading(false);
    });
    return () => controller.abort();
  }, [open, tutorId, date, duration, zone, sectionId, reloads]);

  return { slots, loading, nextDay, calendar };
}
