import { keepDeviceCopy, readDeviceCopy } from '../../lib/device-copy';
import { type ChatState, emptyChatState } from './chat-state';

/** The newest messages kept per conversation: enough to read back offline without filling the device's storage. */
const KEPT_MESSAGES = 50;

type KeptChat = Pick<ChatState, 'userId' | 'editMode' | 'contacts' | 'conversations' | 'messages'>;

const keyOf = (room: string) => `chat.${room}`;

/**
 * The room as last shown, for a panel opened offline: conversations and their newest messages. What the server must
 * answer again (whether older messages exist, who is typing, the verified socket) starts empty, so the history is
 * asked for afresh on connecting and merged by id.
 */
export function chatStateFromDevice(room: string): ChatState {
  const kept = readDeviceCopy<KeptChat>(keyOf(room));
  return kept ? { ...emptyChatState, ...kept.value } : emptyChatState;
}

export function keepChatOnDevice(room: string, state: ChatState) {
  if (state.conversations === null) return;
  const messages = Object.fromEntries(Object.entries(state.messages).map(([id, list]) => [id, list.slice(-KEPT_MESSAGES)]));
  const kept: KeptChat = { userId: state.userId, editMode: state.editMode, contacts: state.contacts, conversations: state.conversations, messages };
  keepDeviceCopy(keyOf(room), kept);
}
