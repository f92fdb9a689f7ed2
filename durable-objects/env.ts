import type { Env as PlatformEnv } from '../platform/env';
import type { ChatRoom } from './chat-room';
import type { DocRoom } from './doc-room';
import type { UserInbox } from './user-inbox';
import type { WaitingRoom } from './waiting-room';

/** Every binding: the shared ones and the object namespaces, typed by their classes so calls to them are typed RPC. */
export interface Env extends PlatformEnv {
  WAITING_ROOM: DurableObjectNamespace<WaitingRoom>;
  DOC_ROOM: DurableObjectNamespace<DocRoom>;
  CHAT_ROOM: DurableObjectNamespace<ChatRoom>;
  USER_INBOX: DurableObjectNamespace<UserInbox>;
}
