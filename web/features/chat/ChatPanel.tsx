import clsx from 'clsx';
import { formatDistanceToNow } from 'date-fns/formatDistanceToNow';
import { ArrowLeft, MessageSquarePlus, Send, WifiOff } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { type Conversation, type ConversationUser, TYPING_THROTTLE_MS } from '../../../schema/contracts/chat';
import { fullName } from '../../lib/people';
import { cardClass, focusRing, iconButton, primaryButton, secondaryButton } from '../../ui/classes';
import Spinner from '../../ui/Spinner';
import ChatAvatar from './ChatAvatar';
import MessageList from './MessageList';
import { type ChatRoomTarget, useChatRoom } from './use-chat-room';

type View = { name: 'list' } | { name: 'conversation'; id: string } | { name: 'new' };

/** A typing user stops showing as typing this long after their last keystroke. */
const TYPING_IDLE_MS = 3000;

function presenceText(user: ConversationUser) {
  if (user.isOnline) return 'Online';
  if (!user.lastSeen) return 'Offline';
  return `Last seen ${formatDistanceToNow(new Date(user.lastSeen), { addSuffix: true })}`;
}

/** The name of a conversation its viewer started with the whole team and no admin has answered yet. */
export const TEAM_CONVERSATION = 'The team';

const othersOf = (conversation: Conversation, userId: string | null) => {
  const others = conversation.users.filter((u) => u._id !== userId);
  return others.length > 0 ? others : conversation.users;
};

const nameOf = (conversation: Conversation, userId: string | null) =>
  conversation.users.every((u) => u._id === userId)
    ? TEAM_CONVERSATION
    : othersOf(conversation, userId)
        .map((person) => fullName(person, 'Someone'))
        .join(', ');

function ConversationRow({ conversation, userId, onOpen }: { conversation: Conversation; userId: string | null; onOpen: () => void }) {
  const others = othersOf(conversation, userId);
  const first = others[0]!;
  return (
    <li>
      <button
        type="button"
        onClick={onOpen}
        className={clsx('flex w-full items-center gap-3 rounded-xl px-3 py-2.5 text-left transition hover:bg-slate-100 dark:hover:bg-slate-800', focusRing)}
      >
        <ChatAvatar person={first} online={others.length === 1 ? first.isOnline : undefined} />
        <span className="min-w-0 flex-1">
          <span className="block truncate font-semibold text-slate-900 dark:text-white">{nameOf(conversation, userId)}</span>
          <span className="block truncate text-sm text-slate-600 dark:text-slate-400">{conversation.lastMessage ?? 'No messages yet'}</span>
        </span>
        <span className="flex shrink-0 flex-col items-end gap-1">
          {conversation.lastMessageTime && (
            <time className="text-xs text-slate-500 dark:text-slate-400" dateTime={conversation.lastMessageTime}>
              {formatDistanceToNow(new Date(conversation.lastMessageTime), { addSuffix: true })}
            </time>
          )}
          {conversation.unSeenCount > 0 && (
            <span
              className="rounded-full bg-brand px-2 py-0.5 text-xs font-bold text-brand-ink"
              data-testid="conversation-unseen"
              aria-label={`${conversation.unSeenCount} unseen`}
            >
              {conversation.unSeenCount}
            </span>
          )}
        </span>
      </button>
    </li>
  );
}

function Composer({ onSend, onTyping }: { onSend: (text: string) => void; onTyping: (isTyping: boolean) => void }) {
  const [text, setText] = useState('');
  const lastTyping = useRef(0);
  const idle = useRef<ReturnType<typeof setTimeout> | null>(null);

  const stopTyping = () => {
    if (idle.current) clearTimeout(idle.current);
    idle.current = null;
    if (lastTyping.current !== 0) onTyping(false);
    lastTyping.current = 0;
  };
  useEffect(
    () => () => {
      if (idle.current) clearTimeout(idle.current);
    },
    [],
  );

  const changed = (value: string) => {
    setText(value);
    const now = Date.now();
    if (now - lastTyping.current > TYPING_THROTTLE_MS) {
      lastTyping.current = now;
      onTyping(true);
    }
    if (idle.current) clearTimeout(idle.current);
    idle.current = setTimeout(stopTyping, TYPING_IDLE_MS);
  };
  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    const message = text.trim();
    if (!message) return;
    onSend(message);
    setText('');
    if (idle.current) clearTimeout(idle.current);
    idle.current = null;
    lastTyping.current = 0;
  };
  const keyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey) submit(event);
  };
  // On a phone the floating support button sits over the composer's right end, so the send button moves clear of it.
  return (
    <form onSubmit={submit} className="flex items-end gap-2 border-t border-slate-200 p-3 max-sm:pr-16 dark:border-slate-800">
      <label htmlFor="chat-message" className="sr-only">
        Message
      </label>
      <textarea
        id="chat-message"
        rows={1}
        value={text}
        maxLength={4000}
        onChange={(e) => changed(e.target.value)}
        onKeyDown={keyDown}
        onBlur={stopTyping}
        placeholder="Write a message"
        className="max-h-32 min-h-10 flex-1 resize-none rounded-2xl border-0 bg-slate-100 px-4 py-2.5 text-sm text-slate-900 placeholder:text-slate-500 focus:ring-2 focus:ring-brand dark:bg-slate-800 dark:text-white"
      />
      <button type="submit" className={clsx(primaryButton, 'px-3.5')} disabled={!text.trim()} aria-label="Send">
        <Send className="size-4" aria-hidden="true" />
      </button>
    </form>
  );
}

