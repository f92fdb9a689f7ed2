import { useAtomValue } from 'jotai';
import { BellRing } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import type { NotificationPage, NotificationRecord } from '../../../schema/contracts/notifications';
import { noticeNewsAtom } from '../../entities/notifications/notice-news';
import { useResource } from '../../lib/use-resource';
import { smallButton } from '../../ui/classes';
import { EmptyState } from '../../ui/EmptyState';
import { InlineLoadFailure } from '../../ui/InlineLoadFailure';
import { LoadingStatus } from '../../ui/LoadingStatus';
import { Pager } from '../../ui/Pager';
import { noticeCalls } from './api';
import { NoticeItem } from './NoticeItem';
import { PreferencesForm } from './PreferencesForm';

const PAGE_SIZE = 20;

/** Every notice the person was told, and their choice of what reaches them in the app, by e-mail and by push. */
export default function NotificationsPage() {
  const news = useAtomValue(noticeNewsAtom);
  const push = useResource<{ publicKey: string | null }>('/push/config');
  const [offset, setOffset] = useState(0);
  const [page, setPage] = useState<NotificationPage | null>(null);
  const [failed, setFailed] = useState(false);

  const load = useCallback(() => {
    setFailed(false);
    noticeCalls.list({ limit: PAGE_SIZE, offset }).then(setPage, () => setFailed(true));
  }, [offset]);
  // `news` is a dependency on purpose: a new notice shows without a reload.
  useEffect(() => {
    load();
  }, [load, news]);

  const open = (notice: NotificationRecord) => {
    if (!notice.readAt) void noticeCalls.markRead({ ids: [notice._id] }).then(load, () => undefined);
  };
  const pushNote =
    push.status === 'ready' && !push.data.publicKey
      ? 'Push is off on this site: it has no push keys set up yet, so notices come in the app and by e-mail.'
      : 'Push needs this browser’s permission too: turn it on from the Messages panel in the header.';

  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-12 lg:px-8">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">Notifications</h1>
      <p className="mt-1 text-slate-600 dark:text-slate-400">Bookings, changes to your lessons, reminders and answers to your requests.</p>
      <div className="mt-6">
        {failed ? (
          <InlineLoadFailure what="Your notifications" onRetry={load} />
        ) : !page ? (
          <LoadingStatus className="py-12" />
        ) : page.docs.length === 0 ? (
          <EmptyState
            icon={<BellRing className="size-6" aria-hidden="true" />}
            title="Nothing yet"
            text="When a lesson is booked, moved or cancelled, or a lesson is about to start, you will find it here."
          />
        ) : (
          <>
            {page.unread > 0 && (
              <button type="button" className={smallButton} onClick={() => void noticeCalls.markRead({ all: true }).then(load, () => undefined)}>
                Mark all as read
              </button>
            )}
            <ul className="mt-3 space-y-1">
              {page.docs.map((notice) => (
                <li key={notice._id}>
                  <NoticeItem notice={notice} onOpen={open} />
                </li>
              ))}
            </ul>
            <Pager offset={offset} limit={PAGE_SIZE} total={page.totalDocs} onOffset={setOffset} />
          </>
        )}
      </div>
      <div className="mt-10">
        <PreferencesForm pushNote={pushNote} />
      </div>
    </div>
  );
}
