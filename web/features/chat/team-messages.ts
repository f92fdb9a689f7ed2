import type { NotificationEntry } from '../../../schema/contracts/chat';

/** Where the user's side of the admin chat lives (below the base path). */
export const TEAM_MESSAGES_PATH = '/portal/messages';

/** Where the admins who answer the team's messages work through them. */
export const TEAM_INBOX_PATH = '/portal/admin/inbox';

/** Opens the team messages with the viewer's own conversation with the team, started if it is new. */
export const MESSAGE_THE_TEAM_PATH = `${TEAM_MESSAGES_PATH}?new=team`;

export const teamMessagesTitle = (tenantName: string) => `Messages from the ${tenantName} team`;

/**
 * The screen a chat notification opens, with its conversation open: the course's chat, the admin chat on that
 * user's page (for an admin), or the reader's own team messages. web/public/push-sw.js mirrors it for push clicks.
 */
export function conversationPath({ _id, course, adminChatUser }: Pick<NotificationEntry, '_id' | 'course' | 'adminChatUser'>) {
  const query = `?${new URLSearchParams({ conversation: _id })}`;
  if (course) return `/portal/courses/${course}${query}`;
  return adminChatUser ? `/portal/admin/users/${adminChatUser}${query}` : `${TEAM_MESSAGES_PATH}${query}`;
}