/**
 * The course chat or the admin chat: a conversation list, a conversation, and a new-conversation picker. The
 * connection stays open while the panel is mounted; "Reconnecting…" shows whenever it is down.
 */
export default function ChatPanel({
  target,
  title,
  initialConversation,
  emptyText = 'No conversations yet.',
  startWithTeam = false,
}: {
  target: ChatRoomTarget;
  title: string;
  /** A conversation to open straight away, as a notification or a push click links to it. */
  initialConversation?: string | null;
  emptyText?: string;
  /** Starts (or reopens) the viewer's conversation with the team as soon as the room is ready. */
  startWithTeam?: boolean;
}) {
  const [view, setView] = useState<View>(initialConversation ? { name: 'conversation', id: initialConversation } : { name: 'list' });
  const openId = view.name === 'conversation' ? view.id : null;
  const { state, connection, pending, emit, sendMessage } = useChatRoom(target, openId);
  const [chosen, setChosen] = useState<string[]>([]);
  const conversation = openId ? state.conversations?.find((c) => c._id === openId) : undefined;
  const messages = openId ? (state.messages[openId] ?? []) : [];
  const others = conversation ? othersOf(conversation, state.userId) : [];
  const awaitingStart = useRef(false);
  // The person an admin chat is about writes to the team as a whole; admins answer from that person's page.
  const canMessageTeam = target.kind === 'admin' && !target.readAll;

  const known = Boolean(conversation);
  useEffect(() => {
    if (openId && known && connection === 'open' && state.verified && state.hasMore[openId] === undefined) emit('history', { conversationId: openId });
  }, [openId, known, connection, state.verified, state.hasMore, emit]);

  // A linked conversation that is not in this room (an old link, another person's) falls back to the list.
  useEffect(() => {
    if (openId && state.conversations && !known) setView({ name: 'list' });
  }, [openId, state.conversations, known]);

  // A conversation this panel just asked for opens as soon as the room announces it.
  useEffect(() => {
    if (!awaitingStart.current || !state.conversations?.length) return;
    const members = target.kind === 'course' ? [...chosen, state.userId] : canMessageTeam ? [state.userId] : [state.userId, target.userId];
    const key = members.sort().join(',');
    const match = state.conversations.find(
      (c) =>
        c.users
          .map((u) => u._id)
          .sort()
          .join(',') === key,
    );
    if (match) {
      awaitingStart.current = false;
      setChosen([]);
      setView({ name: 'conversation', id: match._id });
    }
  }, [state.conversations, chosen, state.userId, target, canMessageTeam]);

  const canStart = target.kind === 'course' ? !target.readAll || state.editMode : Boolean(target.readAll);
  const start = () => {
    awaitingStart.current = true;
    emit('start', { users: chosen });
  };
  const ready = connection === 'open' && state.verified;
  const startedWithTeam = useRef(false);
  useEffect(() => {
    if (!startWithTeam || !canMessageTeam || !ready || startedWithTeam.current) return;
    startedWithTeam.current = true;
    awaitingStart.current = true;
    emit('start', { users: [] });
  }, [startWithTeam, canMessageTeam, ready, emit]);
  const typingNames = (openId ? (state.typing[openId] ?? []) : [])
    .filter((u) => u !== state.userId)
    .map((u) => conversation?.users.find((p) => p._id === u)?.firstname ?? 'Someone');

  return (
    <section className={clsx(cardClass, 'flex h-[min(70vh,640px)] min-h-96 flex-col overflow-hidden')} aria-label={title} data-testid="chat-panel">
      {connection !== 'open' && (
        <p
          role="status"
          className="flex items-center gap-2 bg-amber-100 px-4 py-2 text-sm font-medium text-amber-900 dark:bg-amber-900/40 dark:text-amber-100"
          data-testid="chat-reconnecting"
        >
          {connection === 'connecting' ? <Spinner className="size-4" /> : <WifiOff className="size-4" aria-hidden="true" />}
          {connection === 'connecting' ? 'Connecting…' : 'Reconnecting…'}
        </p>
      )}

      {view.name === 'list' && (
        <>
          <header className="flex items-center justify-between gap-2 border-b border-slate-200 px-4 py-3 dark:border-slate-800">
            <h2 className="font-semibold text-slate-900 dark:text-white">{title}</h2>
            {canStart && (
              <button type="button" className={clsx(secondaryButton, 'px-3.5 py-2')} onClick={() => setView({ name: 'new' })}>
                <MessageSquarePlus className="size-4" aria-hidden="true" />
                New conversation
              </button>
            )}
            {canMessageTeam && (
              <button type="button" className={clsx(secondaryButton, 'px-3.5 py-2')} disabled={!ready} onClick={start}>
                <MessageSquarePlus className="size-4" aria-hidden="true" />
                Message the team
              </button>
            )}
          </header>
          {state.conversations === null ? (
            <div role="status" className="flex flex-1 items-center justify-center gap-2 text-sm text-slate-500">
              <Spinner className="size-5 text-brand-deep" /> Loading conversations…
            </div>
          ) : state.conversations.length === 0 ? (
            <p className="flex flex-1 items-center justify-center px-6 text-center text-sm text-slate-500 dark:text-slate-400">{emptyText}</p>
          ) : (
            <ul className="min-h-0 flex-1 overflow-y-auto p-2" aria-label="Conversations">
              {state.conversations.map((c) => (
                <ConversationRow key={c._id} conversation={c} userId={state.userId} onOpen={() => setView({ name: 'conversation', id: c._id })} />
              ))}
            </ul>
          )}
        </>
      )}

      {view.name === 'new' && (
        <>
          <header className="flex items-center gap-2 border-b border-slate-200 px-2 py-2 dark:border-slate-800">
            <button type="button" className={iconButton} aria-label="Back to conversations" onClick={() => setView({ name: 'list' })}>
              <ArrowLeft className="size-5" aria-hidden="true" />
            </button>
            <h2 className="font-semibold text-slate-900 dark:text-white">New conversation</h2>
          </header>
          {state.contacts.length === 0 ? (
            <p className="flex flex-1 items-center justify-center px-6 text-center text-sm text-slate-500 dark:text-slate-400">
              There is nobody else here to talk to yet.
            </p>
          ) : (
            <fieldset className="min-h-0 flex-1 overflow-y-auto p-2">
              <legend className="sr-only">Who to talk to</legend>
              {state.contacts.map((person) => (
                <label key={person._id} className="flex cursor-pointer items-center gap-3 rounded-xl px-3 py-2 hover:bg-slate-100 dark:hover:bg-slate-800">
                  <input
                    type="checkbox"
                    className="size-4 accent-brand"
                    checked={chosen.includes(person._id)}
                    onChange={(e) => setChosen((now) => (e.target.checked ? [...now, person._id] : now.filter((id) => id !== person._id)))}
                  />
                  <ChatAvatar person={person} size="sm" />
                  <span className="text-sm font-medium text-slate-900 dark:text-white">{fullName(person, 'Someone')}</span>
                </label>
              ))}
            </fieldset>
          )}
          <div className="border-t border-slate-200 p-3 dark:border-slate-800">
            <button
              type="button"
              className={clsx(primaryButton, 'w-full')}
              disabled={(target.kind === 'course' && chosen.length === 0) || connection !== 'open'}
              onClick={start}
            >
              Start conversation
            </button>
          </div>
        </>
      )}

      {view.name === 'conversation' && (
        <>
          <header className="flex items-center gap-2 border-b border-slate-200 px-2 py-2 dark:border-slate-800">
            <button type="button" className={iconButton} aria-label="Back to conversations" onClick={() => setView({ name: 'list' })}>
              <ArrowLeft className="size-5" aria-hidden="true" />
            </button>
            {conversation && (
              <>
                <ChatAvatar person={others[0]!} online={others.length === 1 ? others[0]!.isOnline : undefined} size="sm" />
                <div className="min-w-0">
                  <h2 className="truncate font-semibold text-slate-900 dark:text-white">{nameOf(conversation, state.userId)}</h2>
                  <p className="truncate text-xs text-slate-500 dark:text-slate-400" data-testid="chat-presence">
                    {typingNames.length > 0 ? (
                      <span className="font-medium text-brand-deep dark:text-brand" data-testid="chat-typing">
                        {typingNames.join(', ')} {typingNames.length === 1 ? 'is' : 'are'} typing…
                      </span>
                    ) : nameOf(conversation, state.userId) === TEAM_CONVERSATION ? (
                      'Anyone on the team can answer'
                    ) : others.length === 1 ? (
                      presenceText(others[0]!)
                    ) : (
                      `${conversation.users.length} people`
                    )}
                  </p>
                </div>
              </>
            )}
          </header>
          <MessageList
            userId={state.userId ?? ''}
            group={(conversation?.users.length ?? 0) > 2}
            messages={messages}
            pending={pending.filter((p) => p.conversationId === openId)}
            hasMore={Boolean(openId && state.hasMore[openId])}
            onLoadOlder={() => openId && messages[0] && emit('history', { conversationId: openId, beforeSeq: messages[0].seq })}
          />
          {conversation && (target.kind === 'admin' || !target.readAll || state.editMode || conversation.users.some((u) => u._id === state.userId)) && (
            <Composer onSend={(text) => void sendMessage(openId!, text)} onTyping={(isTyping) => emit('typing', { conversationId: openId!, isTyping })} />
          )}
        </>
      )}
    </section>
  );
}
