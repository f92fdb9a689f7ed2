import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { databaseFor } from '../../platform/database';
import type { ChatPerson, NewMessageNotice } from '../../schema/contracts/chat';
import { inboxObject } from '../../schema/contracts/chat';
import { chatConversations, chatMembers, chatPresence, courseStudents, courseTutors, teamThreads, users } from '../../schema/tables';
import type { Env } from '../env';

export interface ConversationSummary {
  id: string;
  lastMessageTime: number | null;
  lastMessage: string | null;
  unseen: Map<string, number>;
}

export interface TeamThreadSummary {
  id: string;
  userId: string;
  lastMessageTime: number | null;
  lastMessage: string | null;
  waiting: number;
  lastUserSeq: number;
}

/** What the chat objects read from and write to D1: people, course membership, presence and the summaries. */
export class ChatDirectory {
  readonly db;

  constructor(
    private readonly env: Env,
    private readonly tenantId: string,
  ) {
    this.db = databaseFor(env.DB);
  }

  people(ids: string[]): Promise<ChatPerson[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .select({ _id: users._id, firstname: users.firstname, lastname: users.lastname, avatar: users.avatar })
      .from(users)
      .where(and(eq(users.tenantId, this.tenantId), inArray(users._id, ids), isNull(users.deletedAt)))
      .all();
  }

  /** Which of `ids` are enrolled students or enabled tutors of the course. */
  async courseMembers(courseId: string, ids: string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const [students, tutors] = await Promise.all([
      this.db
        .select({ id: courseStudents.userId })
        .from(courseStudents)
        .where(
          and(
            eq(courseStudents.tenantId, this.tenantId),
            eq(courseStudents.courseId, courseId),
            eq(courseStudents.status, 'ENROLLED'),
            inArray(courseStudents.userId, ids),
          ),
        )
        .all(),
      this.db
        .select({ id: courseTutors.userId })
        .from(courseTutors)
        .where(
          and(
            eq(courseTutors.tenantId, this.tenantId),
            eq(courseTutors.courseId, courseId),
            eq(courseTutors.status, 'ENABLE'),
            inArray(courseTutors.userId, ids),
          ),
        )
        .all(),
    ]);
    return new Set([...students, ...tutors].map((row) => row.id));
  }

  /** Enrolled students and enabled tutors of the course, by name. */
  async courseRoster(courseId: string): Promise<ChatPerson[]> {
    const columns = { _id: users._id, firstname: users.firstname, lastname: users.lastname, avatar: users.avatar };
    const [students, tutors] = await Promise.all([
      this.db
        .select(columns)
        .from(courseStudents)
        .innerJoin(users, eq(users._id, courseStudents.userId))
        .where(
          and(
            eq(courseStudents.tenantId, this.tenantId),
            eq(courseStudents.courseId, courseId),
            eq(courseStudents.status, 'ENROLLED'),
            isNull(users.deletedAt),
          ),
        )
        .all(),
      this.db
        .select(columns)
        .from(courseTutors)
        .innerJoin(users, eq(users._id, courseTutors.userId))
        .where(and(eq(courseTutors.tenantId, this.tenantId), eq(courseTutors.courseId, courseId), eq(courseTutors.status, 'ENABLE'), isNull(users.deletedAt)))
        .all(),
    ]);
    const unique = new Map([...tutors, ...students].map((person) => [person._id, person]));
    return [...unique.values()].sort((a, b) => `${a.firstname} ${a.lastname}`.localeCompare(`${b.firstname} ${b.lastname}`));
  }

  async presence(ids: string[]) {
    if (ids.length === 0) return new Map<string, { isOnline: boolean; lastSeen: string | null }>();
    const rows = await this.db
      .select()
      .from(chatPresence)
      .where(and(eq(chatPresence.tenantId, this.tenantId), inArray(chatPresence.userId, ids)))
      .all();
    return new Map(rows.map((row) => [row.userId, { isOnline: row.isOnline, lastSeen: row.lastSeen.toISOString() }]));
  }

