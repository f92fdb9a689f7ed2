import clsx from 'clsx';
import { useAtomValue } from 'jotai';
import { CalendarDays, ChevronLeft, ChevronRight, Rss } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { FALLBACK_TIME_ZONE } from '../../../schema/contracts/profile';
import { actingForAtom } from '../../entities/accounts/acting';
import { stampIn } from '../../lib/local-time';
import { signedInUserAtom } from '../../lib/session';
import { focusRing, iconButton, secondaryButton } from '../../ui/classes';
import { EmptyState } from '../../ui/EmptyState';
import LoadFailure from '../../ui/LoadFailure';
import { LoadingStatus } from '../../ui/LoadingStatus';
import Spinner from '../../ui/Spinner';
import AgendaList from './AgendaList';
import { type CalendarView, calendarViews, isDay, keyTarget, periodTitle, stepAnchor, todayIn, visibleRange } from './calendar';
import MonthGrid from './MonthGrid';
import SubscribeDialog from './SubscribeDialog';
import TimeGrid from './TimeGrid';
import { useSchedule } from './use-schedule';

/** Spec 1 section 9's small-screen test; phones open on the agenda, which reads best narrow. */
const PHONE_QUERY = '(max-width: 576px)';

const VIEW_LABELS: Record<CalendarView, string> = { day: 'Day', week: 'Week', month: 'Month', agenda: 'Agenda' };
const EMPTY_TEXT: Record<CalendarView, string> = {
  day: 'No lessons on this day.',
  week: 'No lessons this week.',
  month: 'No lessons this month.',
  agenda: 'No lessons in the next four weeks.',
};

const isView = (value: string | null): value is CalendarView => calendarViews.includes(value as CalendarView);

/** Typing in a field or working in a dialog keeps its arrow keys. */
function keysBelongElsewhere(target: EventTarget | null) {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName) || !!target.closest('[role="dialog"]');
}

