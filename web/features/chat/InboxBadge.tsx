import { formatDistanceToNow } from 'date-fns/formatDistanceToNow';
import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { Inbox, LifeBuoy, MessageCircle, MessageSquarePlus } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { inboxRoom, inboxServerFrame, type NotificationEntry } from '../../../schema/contracts/chat';
import { noticeNewsAtom } from '../../entities/notifications/notice-news';
import { creditNewsAtom } from '../../entities/payments/credit-news';
import { teamWaitingAtom } from '../../entities/team-inbox/team-waiting';
import { tenantNameAtom } from '../../entities/tenant/atoms';
import { ReconnectingSocket } from '../../lib/realtime/reconnecting-socket';
import { socketUrl } from '../../lib/realtime/tickets';
import { signedInUserAtom } from '../../lib/session';
import { secondaryButton } from '../../ui/classes';
import { HeaderPopover } from '../../ui/HeaderPopover';
import { pushToastAtom } from '../../ui/toast-atoms';
import { openConversationAtom, unseenTotalAtom } from './chat-atoms';
import PushControl from './push/PushControl';
import { usePushClicks } from './push/use-push-clicks';
import { usePushEndsWithSession } from './push/use-push-ends-with-session';
import { conversationPath, MESSAGE_THE_TEAM_PATH, TEAM_INBOX_PATH, TEAM_MESSAGES_PATH, teamMessagesTitle } from './team-messages';

/**
 * The header's unseen-messages badge and its Messages panel. Every tab holds its own inbox socket and the inbox sends
 * the same counts to all of them, so the badge agrees across tabs and devices. New messages raise a toast, except
 * in the conversation that is open.
 */