  async saveConversation(conversation: { id: string; room: string; courseId: string | null; memberIds: string[] }) {
    await this.db.batch([
      this.db
        .insert(chatConversations)
        .values({ _id: conversation.id, tenantId: this.tenantId, room: conversation.room, courseId: conversation.courseId })
        .onConflictDoNothing(),
      ...conversation.memberIds.map((userId) => this.addMemberQuery(conversation.id, userId)),
    ]);
  }

  addMember(conversationId: string, userId: string) {
    return this.addMemberQuery(conversationId, userId);
  }

  private addMemberQuery(conversationId: string, userId: string) {
    return this.db.insert(chatMembers).values({ tenantId: this.tenantId, conversationId, userId }).onConflictDoNothing();
  }

  /**
   * Writes one flush of summaries: each conversation's last message and each member's unseen count, and for an admin
   * room's conversations the team inbox's side of them. A newer message from the user reopens a thread marked done.
   */
  async saveSummaries(summaries: ConversationSummary[], team: TeamThreadSummary[] = []) {
    const teamStatements = team.map((t) => {
      const lastMessageAt = t.lastMessageTime === null ? null : new Date(t.lastMessageTime);
      const newer = sql`excluded.last_user_seq > ${teamThreads.lastUserSeq}`;
      return this.db
        .insert(teamThreads)
        .values({
          tenantId: this.tenantId,
          conversationId: t.id,
          userId: t.userId,
          lastMessage: t.lastMessage,
          lastMessageAt,
          waiting: t.waiting,
          lastUserSeq: t.lastUserSeq,
        })
        .onConflictDoUpdate({
          target: [teamThreads.tenantId, teamThreads.conversationId],
          set: {
            lastMessage: t.lastMessage,
            lastMessageAt,
            waiting: t.waiting,
            status: sql`CASE WHEN ${newer} THEN 'OPEN' ELSE ${teamThreads.status} END`,
            doneBy: sql`CASE WHEN ${newer} THEN NULL ELSE ${teamThreads.doneBy} END`,
            lastUserSeq: sql`max(excluded.last_user_seq, ${teamThreads.lastUserSeq})`,
            updatedAt: new Date(),
          },
        });
    });
    const statements = [
      ...teamStatements,
      ...summaries.flatMap((s) => [
        this.db
          .update(chatConversations)
          .set({ lastMessageTime: s.lastMessageTime === null ? null : new Date(s.lastMessageTime), lastMessage: s.lastMessage })
          .where(and(eq(chatConversations.tenantId, this.tenantId), eq(chatConversations._id, s.id))),
        ...[...s.unseen].map(([userId, unseenCount]) =>
          this.db
            .update(chatMembers)
            .set({ unseenCount })
            .where(and(eq(chatMembers.tenantId, this.tenantId), eq(chatMembers.conversationId, s.id), eq(chatMembers.userId, userId))),
        ),
      ]),
    ];
    const [first, ...rest] = statements;
    if (first) await this.db.batch([first, ...rest]);
  }

  /** The tenant's admins, whose inboxes count what waits in the team inbox. */
  async adminIds(): Promise<string[]> {
    const rows = await this.db
      .select({ _id: users._id })
      .from(users)
      .where(and(eq(users.tenantId, this.tenantId), eq(users.role, 'ADMIN'), isNull(users.deletedAt)))
      .all();
    return rows.map((row) => row._id);
  }

  /** Rooms (as object names) holding a conversation with the user, for presence changes. */
  async roomsOf(userId: string): Promise<string[]> {
    const rows = await this.db
      .selectDistinct({ room: chatConversations.room })
      .from(chatMembers)
      .innerJoin(chatConversations, eq(chatConversations._id, chatMembers.conversationId))
      .where(and(eq(chatMembers.tenantId, this.tenantId), eq(chatMembers.userId, userId)))
      .all();
    return rows.map((row) => `${this.tenantId}:${row.room}`);
  }

  /** Tells a user's inbox that their counts changed, with the news for toasts and pushes. */
  notifyInbox(userId: string, news: NewMessageNotice[]) {
    const stub = this.env.USER_INBOX.get(this.env.USER_INBOX.idFromName(inboxObject(this.tenantId, userId)));
    return stub.changed({ tenantId: this.tenantId, userId }, news);
  }
}
