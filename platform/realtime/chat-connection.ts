import { z } from 'zod';
import { chatModes } from '../../schema/contracts/chat';

/**
 * What the Worker decided about one chat connection, handed to the room beside the identity header. The room
 * trusts it for the same reason it trusts the identity: only the Worker reaches the room, and it always sets both.
 */
export const CHAT_CONNECTION_HEADER = 'x-studyhall-chat';

const chatConnection = z.object({
  mode: z.enum(chatModes),
  /** `course:<courseId>` or `admin:<userId>` */
  room: z.string().min(1),
  courseId: z.string().nullable(),
  /** Admins with the chat permission see every conversation of the room. */
  readAll: z.boolean(),
  /** Admins may write into conversations they are not part of only in edit mode (course rooms) or the admin room. */
  canJoin: z.boolean(),
  editMode: z.boolean(),
});
export type ChatConnection = z.infer<typeof chatConnection>;

export const encodeChatConnection = (value: ChatConnection) => encodeURIComponent(JSON.stringify(value));

export function readChatConnection(request: Request): ChatConnection | null {
  const raw = request.headers.get(CHAT_CONNECTION_HEADER);
  if (!raw) return null;
  try {
    const parsed = chatConnection.safeParse(JSON.parse(decodeURIComponent(raw)));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
