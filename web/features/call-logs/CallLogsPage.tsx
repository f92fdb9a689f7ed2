import { useAtomValue } from 'jotai';
import { PhoneOff, ShieldOff } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import type { ListResponse } from '../../../schema/contracts/common';
import { type CallLogRecord, callLogStatusValues, type MeetingPerson } from '../../../schema/contracts/waiting-room';
import { lessonTime } from '../../entities/lessons/lesson-time';
import { statusOf } from '../../lib/errors';
import { fullName } from '../../lib/people';
import { signedInUserAtom } from '../../lib/session';
import { cardClass, fieldClass } from '../../ui/classes';
import { EmptyState } from '../../ui/EmptyState';
import { ChoiceField } from '../../ui/fields';
import LoadFailure from '../../ui/LoadFailure';
import { Pager } from '../../ui/Pager';
import Spinner from '../../ui/Spinner';
import { callLogCalls } from './api';

const PAGE_SIZE = 20;
/** Spec 1 section 9: the time zone falls back to Asia/Singapore. */
const FALLBACK_ZONE = 'Asia/Singapore';

type Status = 'loading' | 'idle' | 'rejected' | 'forbidden';
type CallLogStatus = CallLogRecord['status'];

const statusLabels: Record<CallLogStatus, string> = { LATE: 'Late', JOINED_LATE: 'Joined late', MISSED: 'Missed' };
const statusClass: Record<CallLogStatus, string> = {
  LATE: 'bg-amber-100 text-amber-800 dark:bg-amber-500/15 dark:text-amber-300',
  JOINED_LATE: 'bg-sky-100 text-sky-800 dark:bg-sky-500/15 dark:text-sky-300',
  MISSED: 'bg-rose-100 text-rose-800 dark:bg-rose-500/15 dark:text-rose-300',
};

const name = (p: MeetingPerson | null) => (p ? fullName(p) : 'No tutor');
const minutesLate = (log: CallLogRecord) =>
  log.tutorJoinedAt ? Math.max(1, Math.round((Date.parse(log.tutorJoinedAt) - Date.parse(log.lessonStart)) / 60_000)) : null;