export default function InboxBadge({ userId }: { userId: string }) {
  const [unseen, setTotal] = useAtom(unseenTotalAtom);
  const [teamWaiting, setTeamWaiting] = useAtom(teamWaitingAtom);
  // For the team, what waits in the team inbox counts too; those threads are not in `unseen`, so nothing counts twice.
  const total = unseen + (teamWaiting ?? 0);
  const setCreditNews = useSetAtom(creditNewsAtom);
  const setNoticeNews = useSetAtom(noticeNewsAtom);
  const openConversation = useAtomValue(openConversationAtom);
  const openRef = useRef(openConversation);
  openRef.current = openConversation;
  const toast = useSetAtom(pushToastAtom);
  const [entries, setEntries] = useState<NotificationEntry[]>([]);
  const [totalDocs, setTotalDocs] = useState(0);
  const socket = useRef<ReconnectingSocket | null>(null);
  const [open, setOpen] = useState(false);
  const tenantName = useAtomValue(tenantNameAtom);
  const role = useAtomValue(signedInUserAtom)?.role.name;
  const writesToTeam = role === 'STUDENT' || role === 'PARENT';
  usePushClicks();
  usePushEndsWithSession();

  useEffect(() => {
    const ws = new ReconnectingSocket({
      url: () => socketUrl(inboxRoom(userId), '/rt/inbox'),
      onOpen: () => ws.healthy(),
      onState: () => undefined,
      onText: (text) => {
        const parsed = inboxServerFrame.safeParse(JSON.parse(text));
        if (!parsed.success) return;
        const frame = parsed.data;
        if (frame.type === 'receiveUserNotificationData') {
          setTotal(frame.totalUnseen);
          setTeamWaiting(frame.teamWaiting ?? null);
          setEntries(frame.notifications);
          setTotalDocs(frame.totalDocs);
          for (const news of frame.news) {
            if (news.conversationId !== openRef.current) toast({ kind: 'success', text: `${news.title}: ${news.lastMessage}` });
          }
        } else if (frame.type === 'notificationsChanged') {
          setNoticeNews(Date.now());
        } else if (frame.type === 'creditsChanged') {
          setCreditNews({ studentId: frame.studentId, at: Date.now() });
        } else if (frame.type === 'receiveUserNotificationDataLoadMore') {
          setEntries((now) => [...now, ...frame.notifications.filter((n) => !now.some((e) => e._id === n._id))]);
          setTotalDocs(frame.totalDocs);
        }
      },
    });
    socket.current = ws;
    ws.start();
    return () => ws.stop();
  }, [userId, setTotal, setTeamWaiting, toast, setCreditNews, setNoticeNews]);

  const loadMore = () => {
    if (!socket.current?.send(JSON.stringify({ type: 'chatLoadMoreNotificationData', offset: entries.length }))) {
      console.warn('chat: not connected, chatLoadMoreNotificationData dropped');
    }
  };

  return (
    <HeaderPopover
      id="inbox-panel"
      label={total > 0 ? `Messages, ${total} unseen` : 'Messages'}
      icon={<MessageCircle className="size-5" aria-hidden="true" />}
      count={total}
      testId="inbox"
      panelWidth="sm:w-80"
      open={open}
      setOpen={setOpen}
    >
      <h2 id="inbox-panel-title" className="px-2 py-1.5 text-sm font-semibold text-slate-900 dark:text-white">
        Messages
      </h2>
      {entries.length === 0 ? (
        <p className="px-2 py-4 text-sm text-slate-500 dark:text-slate-400">You are all caught up.</p>
      ) : (
        <ul className="max-h-80 overflow-y-auto">
          {entries.map((entry) => (
            <li key={entry._id}>
              <Link
                to={conversationPath(entry)}
                onClick={() => setOpen(false)}
                className="flex items-start gap-3 rounded-xl px-2 py-2 hover:bg-slate-100 dark:hover:bg-slate-800"
              >
                <span className="mt-0.5 rounded-full bg-brand px-2 py-0.5 text-xs font-bold text-brand-ink">{entry.unseenCount}</span>
                <span className="min-w-0 flex-1">
                  <span className="block truncate text-sm text-slate-900 dark:text-white">{entry.lastMessage}</span>
                  {entry.lastMessageSentAt && (
                    <span className="text-xs text-slate-500 dark:text-slate-400">
                      {formatDistanceToNow(new Date(entry.lastMessageSentAt), { addSuffix: true })}
                    </span>
                  )}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      {entries.length < totalDocs && (
        <button type="button" className={`${secondaryButton} mt-2 w-full py-2`} onClick={loadMore}>
          Load more
        </button>
      )}
      <div className="mt-2 space-y-2 border-t border-slate-200 px-2 pt-3 pb-1 dark:border-slate-800">
        {teamWaiting !== null && (
          <Link
            to={TEAM_INBOX_PATH}
            onClick={() => setOpen(false)}
            className="flex items-center gap-2 rounded-xl py-1 text-sm font-semibold text-slate-800 hover:text-brand-deep dark:text-slate-100 dark:hover:text-brand"
            data-testid="team-inbox-link"
          >
            <Inbox className="size-4 text-brand-deep" aria-hidden="true" />
            Team inbox
            <span className="ml-auto text-xs font-medium text-slate-500 dark:text-slate-400">
              {teamWaiting === 0 ? 'nothing waiting' : `${teamWaiting} waiting`}
            </span>
          </Link>
        )}
        {role !== 'ADMIN' && (
          <Link
            to={TEAM_MESSAGES_PATH}
            onClick={() => setOpen(false)}
            className="flex items-center gap-2 rounded-xl py-1 text-sm font-semibold text-slate-800 hover:text-brand-deep dark:text-slate-100 dark:hover:text-brand"
          >
            <LifeBuoy className="size-4 text-brand-deep" aria-hidden="true" />
            {teamMessagesTitle(tenantName)}
          </Link>
        )}
        {writesToTeam && (
          <Link
            to={MESSAGE_THE_TEAM_PATH}
            onClick={() => setOpen(false)}
            className="flex items-center gap-2 rounded-xl py-1 text-sm font-semibold text-slate-800 hover:text-brand-deep dark:text-slate-100 dark:hover:text-brand"
          >
            <MessageSquarePlus className="size-4 text-brand-deep" aria-hidden="true" />
            Message the team
          </Link>
        )}
        <PushControl />
      </div>
    </HeaderPopover>
  );
}
