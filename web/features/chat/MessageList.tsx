import { useVirtualizer } from '@tanstack/react-virtual';
import clsx from 'clsx';
import { useAtomValue } from 'jotai';
import { Check, CheckCheck, Clock } from 'lucide-react';
import { useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import type { ChatMessage } from '../../../schema/contracts/chat';
import { fullName } from '../../lib/people';
import { signedInUserAtom } from '../../lib/session';
import { seenBy, tickOf } from './chat-state';
import { messageHtml } from './message-html';
import { dayKey, messageDayLabel, messageTime, zoneOr } from './message-times';
import type { OutboxEntry } from './outbox';

type Row =
  | { kind: 'day'; key: string; label: string }
  | { kind: 'message'; key: string; message: ChatMessage }
  | { kind: 'pending'; key: string; entry: OutboxEntry };

function rowsOf(messages: ChatMessage[], pending: OutboxEntry[], timeZone: string): Row[] {
  const rows: Row[] = [];
  let lastDay = '';
  const dated = [
    ...messages.map((message) => ({ at: new Date(message.createdAt), row: { kind: 'message' as const, key: message._id, message } })),
    ...pending.map((entry) => ({ at: new Date(entry.createdAt), row: { kind: 'pending' as const, key: `pending-${entry.clientId}`, entry } })),
  ];
  for (const { at, row } of dated) {
    const day = dayKey(at, timeZone);
    if (day !== lastDay) rows.push({ kind: 'day', key: `day-${day}`, label: messageDayLabel(at, timeZone) });
    lastDay = day;
    rows.push(row);
  }
  return rows;
}

function Tick({ message }: { message: ChatMessage }) {
  const tick = tickOf(message);
  if (tick === 'SAVED') return <Check className="size-3.5" aria-label="Sent" />;
  return <CheckCheck className={clsx('size-3.5', tick === 'SEEN' && 'text-sky-600 dark:text-sky-300')} aria-label={tick === 'SEEN' ? 'Seen' : 'Delivered'} />;
}

function Bubble({
  mine,
  group,
  message,
  pending,
  timeZone,
}: {
  mine: boolean;
  group: boolean;
  timeZone: string;
  message: Pick<ChatMessage, 'message' | 'createdAt'> & Partial<ChatMessage>;
  pending?: boolean;
}) {
  const html = useMemo(() => messageHtml(message.message), [message.message]);
  const seen = message.status && group ? seenBy(message as ChatMessage) : null;
  return (
    <div className={clsx('flex px-3 py-1', mine ? 'justify-end' : 'justify-start')}>
      <div
        className={clsx(
          'max-w-[85%] rounded-2xl px-3.5 py-2 text-sm shadow-sm sm:max-w-[70%]',
          mine
            ? 'rounded-br-md bg-brand/25 text-slate-900 dark:bg-brand/30 dark:text-white'
            : 'rounded-bl-md bg-white text-slate-900 ring-1 ring-slate-200 dark:bg-slate-800 dark:text-slate-100 dark:ring-slate-700',
        )}
      >
        {group && !mine && message.sender && (
          <p className="mb-0.5 text-xs font-semibold text-brand-deep dark:text-brand">{fullName(message.sender, 'Someone')}</p>
        )}
        <p className="break-words whitespace-normal [&_a]:font-medium [&_a]:underline" dangerouslySetInnerHTML={{ __html: html }} />
        <p className="mt-1 flex items-center justify-end gap-1 text-[11px] text-slate-500 dark:text-slate-400">
          <time dateTime={message.createdAt}>{messageTime(new Date(message.createdAt), timeZone)}</time>
          {pending && (
            <span className="inline-flex items-center gap-0.5" data-testid="message-pending">
              <Clock className="size-3.5" aria-hidden="true" />
              Pending
            </span>
          )}
          {!pending && mine && message.status && (
            <span data-testid="message-tick" data-status={tickOf(message as ChatMessage)}>
              <Tick message={message as ChatMessage} />
            </span>
          )}
        </p>
        {seen && mine && seen.of > 1 && (
          <p className="text-right text-[11px] text-slate-500 dark:text-slate-400">
            Seen by {seen.seen} of {seen.of}
          </p>
        )}
      </div>
    </div>
  );
}

interface Props {
  userId: string;
  group: boolean;
  messages: ChatMessage[];
  pending: OutboxEntry[];
  hasMore: boolean;
  onLoadOlder: () => void;
}

/**
 * A conversation's history, virtualised so long ones scroll smoothly; scrolling to the top loads older messages.
 * Times and day headings are in the profile's zone, as everywhere else in the portal, not the device's.
 */
export default function MessageList({ userId, group, messages, pending, hasMore, onLoadOlder }: Props) {
  const timeZone = zoneOr(useAtomValue(signedInUserAtom)?.timezone);
  const rows = useMemo(() => rowsOf(messages, pending, timeZone), [messages, pending, timeZone]);
  const scroller = useRef<HTMLDivElement>(null);
  const nearBottom = useRef(true);
  const loadingOlder = useRef<string | null>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: (i) => (rows[i]?.kind === 'day' ? 36 : 64),
    getItemKey: (i) => rows[i]!.key,
    overscan: 10,
  });

  useLayoutEffect(() => {
    const anchor = loadingOlder.current;
    if (anchor !== null) {
      const index = rows.findIndex((r) => r.key === anchor);
      if (index > 0) {
        loadingOlder.current = null;
        virtualizer.scrollToIndex(index, { align: 'start' });
        return;
      }
    }
    if (nearBottom.current && rows.length > 0) virtualizer.scrollToIndex(rows.length - 1, { align: 'end' });
  }, [rows, virtualizer]);

  useEffect(() => {
    if (!hasMore) loadingOlder.current = null;
  }, [hasMore]);

  const onScroll = () => {
    const el = scroller.current;
    if (!el) return;
    nearBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 80;
    if (el.scrollTop < 80 && hasMore && loadingOlder.current === null && rows[0]) {
      loadingOlder.current = rows.find((r) => r.kind !== 'day')?.key ?? rows[0].key;
      onLoadOlder();
    }
  };

  if (rows.length === 0) {
    return <p className="flex flex-1 items-center justify-center px-6 text-center text-sm text-slate-500 dark:text-slate-400">No messages yet. Say hello!</p>;
  }

  return (
    <div ref={scroller} onScroll={onScroll} className="min-h-0 flex-1 overflow-y-auto" role="log" aria-label="Messages" aria-live="polite">
      <div className="relative w-full" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((item) => {
          const row = rows[item.index]!;
          return (
            <div
              key={item.key}
              data-index={item.index}
              ref={virtualizer.measureElement}
              className="absolute left-0 w-full"
              style={{ transform: `translateY(${item.start}px)` }}
            >
              {row.kind === 'day' && (
                <p className="py-2 text-center">
                  <span className="rounded-full bg-slate-200/70 px-3 py-1 text-xs font-medium text-slate-600 dark:bg-slate-800 dark:text-slate-300">
                    {row.label}
                  </span>
                </p>
              )}
              {row.kind === 'message' && <Bubble mine={row.message.sender._id === userId} group={group} message={row.message} timeZone={timeZone} />}
              {row.kind === 'pending' && <Bubble mine group={group} message={row.entry} pending timeZone={timeZone} />}
            </div>
          );
        })}
      </div>
    </div>
  );
}
