import clsx from 'clsx';
import type { WaitingRoomKind, WaitingRoomParticipant } from '../../../schema/contracts/realtime';
import type { MeetingData, MeetingPerson } from '../../../schema/contracts/waiting-room';
import { fullName } from '../../lib/people';
import { cardClass } from '../../ui/classes';

const kindLabels: Record<WaitingRoomKind, string> = { TUTOR: 'Tutor', STUDENT: 'Student', ADMIN: 'Admin' };
const kindOrder: WaitingRoomKind[] = ['TUTOR', 'STUDENT', 'ADMIN'];

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join('') || '?';

function Avatar({ name, avatar, here }: { name: string; avatar: string | null; here: boolean }) {
  return (
    <span className="relative shrink-0">
      {avatar ? (
        <img src={avatar} alt="" className={clsx('size-10 rounded-full object-cover', !here && 'opacity-50 grayscale')} />
      ) : (
        <span
          aria-hidden="true"
          className={clsx(
            'flex size-10 items-center justify-center rounded-full text-sm font-semibold',
            here ? 'bg-brand/20 text-teal-900 dark:text-teal-100' : 'bg-slate-200 text-slate-500 dark:bg-slate-800 dark:text-slate-400',
          )}
        >
          {initials(name)}
        </span>
      )}
      {here && <span className="absolute -right-0.5 -bottom-0.5 size-3 rounded-full bg-emerald-500 ring-2 ring-white dark:ring-slate-900" />}
    </span>
  );
}

interface Row {
  userId: string;
  name: string;
  kind: WaitingRoomKind;
  avatar: string | null;
  here: boolean;
}

/** Everyone here now (live), then the lesson's people who have not arrived, grouped tutors, students, admins. */
export function peopleRows(data: MeetingData, participants: WaitingRoomParticipant[]): Row[] {
  const known = new Map<string, MeetingPerson>([...data.tutors, ...data.students].map((p) => [p._id, p]));
  const here: Row[] = participants.map((p) => ({ userId: p.userId, name: p.name, kind: p.kind, avatar: known.get(p.userId)?.avatar ?? null, here: true }));
  const present = new Set(participants.map((p) => p.userId));
  const expected: Row[] = [
    ...data.tutors.map((p) => ({ userId: p._id, name: fullName(p), kind: 'TUTOR' as const, avatar: p.avatar, here: false })),
    ...data.students.map((p) => ({ userId: p._id, name: fullName(p), kind: 'STUDENT' as const, avatar: p.avatar, here: false })),
  ].filter((row) => !present.has(row.userId));
  const byKind = (a: Row, b: Row) => kindOrder.indexOf(a.kind) - kindOrder.indexOf(b.kind);
  return [...here.sort(byKind), ...expected.sort(byKind)];
}

export default function PeopleWaiting({
  data,
  participants,
  selfId,
  className,
}: {
  data: MeetingData;
  participants: WaitingRoomParticipant[];
  selfId: string | undefined;
  className?: string;
}) {
  const rows = peopleRows(data, participants);
  const hereCount = participants.length;
  return (
    <section aria-labelledby="people-title" className={clsx(cardClass, 'p-5 sm:p-6', className)}>
      <div className="flex items-baseline justify-between gap-3">
        <h2 id="people-title" className="text-base font-semibold text-slate-900 dark:text-white">
          Who's here
        </h2>
        <p className="text-sm text-slate-500 dark:text-slate-400" aria-live="polite">
          {hereCount === 1 ? '1 person waiting' : `${hereCount} people waiting`}
        </p>
      </div>
      {rows.length === 0 ? (
        <p className="mt-4 text-sm text-slate-600 dark:text-slate-300">Nobody is here yet.</p>
      ) : (
        <ul className="mt-4 space-y-3" data-testid="people-waiting">
          {rows.map((row) => (
            <li key={row.userId} className="flex items-center gap-3" data-here={row.here} data-testid="person">
              <Avatar name={row.name} avatar={row.avatar} here={row.here} />
              <div className="min-w-0 flex-1">
                <p className={clsx('truncate text-sm font-medium', row.here ? 'text-slate-900 dark:text-white' : 'text-slate-500 dark:text-slate-400')}>
                  {row.name}
                  {row.userId === selfId && <span className="text-slate-500 dark:text-slate-400"> (you)</span>}
                </p>
                <p className="text-xs text-slate-500 dark:text-slate-400">
                  {kindLabels[row.kind]} · {row.here ? 'Waiting' : 'Not here yet'}
                </p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
