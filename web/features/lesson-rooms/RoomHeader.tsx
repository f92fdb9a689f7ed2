import clsx from 'clsx';
import { CloudOff, ExternalLink, Loader2, Wifi } from 'lucide-react';
import type { LessonRoomInfo } from '../../../schema/contracts/lesson-room';
import { secondaryButton } from '../../ui/classes';
import type { DocStatus } from './doc-connection';
import type { Peer, PresenceUser } from './presence';

interface Props {
  info: LessonRoomInfo;
  timeText: string | null;
  me: PresenceUser;
  peers: Peer[];
  status: DocStatus;
  pending: number;
  readOnly: boolean;
}

const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part.charAt(0).toUpperCase())
    .join('') || '?';

function Avatar({ user, self }: { user: PresenceUser; self?: boolean }) {
  return (
    <span
      title={self ? `${user.name} (you)` : user.name}
      className="flex size-8 items-center justify-center rounded-full text-xs font-bold text-slate-950 ring-2 ring-white dark:ring-slate-950"
      style={{ backgroundColor: user.color }}
    >
      {initialsOf(user.name)}
    </span>
  );
}

/** Names each person once, however many tabs they have open. */
function uniquePeople(me: PresenceUser, peers: Peer[]) {
  const people = new Map<string, PresenceUser>([[me.userId, me]]);
  for (const peer of peers) if (!people.has(peer.user.userId)) people.set(peer.user.userId, peer.user);
  return [...people.values()];
}

export function ConnectionBadge({ status, pending }: { status: DocStatus; pending: number }) {
  const waiting = pending > 0 ? `${pending} ${pending === 1 ? 'change' : 'changes'} kept on this device, not yet synced` : null;
  return (
    <span
      role="status"
      data-testid="connection-state"
      data-snapshot-omit=""
      className={clsx(
        'inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-medium',
        status === 'connected' && 'bg-emerald-100 text-emerald-800 dark:bg-emerald-500/15 dark:text-emerald-300',
        status === 'connecting' && 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200',
        status === 'offline' && 'bg-amber-100 text-amber-900 dark:bg-amber-500/15 dark:text-amber-200',
      )}
    >
      {status === 'connected' && <Wifi className="size-3.5" aria-hidden />}
      {status === 'connecting' && <Loader2 className="size-3.5 animate-spin" aria-hidden />}
      {status === 'offline' && <CloudOff className="size-3.5" aria-hidden />}
      {status === 'connected' ? (waiting ? 'Syncing' : 'Live') : status === 'connecting' ? 'Connecting' : 'Offline'}
      {waiting && <span data-testid="pending-changes">· {waiting}</span>}
    </span>
  );
}

/** The lesson's title and time, who is here, the connection, and the ZOOM or TEAMS link. */
export function RoomHeader({ info, timeText, me, peers, status, pending, readOnly }: Props) {
  const people = uniquePeople(me, peers);
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
      <div className="min-w-0 flex-1 basis-40">
        <p className="truncate text-xs font-medium text-slate-500 dark:text-slate-400">{info.course.title}</p>
        <h1 className="truncate text-lg font-bold tracking-tight text-slate-900 dark:text-white">{info.section.title}</h1>
        {timeText && <p className="text-xs text-slate-500 dark:text-slate-400">{timeText}</p>}
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <div className="flex items-center" aria-label={`Here now: ${people.map((p) => p.name).join(', ')}`} data-testid="present-people">
          <span className="flex -space-x-2">
            {people.slice(0, 5).map((user) => (
              <Avatar key={user.userId} user={user} self={user.userId === me.userId} />
            ))}
          </span>
          {people.length > 5 && <span className="ml-1 text-xs text-slate-500">+{people.length - 5}</span>}
        </div>
        <ConnectionBadge status={status} pending={pending} />
        {readOnly && (
          <span className="rounded-full bg-slate-100 px-2.5 py-1 text-xs font-medium text-slate-700 dark:bg-slate-800 dark:text-slate-200">View only</span>
        )}
        {info.section.joinUrl && (
          <a href={info.section.joinUrl} target="_blank" rel="noreferrer" className={clsx(secondaryButton, 'px-3 py-1.5')}>
            <ExternalLink className="size-4" aria-hidden />
            Join on {info.section.kind === 'TEAMS' ? 'Teams' : 'Zoom'}
          </a>
        )}
      </div>
    </div>
  );
}