function LogRow({ log, timeZone }: { log: CallLogRecord; timeZone: string }) {
  const late = minutesLate(log);
  return (
    <li className={`${cardClass} p-4 sm:p-5`} data-testid="call-log">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-semibold text-slate-900 dark:text-white">{log.section.title}</p>
          <p className="text-sm text-slate-600 dark:text-slate-300">
            <Link to={`/portal/courses/${log.course._id}`} className="hover:underline">
              {log.course.title}
            </Link>{' '}
            · {lessonTime(log.lessonStart, timeZone)}
          </p>
        </div>
        <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${statusClass[log.status]}`}>
          {statusLabels[log.status]}
          {late !== null && ` · ${late} min`}
        </span>
      </div>
      <dl className="mt-3 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
        <div className="flex gap-2">
          <dt className="text-slate-500 dark:text-slate-400">Tutor</dt>
          <dd className="text-slate-800 dark:text-slate-200">{name(log.tutor)}</dd>
        </div>
        <div className="flex gap-2">
          <dt className="text-slate-500 dark:text-slate-400">Students</dt>
          <dd className="text-slate-800 dark:text-slate-200">{log.students.map(name).join(', ') || 'None'}</dd>
        </div>
        <div className="flex gap-2">
          <dt className="text-slate-500 dark:text-slate-400">Waiting</dt>
          <dd className="text-slate-800 dark:text-slate-200">{log.waitingUserIds.length}</dd>
        </div>
        <div className="flex gap-2">
          <dt className="text-slate-500 dark:text-slate-400">Alerted</dt>
          <dd className="text-slate-800 dark:text-slate-200">{log.notifiedUserIds.length}</dd>
        </div>
      </dl>
      {log.error && (
        <p className="mt-3 rounded-lg bg-rose-50 px-3 py-2 text-sm text-rose-800 dark:bg-rose-500/10 dark:text-rose-300">
          <span className="font-semibold">Error:</span> {log.error}
        </p>
      )}
    </li>
  );
}

/** /portal/admin/call-logs — lessons whose tutor was late, written by the waiting rooms (spec 2: call logs). */
export default function CallLogsPage() {
  const user = useAtomValue(signedInUserAtom);
  const timeZone = user?.timezone || FALLBACK_ZONE;
  const [status, setStatus] = useState<Status>('loading');
  const [page, setPage] = useState<ListResponse<CallLogRecord> | null>(null);
  const [filters, setFilters] = useState({ status: '', startDate: '', endDate: '', offset: 0 });
  const [attempt, setAttempt] = useState(0);
  const update = (next: Partial<typeof filters>) => setFilters((f) => ({ ...f, offset: 0, ...next }));

  useEffect(() => {
    const controller = new AbortController();
    setStatus('loading');
    callLogCalls
      .list({ limit: PAGE_SIZE, offset: filters.offset, status: filters.status, startDate: filters.startDate, endDate: filters.endDate }, controller.signal)
      .then((answer) => {
        setPage(answer);
        setStatus('idle');
      })
      .catch((error: unknown) => !controller.signal.aborted && setStatus(statusOf(error) === 403 ? 'forbidden' : 'rejected'));
    return () => controller.abort();
  }, [filters, attempt]);

  const filtered = Boolean(filters.status || filters.startDate || filters.endDate);
  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6 sm:py-12 lg:px-8">
      <p className="text-sm font-semibold text-brand-deep">Admin</p>
      <h1 className="mt-1 text-3xl font-bold tracking-tight text-slate-900 dark:text-white">Call logs</h1>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">Lessons whose tutor had not joined a minute after the start, and what came of it.</p>

      <form role="search" onSubmit={(e) => e.preventDefault()} className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-3">
        <ChoiceField
          id="call-logs-status"
          label="Status"
          className="col-span-2 sm:col-span-1"
          value={filters.status}
          onChange={(e) => update({ status: e.target.value })}
        >
          <option value="">All statuses</option>
          {callLogStatusValues.map((s) => (
            <option key={s} value={s}>
              {statusLabels[s]}
            </option>
          ))}
        </ChoiceField>
        <div>
          <label htmlFor="call-logs-from" className="block text-sm font-medium text-slate-700 dark:text-slate-200">
            From
          </label>
          <input
            id="call-logs-from"
            type="date"
            value={filters.startDate}
            onChange={(e) => update({ startDate: e.target.value })}
            className={`${fieldClass()} mt-1.5`}
          />
        </div>
        <div>
          <label htmlFor="call-logs-to" className="block text-sm font-medium text-slate-700 dark:text-slate-200">
            To
          </label>
          <input
            id="call-logs-to"
            type="date"
            value={filters.endDate}
            min={filters.startDate || undefined}
            onChange={(e) => update({ endDate: e.target.value })}
            className={`${fieldClass()} mt-1.5`}
          />
        </div>
      </form>

      <div className="mt-6" aria-live="polite" aria-busy={status === 'loading'}>
        {status === 'forbidden' ? (
          <EmptyState
            icon={<ShieldOff className="size-6" aria-hidden="true" />}
            title="No access to call logs"
            text="Your role does not include viewing call logs. Ask an admin who has it."
          />
        ) : status === 'rejected' ? (
          <LoadFailure onRetry={() => setAttempt((n) => n + 1)} />
        ) : !page && status === 'loading' ? (
          <div role="status" className="flex items-center justify-center gap-3 py-20 text-brand-deep">
            <Spinner className="size-6" />
            <span className="text-sm text-slate-500 dark:text-slate-400">Loading call logs…</span>
          </div>
        ) : page && page.docs.length === 0 ? (
          <EmptyState
            icon={<PhoneOff className="size-6" aria-hidden="true" />}
            title={filtered ? 'No call logs match' : 'No late tutors so far'}
            text={filtered ? 'Try other dates or another status.' : 'When a tutor has not joined a minute after a lesson starts, it shows up here.'}
          />
        ) : page ? (
          <div className={status === 'loading' ? 'opacity-60 transition-opacity' : undefined}>
            <ul className="space-y-3">
              {page.docs.map((log) => (
                <LogRow key={log._id} log={log} timeZone={timeZone} />
              ))}
            </ul>
            <Pager offset={page.offset} limit={page.limit} total={page.totalDocs} onOffset={(next) => setFilters((f) => ({ ...f, offset: next }))} />
          </div>
        ) : null}
      </div>
    </div>
  );
}
