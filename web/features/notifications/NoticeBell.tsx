import { useAtomValue } from 'jotai';
import { Bell } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import type { NotificationPage, NotificationRecord } from '../../../schema/contracts/notifications';
import { noticeNewsAtom } from '../../entities/notifications/notice-news';
import { smallButton } from '../../ui/classes';
import { HeaderPopover } from '../../ui/HeaderPopover';
import { noticeCalls } from './api';
import { NoticeItem } from './NoticeItem';

const PANEL_SIZE = 8;

/**
 * The header's bell: what the person was told (lessons booked, moved, cancelled, reminders, answers to requests),
 * the unread count on it, read again whenever the inbox brings news.
 */
export default function NoticeBell() {
  const news = useAtomValue(noticeNewsAtom);
  const [page, setPage] = useState<NotificationPage | null>(null);
  const [open, setOpen] = useState(false);

  const load = useCallback(() => {
    noticeCalls.list({ limit: PANEL_SIZE, offset: 0 }).then(setPage, () => undefined);
  }, []);
  // `news` is a dependency on purpose: each new notice is the cue to read the list again.
  useEffect(() => {
    load();
  }, [load, news]);

  const unread = page?.unread ?? 0;
  const markRead = (input: { ids: string[] } | { all: true }) =>
    noticeCalls.markRead(input).then(
      () => load(),
      () => undefined,
    );
  const opened = (notice: NotificationRecord) => {
    setOpen(false);
    if (!notice.readAt) void markRead({ ids: [notice._id] });
  };

  return (
    <HeaderPopover
      id="notice-panel"
      label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
      icon={<Bell className="size-5" aria-hidden="true" />}
      count={unread}
      testId="notice"
      panelWidth="sm:w-96"
      open={open}
      setOpen={setOpen}
    >
      <div className="flex items-center justify-between gap-2 px-2 py-1.5">
        <h2 id="notice-panel-title" className="text-sm font-semibold text-slate-900 dark:text-white">
          Notifications
        </h2>
        {unread > 0 && (
          <button type="button" className={`${smallButton} px-2.5 py-1 text-xs`} onClick={() => void markRead({ all: true })}>
            Mark all read
          </button>
        )}
      </div>
      {!page ? (
        <p className="px-2 py-4 text-sm text-slate-500 dark:text-slate-400">Loading your notifications…</p>
      ) : page.docs.length === 0 ? (
        <p className="px-2 py-4 text-sm text-slate-500 dark:text-slate-400">Nothing yet. Bookings, changes to your lessons and reminders will show here.</p>
      ) : (
        <ul className="max-h-96 overflow-y-auto">
          {page.docs.map((notice) => (
            <li key={notice._id}>
              <NoticeItem notice={notice} onOpen={opened} />
            </li>
          ))}
        </ul>
      )}
      <div className="mt-2 border-t border-slate-200 px-2 pt-2 pb-1 dark:border-slate-800">
        <Link
          to="/portal/notifications"
          onClick={() => setOpen(false)}
          className="text-sm font-semibold text-slate-800 hover:text-brand-deep dark:text-slate-100 dark:hover:text-brand"
        >
          All notifications and settings
        </Link>
      </div>
    </HeaderPopover>
  );
}
