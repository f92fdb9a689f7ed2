import { formatDistanceToNow } from 'date-fns/formatDistanceToNow';
import { Link } from 'react-router-dom';
import type { NotificationRecord } from '../../../schema/contracts/notifications';

/** One notice: its title as the link to what it is about, its line, when it came; unread ones are marked. */
export function NoticeItem({ notice, onOpen }: { notice: NotificationRecord; onOpen: (notice: NotificationRecord) => void }) {
  const unread = notice.readAt === null;
  const title = (
    <span className="flex items-start gap-2">
      {unread && <span className="mt-1.5 size-2 shrink-0 rounded-full bg-rose-600" aria-hidden="true" data-testid="unread-dot" />}
      <span className={unread ? 'font-semibold text-slate-900 dark:text-white' : 'font-medium text-slate-700 dark:text-slate-200'}>
        {notice.title}
        {unread && <span className="sr-only"> (unread)</span>}
      </span>
    </span>
  );
  return (
    <div className="rounded-xl px-2 py-2 hover:bg-slate-100 dark:hover:bg-slate-800" data-testid="notice">
      {notice.link ? (
        <Link to={notice.link} onClick={() => onOpen(notice)} className="block text-sm">
          {title}
        </Link>
      ) : (
        <button type="button" onClick={() => onOpen(notice)} className="block text-left text-sm">
          {title}
        </button>
      )}
      <p className="mt-0.5 line-clamp-3 text-xs text-slate-600 dark:text-slate-300">{notice.body}</p>
      <p className="mt-0.5 text-xs text-slate-500 dark:text-slate-400">{formatDistanceToNow(new Date(notice.createdAt), { addSuffix: true })}</p>
    </div>
  );
}