/** The signed-in person's lessons (a parent's: the student they act for) in day, week, month and agenda views. */
export default function SchedulePage() {
  const user = useAtomValue(signedInUserAtom);
  const actingFor = useAtomValue(actingForAtom);
  const zone = user?.timezone || Intl.DateTimeFormat().resolvedOptions().timeZone || FALLBACK_TIME_ZONE;
  const [params, setParams] = useSearchParams();
  const [subscribing, setSubscribing] = useState(false);
  const [now] = useState(() => Date.now());
  const today = todayIn(zone, now);
  const requestedView = params.get('view');
  const view: CalendarView = isView(requestedView) ? requestedView : window.matchMedia?.(PHONE_QUERY).matches ? 'agenda' : 'week';
  const requestedDate = params.get('date');
  const anchor = isDay(requestedDate) ? requestedDate : today;
  const range = useMemo(() => visibleRange(view, anchor, zone), [view, anchor, zone]);
  const ownerId = actingFor?._id ?? user?._id;
  const schedule = useSchedule(ownerId, range.start, range.end);

  const show = (next: { view?: CalendarView; date?: string }) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        updated.set('view', next.view ?? view);
        updated.set('date', next.date ?? anchor);
        return updated;
      },
      { replace: true },
    );

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey || keysBelongElsewhere(event.target)) return;
      const target = keyTarget(event.key, anchor, zone, today);
      if (!target) return;
      event.preventDefault();
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          updated.set('view', view);
          updated.set('date', target);
          return updated;
        },
        { replace: true },
      );
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [anchor, zone, today, view, setParams]);

  if (!user || !ownerId) return null;
  if (user.role.name === 'PARENT' && !actingFor) {
    return (
      <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 lg:px-8">
        <EmptyState
          icon={<CalendarDays className="size-6" aria-hidden="true" />}
          title="Choose a student"
          text="A schedule belongs to a student. Pick one of your students to see their lessons."
        >
          <Link to="/manage-accounts" className={secondaryButton}>
            Manage accounts
          </Link>
        </EmptyState>
      </div>
    );
  }
  const pickDay = (day: string) => show({ view: 'day', date: day });
  const lessons = schedule.lessons.filter((l) => Date.parse(l.start) >= range.start.getTime() && Date.parse(l.start) < range.end.getTime());
  const firstLoad = schedule.status === 'loading' && schedule.lessons.length === 0;

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 lg:px-8">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <p className="text-sm font-semibold text-brand-deep">{actingFor ? `${actingFor.firstname}'s schedule` : 'Schedule'}</p>
          <h1 className="mt-1 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl dark:text-white" data-testid="schedule-title" aria-live="polite">
            {periodTitle(view, range, anchor, zone)}
          </h1>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            Times in <span data-testid="schedule-zone">{zone.replaceAll('_', ' ')}</span>.
            <span className="hidden sm:inline"> Arrow keys move the day, T jumps to today.</span>
          </p>
        </div>
        <button type="button" className={`${secondaryButton} self-start sm:self-auto`} onClick={() => setSubscribing(true)}>
          <Rss className="size-4" aria-hidden="true" />
          Subscribe
        </button>
      </div>

      <div className="mt-6 flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-1">
          <button
            type="button"
            className={iconButton}
            aria-label={`Previous ${view === 'agenda' ? 'four weeks' : view}`}
            onClick={() => show({ date: stepAnchor(view, anchor, -1, zone) })}
          >
            <ChevronLeft className="size-5" aria-hidden="true" />
          </button>
          <button
            type="button"
            className={iconButton}
            aria-label={`Next ${view === 'agenda' ? 'four weeks' : view}`}
            onClick={() => show({ date: stepAnchor(view, anchor, 1, zone) })}
          >
            <ChevronRight className="size-5" aria-hidden="true" />
          </button>
          <button type="button" className={`${secondaryButton} px-4! py-2!`} onClick={() => show({ date: today })}>
            Today
          </button>
          {schedule.status === 'loading' && !firstLoad && <Spinner className="ml-2 size-4 text-brand-deep" />}
        </div>
        <div role="radiogroup" aria-label="Calendar view" className="inline-flex rounded-full bg-slate-100 p-1 dark:bg-slate-800">
          {calendarViews.map((option) => (
            <button
              key={option}
              type="button"
              role="radio"
              aria-checked={view === option}
              onClick={() => show({ view: option })}
              className={clsx(
                'rounded-full px-3 py-1.5 text-sm font-semibold transition sm:px-4',
                focusRing,
                view === option
                  ? 'bg-white text-slate-900 shadow-sm dark:bg-slate-950 dark:text-white'
                  : 'text-slate-600 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white',
              )}
            >
              {VIEW_LABELS[option]}
            </button>
          ))}
        </div>
      </div>

      {schedule.status === 'idle' && schedule.offlineSince !== undefined && (
        <p data-testid="fetched-at" className="mt-4 text-sm font-medium text-amber-700 dark:text-amber-300">
          Offline: showing your schedule as of {stampIn(schedule.offlineSince, zone)}.
        </p>
      )}
      <div className="mt-5" aria-busy={schedule.status === 'loading'}>
        {schedule.status === 'rejected' ? (
          <LoadFailure onRetry={schedule.reload} />
        ) : firstLoad ? (
          <LoadingStatus className="py-16" />
        ) : (
          <>
            {lessons.length === 0 && schedule.status === 'idle' && view !== 'agenda' && (
              <p role="status" className="mb-3 text-sm text-slate-600 dark:text-slate-400">
                {EMPTY_TEXT[view]}
              </p>
            )}
            {view === 'agenda' ? (
              lessons.length === 0 ? (
                schedule.status === 'idle' && (
                  <EmptyState icon={<CalendarDays className="size-6" aria-hidden="true" />} title="Nothing scheduled" text={EMPTY_TEXT.agenda} />
                )
              ) : (
                <AgendaList lessons={lessons} zone={zone} today={today} viewerId={ownerId} now={now} onChanged={schedule.reload} />
              )
            ) : view === 'month' ? (
              <MonthGrid days={range.days} lessons={lessons} zone={zone} today={today} anchor={anchor} onPickDay={pickDay} />
            ) : (
              <TimeGrid days={range.days} lessons={lessons} zone={zone} today={today} anchor={anchor} onPickDay={pickDay} />
            )}
            {view === 'day' && lessons.length > 0 && (
              <div className="mt-6">
                <AgendaList lessons={lessons} zone={zone} today={today} viewerId={ownerId} now={now} onChanged={schedule.reload} />
              </div>
            )}
          </>
        )}
      </div>
      <SubscribeDialog open={subscribing} onClose={() => setSubscribing(false)} />
    </div>
  );
}
