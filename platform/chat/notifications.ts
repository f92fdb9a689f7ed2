import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { NotificationEntry } from '../../schema/contracts/chat';
import { chatConversations, chatMembers } from '../../schema/tables';
import type { Db } from '../env';

/** The user an admin room (`admin:<userId>`) is about, unless that is the reader, whose own team messages it is. */
export function adminChatUserOf(room: string, readerId: string) {
  const subject = room.startsWith('admin:') ? room.slice('admin:'.length) : null;
  return subject === readerId ? null : subject;
}

/**
 * The notifications list: the user's conversations with unseen messages, latest first, from the rooms' summaries
 * in D1 (one list across every course and the admin chat). Also the header badge's total. For a member of the team,
 * other users' admin rooms are left out: the team inbox counts those threads.
 */
export async function listNotifications(db: Db, tenantId: string, userId: string, page: { limit: number; offset: number }, team = false) {
  const teamRooms = team
    ? sql`${chatMembers.conversationId} NOT IN (SELECT ${chatConversations._id} FROM ${chatConversations} WHERE ${chatConversations.tenantId} = ${tenantId} AND ${chatConversations.room} LIKE 'admin:%' AND ${chatConversations.room} != ${`admin:${userId}`})`
    : undefined;
  const mine = and(eq(chatMembers.tenantId, tenantId), eq(chatMembers.userId, userId), gt(chatMembers.unseenCount, 0), teamRooms);
  const [rows, totals] = await Promise.all([
    db
      .select({
        _id: chatConversations._id,
        unseenCount: chatMembers.unseenCount,
        course: chatConversations.courseId,
        lastMessageSentAt: chatConversations.lastMessageTime,
        lastMessage: chatConversations.lastMessage,
        room: chatConversations.room,
      })
      .from(chatMembers)
      .innerJoin(chatConversations, and(eq(chatConversations._id, chatMembers.conversationId), eq(chatConversations.tenantId, tenantId)))
      .where(mine)
      .orderBy(desc(chatConversations.lastMessageTime), chatConversations._id)
      .limit(page.limit)
      .offset(page.offset)
      .all(),
    db
      .select({ totalDocs: sql<number>`count(*)`, totalUnseen: sql<number>`coalesce(sum(${chatMembers.unseenCount}), 0)` })
      .from(chatMembers)
      .where(mine)
      .get(),
  ]);
  const docs: NotificationEntry[] = rows.map(({ room, ...row }) => ({
    ...row,
    lastMessageSentAt: row.lastMessageSentAt?.toISOString() ?? null,
    adminChatUser: adminChatUserOf(room, userId),
  }));
  return { docs, totalDocs: totals?.totalDocs ?? 0, totalUnseen: totals?.totalUnseen ?? 0 };
}
