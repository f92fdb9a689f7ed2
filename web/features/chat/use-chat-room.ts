import { useSetAtom } from 'jotai';
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { type ChatMode, type ClientOp, type ClientPayload, chatAdminRoom, chatCourseRoom, type ParsedServerFrame } from '../../../schema/contracts/chat';
import type { ConnectionState } from '../../lib/realtime/reconnecting-socket';
import { socketUrl } from '../../lib/realtime/tickets';
import { openConversationAtom } from './chat-atoms';
import { ChatConnection } from './chat-connection';
import { chatStateFromDevice, keepChatOnDevice } from './chat-device-copy';
import { applyFrame, type ChatState, pendingReceipt } from './chat-state';
import { defaultOutbox, type OutboxEntry } from './outbox';

export type ChatRoomTarget = { kind: 'course'; courseId: string; editMode?: boolean; readAll?: boolean } | { kind: 'admin'; userId: string; readAll?: boolean };

function roomOf(target: ChatRoomTarget): { mode: ChatMode; room: string; path: string; query: Record<string, string> } {
  if (target.kind === 'course') {
    return { mode: 'user', room: chatCourseRoom(target.courseId), path: `/rt/chat/course/${target.courseId}`, query: target.editMode ? { editMode: '1' } : {} };
  }
  return { mode: 'admin', room: chatAdminRoom(target.userId), path: `/rt/chat/admin/${target.userId}`, query: {} };
}

const reducer = (state: ChatState, frame: ParsedServerFrame) => applyFrame(state, frame);

/**
 * One chat room for a panel: the connection, what it has shown so far, and the pending outbox. Messages from others
 * are marked DELIVERED as soon as they arrive; the open conversation's are marked SEEN while it is on screen.
 */
export function useChatRoom(target: ChatRoomTarget, openConversation: string | null) {
  const { mode, room, path, query } = roomOf(target);
  // Offline, the panel opens with what it showed last time; the server's answers replace it once connected.
  const [state, dispatch] = useReducer(reducer, room, chatStateFromDevice);
  const [connection, setConnection] = useState<ConnectionState>('connecting');
  const [pending, setPending] = useState<OutboxEntry[]>([]);
  const ref = useRef<ChatConnection | null>(null);
  const setOpen = useSetAtom(openConversationAtom);
  const queryKey = JSON.stringify(query);

  useEffect(() => keepChatOnDevice(room, state), [room, state]);

  useEffect(() => {
    const conn = new ChatConnection({
      mode,
      room,
      url: () => socketUrl(room, path, JSON.parse(queryKey) as Record<string, string>),
      outbox: defaultOutbox(),
      onFrame: (frame) => {
        dispatch(frame);
        if (frame.op === 'verified') conn.emit(target.readAll ? 'listAll' : 'list', {});
      },
      onState: setConnection,
      onPending: setPending,
    });
    ref.current = conn;
    conn.start();
    return () => {
      conn.stop();
      ref.current = null;
    };
    // The target's identity is its room and query; the readAll flag only picks the first request.
  }, [mode, room, path, queryKey]);

  useEffect(() => {
    setOpen(openConversation);
    return () => setOpen(null);
  }, [openConversation, setOpen]);

  useEffect(() => {
    const conn = ref.current;
    if (!conn || connection !== 'open' || !state.userId) return;
    for (const [conversationId, messages] of Object.entries(state.messages)) {
      const delivered = pendingReceipt(messages, state.userId, 'DELIVERED');
      if (delivered !== null) conn.emit('status', { conversationId, status: 'DELIVERED', upToSeq: delivered });
    }
    if (openConversation && document.visibilityState === 'visible') {
      const seen = pendingReceipt(state.messages[openConversation] ?? [], state.userId, 'SEEN');
      if (seen !== null) conn.emit('status', { conversationId: openConversation, status: 'SEEN', upToSeq: seen });
    }
  }, [state.messages, state.userId, openConversation, connection]);

  const emit = useCallback(<Op extends Exclude<ClientOp, 'send'>>(op: Op, payload: ClientPayload<Op>) => ref.current?.emit(op, payload) ?? false, []);
  const sendMessage = useCallback((conversationId: string, message: string) => ref.current?.sendMessage(conversationId, message), []);
  return { state, connection, pending, emit, sendMessage };
}
