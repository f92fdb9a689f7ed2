import { formatDistanceToNow } from 'date-fns/formatDistanceToNow';
import { Check, RotateCcw } from 'lucide-react';
import { Link } from 'react-router-dom';
import type { TeamPerson, TeamThread } from '../../../schema/contracts/team-inbox';
import { fullName } from '../../lib/people';
import { cardClass, fieldClass, smallButton } from '../../ui/classes';

const roleWords: Record<string, string> = { STUDENT: 'Student', PARENT: 'Parent' };

interface Props {
  thread: TeamThread;
  teammates: TeamPerson[];
  busy: boolean;
  onChange: (change: { status?: 'OPEN' | 'DONE'; assigneeId?: string | null }) => void;
}

/** One conversation with the team: who wrote, what they said last, what waits, who looks after it. */
export function ThreadRow({ thread, teammates, busy, onChange }: Props) {
  const who = fullName(thread.user);
  const assignId = `assignee-${thread._id}`;
  return (
    <li className={`${cardClass} p-4 sm:p-5`} data-testid="team-thread">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 flex-1">
          <p className="flex flex-wrap items-center gap-2">
            <Link
              to={`/portal/admin/users/${encodeURIComponent(thread.user._id)}?${new URLSearchParams({ conversation: thread.conversationId })}`}
              className="font-semibold text-slate-900 hover:underline dark:text-white"
            >
              {who}
            </Link>
            <span className="text-xs text-slate-500 dark:text-slate-400">{roleWords[thread.user.role] ?? thread.user.role}</span>
            {thread.waiting > 0 && thread.status === 'OPEN' && (
              <span className="rounded-full bg-rose-600 px-2 py-0.5 text-xs font-bold text-white" data-testid="thread-waiting">
                {thread.waiting} waiting
              </span>
            )}
            {thread.status === 'DONE' && (
              <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-800 dark:bg-emerald-500/15 dark:text-emerald-300">
                Done
              </span>
            )}
          </p>
          <p className="mt-1 line-clamp-2 text-sm text-slate-700 dark:text-slate-300">{thread.lastMessage ?? 'No message yet.'}</p>
          {thread.lastMessageAt && (
            <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">{formatDistanceToNow(new Date(thread.lastMessageAt), { addSuffix: true })}</p>
          )}
        </div>
        <div className="flex w-full flex-wrap items-end gap-2 sm:w-auto">
          <div className="min-w-40 flex-1 sm:flex-none">
            <label htmlFor={assignId} className="block text-xs font-medium text-slate-600 dark:text-slate-300">
              Looked after by
            </label>
            <select
              id={assignId}
              className={`${fieldClass()} mt-1 py-1.5`}
              value={thread.assignee?._id ?? ''}
              disabled={busy}
              onChange={(event) => onChange({ assigneeId: event.target.value || null })}
            >
              <option value="">Nobody yet</option>
              {teammates.map((person) => (
                <option key={person._id} value={person._id}>
                  {fullName(person)}
                </option>
              ))}
            </select>
          </div>
          {thread.status === 'OPEN' ? (
            <button
              type="button"
              className={smallButton}
              disabled={busy}
              onClick={() => onChange({ status: 'DONE' })}
              aria-label={`Mark the conversation with ${who} done`}
            >
              <Check className="size-4" aria-hidden="true" />
              Mark done
            </button>
          ) : (
            <button
              type="button"
              className={smallButton}
              disabled={busy}
              onClick={() => onChange({ status: 'OPEN' })}
              aria-label={`Reopen the conversation with ${who}`}
            >
              <RotateCcw className="size-4" aria-hidden="true" />
              Reopen
            </button>
          )}
        </div>
      </div>
    </li>
  );
}
