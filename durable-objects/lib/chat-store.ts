import { type ChatMessage, type ChatPerson, MESSAGE_PAGE_SIZE, type MessageStatus } from '../../schema/contracts/chat';

/**
 * A chat room's SQLite: conversations, their members with read watermarks, the people shown on messages, and the
 * messages in one sequence for the whole room. A member's status for a message follows from two watermarks
 * (delivered up to, seen up to), so marking a conversation read is one row, not one row per message.
 */

export interface StoredConversation {
  id: string;
  memberKey: string;
  lastMessageTime: number | null;
  lastMessage: string | null;
}

export interface Member {
  userId: string;
  deliveredSeq: number;
  seenSeq: number;
}

interface MessageRow extends Record<string, SqlStorageValue> {
  seq: number;
  id: string;
  client_id: string;
  conversation_id: string;
  sender_id: string;
  body: string;
  created_at: number;
}

export const memberKeyOf = (userIds: Iterable<string>) => [...new Set(userIds)].sort().join(',');

export class ChatStore {
  /** Members and people change rarely and are read on every message, so they are cached until the object sleeps. */
  private readonly memberCache = new Map<string, Member[]>();
  private readonly peopleCache = new Map<string, ChatPerson>();
  private ownerCache: { tenantId: string; room: string; courseId: string | null } | null = null;

  constructor(private readonly sql: SqlStorage) {
    sql.exec(`CREATE TABLE IF NOT EXISTS owner (k INTEGER PRIMARY KEY CHECK (k = 1), tenant_id TEXT NOT NULL, room TEXT NOT NULL, course_id TEXT);
      CREATE TABLE IF NOT EXISTS conversations (id TEXT PRIMARY KEY, member_key TEXT NOT NULL UNIQUE, created_at INTEGER NOT NULL,
        last_message_time INTEGER, last_message TEXT);
      CREATE TABLE IF NOT EXISTS members (conversation_id TEXT NOT NULL, user_id TEXT NOT NULL, delivered_seq INTEGER NOT NULL DEFAULT 0,
        seen_seq INTEGER NOT NULL DEFAULT 0, PRIMARY KEY (conversation_id, user_id));
      CREATE INDEX IF NOT EXISTS members_user ON members (user_id);
      CREATE TABLE IF NOT EXISTS people (user_id TEXT PRIMARY KEY, firstname TEXT NOT NULL, lastname TEXT NOT NULL, avatar TEXT);
      CREATE TABLE IF NOT EXISTS messages (seq INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL UNIQUE, client_id TEXT NOT NULL,
        conversation_id TEXT NOT NULL, sender_id TEXT NOT NULL, body TEXT NOT NULL, created_at INTEGER NOT NULL, UNIQUE (sender_id, client_id));
      CREATE INDEX IF NOT EXISTS messages_conversation ON messages (conversation_id, seq);
      CREATE TABLE IF NOT EXISTS dirty (conversation_id TEXT PRIMARY KEY, version INTEGER NOT NULL, news_from INTEGER);`);
    this.addUnseenColumn();
  }

  /**
   * Each member's unseen count is kept as messages arrive and reset when they read, because counting it at every
   * flush scanned a member's whole unread history: a room nobody reads grew slower with every message. A room made
   * before the column existed counts once, here.
   */
  private addUnseenColumn() {
    const columns = this.sql.exec<{ name: string }>('PRAGMA table_info(members)').toArray();
    if (columns.some((column) => column.name === 'unseen')) return;
    this.sql.exec(`ALTER TABLE members ADD COLUMN unseen INTEGER NOT NULL DEFAULT 0;
      UPDATE members SET unseen = (SELECT count(*) FROM messages x
        WHERE x.conversation_id = members.conversation_id AND x.sender_id != members.user_id AND x.seq > members.seen_seq);`);
  }

  /** Once per room: a write made while a connection is answered holds the answer until it is committed. */
  remember(tenantId: string, room: string, courseId: string | null) {
    if (this.owner()) return;
    this.sql.exec('INSERT INTO owner (k, tenant_id, room, course_id) VALUES (1, ?, ?, ?) ON CONFLICT (k) DO NOTHING', tenantId, room, courseId);
  }

  owner() {
    if (this.ownerCache) return this.ownerCache;
    const row = this.sql.exec<{ tenant_id: string; room: string; course_id: string | null }>('SELECT tenant_id, room, course_id FROM owner').toArray()[0];
    this.ownerCache = row ? { tenantId: row.tenant_id, room: row.room, courseId: row.course_id } : null;
    return this.ownerCache;
  }

  lastSeq(): number {
    return this.sql.exec<{ seq: number }>("SELECT coalesce((SELECT seq FROM sqlite_sequence WHERE name = 'messages'), 0) AS seq").one().seq;
  }

  conversation(id: string): StoredConversation | null {
    const row = this.sql
      .exec<{ id: string; member_key: string; last_message_time: number | null; last_message: string | null }>(
        'SELECT id, member_key, last_message_time, last_message FROM conversations WHERE id = ?',
        id,
      )
      .toArray()[0];
    return row ? { id: row.id, memberKey: row.member_key, lastMessageTime: row.last_message_time, lastMessage: row.last_message } : null;
  }

  conversationByMembers(memberKey: string) {
    const row = this.sql.exec<{ id: string }>('SELECT id FROM conversations WHERE member_key = ?', memberKey).toArray()[0];
    return row ? this.conversation(row.id) : null;
  }

  /** Every conversation, or those `userId` belongs to, newest activity first. */
  conversations(userId: string | null): StoredConversation[] {
    const rows = this.sql
      .exec<{ id: string; member_key: string; last_message_time: number | null; last_message: string | null }>(
        `SELECT c.id, c.member_key, c.last_message_time, c.last_message FROM conversations c
         ${userId === null ? '' : 'JOIN members m ON m.conversation_id = c.id AND m.user_id = ?'}
         ORDER BY coalesce(c.last_message_time, c.created_at) DESC`,
        ...(userId === null ? [] : [userId]),
      )
      .toArray();
    return rows.map((row) => ({ id: row.id, memberKey: row.member_key, lastMessageTime: row.last_message_time, lastMessage: row.last_message }));
  }

  createConversation(id: string, userIds: string[], now: number) {
    this.sql.exec('INSERT INTO conversations (id, member_key, created_at) VALUES (?, ?, ?)', id, memberKeyOf(userIds), now);
    for (const userId of userIds) this.sql.exec('INSERT INTO members (conversation_id, user_id) VALUES (?, ?)', id, userId);
    this.memberCache.delete(id);
  }

  /** Someone who joins by writing has read what came before, so their own first reply leaves nothing unread to them. */
  addMember(conversationId: string, userId: string) {
    const seq = this.lastSeq();
    this.sql.exec(
      'INSERT INTO members (conversation_id, user_id, delivered_seq, seen_seq) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING',
      conversationId,
      userId,
      seq,
      seq,
    );
    this.memberCache.delete(conversationId);
  }

  members(conversationId: string): Member[] {
    const cached = this.memberCache.get(conversationId);
    if (cached) return cached;
    const rows = this.sql
      .exec<{ user_id: string; delivered_seq: number; seen_seq: number }>(
        'SELECT user_id, delivered_seq, seen_seq FROM members WHERE conversation_id = ? ORDER BY rowid',
        conversationId,
      )
      .toArray()
      .map((row) => ({ userId: row.user_id, deliveredSeq: row.delivered_seq, seenSeq: row.seen_seq }));
    this.memberCache.set(conversationId, rows);
    return rows;
  }

  savePeople(people: ChatPerson[]) {
    for (const person of people) {
      this.sql.exec(
        'INSERT INTO people (user_id, firstname, lastname, avatar) VALUES (?, ?, ?, ?) ON CONFLICT (user_id) DO UPDATE SET firstname = excluded.firstname, lastname = excluded.lastname, avatar = excluded.avatar',
        person._id,
        person.firstname,
        person.lastname,
        person.avatar,
      );
      this.peopleCache.set(person._id, person);
    }
  }

  person(userId: string): ChatPerson {
    const cached = this.peopleCache.get(userId);
    if (cached) return cached;
    const row = this.sql
      .exec<{ firstname: string; lastname: string; avatar: string | null }>('SELECT firstname, lastname, avatar FROM people WHERE user_id = ?', userId)
      .toArray()[0];
    const person = { _id: userId, firstname: row?.firstname ?? '', lastname: row?.lastname ?? '', avatar: row?.avatar ?? null };
    this.peopleCache.set(userId, person);
    return person;
  }

  /** Stores a message once per sender and client id; null when that client id was stored before. */
  insertMessage(row: { id: string; clientId: string; conversationId: string; senderId: string; body: string; createdAt: number }): number | null {
    const inserted = this.sql
      .exec<{ seq: number }>(
        'INSERT INTO messages (id, client_id, conversation_id, sender_id, body, created_at) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (sender_id, client_id) DO NOTHING RETURNING seq',
        row.id,
        row.clientId,
        row.conversationId,
        row.senderId,
        row.body,
        row.createdAt,
      )
      .toArray()[0];
    if (!inserted) return null;
    this.sql.exec('UPDATE conversations SET last_message_time = ?, last_message = ? WHERE id = ?', row.createdAt, row.body, row.conversationId);
    this.sql.exec('UPDATE members SET unseen = unseen + 1 WHERE conversation_id = ? AND user_id != ?', row.conversationId, row.senderId);
    this.markDirty(row.conversationId, inserted.seq);
    return inserted.seq;
  }

  messageByClientId(senderId: string, clientId: string): ChatMessage | null {
    const row = this.sql.exec<MessageRow>('SELECT * FROM messages WHERE sender_id = ? AND client_id = ?', senderId, clientId).toArray()[0];
    return row ? this.toMessage(row) : null;
  }

  /** One page of a conversation, oldest first, ending before `beforeSeq`. */
  history(conversationId: string, beforeSeq: number | undefined, limit = MESSAGE_PAGE_SIZE) {
    const rows = this.sql
      .exec<MessageRow>(
        'SELECT * FROM messages WHERE conversation_id = ? AND seq < ? ORDER BY seq DESC LIMIT ?',
        conversationId,
        beforeSeq ?? Number.MAX_SAFE_INTEGER,
        limit + 1,
      )
      .toArray();
    const hasMore = rows.length > limit;
    return {
      messages: rows
        .slice(0, limit)
        .reverse()
        .map((row) => this.toMessage(row)),
      hasMore,
    };
  }

  /** Messages after `afterSeq` in the conversations `userId` may read (all of them when null), in room order. */
  since(afterSeq: number, userId: string | null, limit: number) {
    const rows = this.sql
      .exec<MessageRow>(
        userId === null
          ? 'SELECT * FROM messages WHERE seq > ? ORDER BY seq LIMIT ?'
          : 'SELECT msg.* FROM messages msg JOIN members m ON m.conversation_id = msg.conversation_id AND m.user_id = ? WHERE msg.seq > ? ORDER BY msg.seq LIMIT ?',
        ...(userId === null ? [afterSeq, limit] : [userId, afterSeq, limit]),
      )
      .toArray();
    return rows.map((row) => this.toMessage(row));
  }

  /** Raises a member's watermark; false when it was already there. SEEN implies DELIVERED and counts what is still unseen after it. */
  raiseWatermark(conversationId: string, userId: string, status: 'DELIVERED' | 'SEEN', upToSeq: number): boolean {
    const changed = this.sql
      .exec(
        status === 'SEEN'
          ? `UPDATE members SET seen_seq = ?1, delivered_seq = max(delivered_seq, ?1),
               unseen = (SELECT count(*) FROM messages x WHERE x.conversation_id = ?2 AND x.sender_id != ?3 AND x.seq > ?1)
             WHERE conversation_id = ?2 AND user_id = ?3 AND seen_seq < ?1 RETURNING user_id`
          : 'UPDATE members SET delivered_seq = ?1 WHERE conversation_id = ?2 AND user_id = ?3 AND delivered_seq < ?1 RETURNING user_id',
        upToSeq,
        conversationId,
        userId,
      )
      .toArray().length;
    if (changed === 0) return false;
    this.memberCache.delete(conversationId);
    this.markDirty(conversationId, null);
    return true;
  }

  unseenCount(conversationId: string, userId: string): number {
    const row = this.sql.exec<{ unseen: number }>('SELECT unseen FROM members WHERE conversation_id = ? AND user_id = ?', conversationId, userId).toArray()[0];
    return row?.unseen ?? 0;
  }

  /**
   * For the team inbox: how many of the user's messages came since anyone else last wrote, and the latest one's
   * sequence. Each reads back from the newest message only as far as it must, never the whole conversation.
   */
  teamState(conversationId: string, userId: string): { waiting: number; lastUserSeq: number } {
    return this.sql
      .exec<{ waiting: number; lastUserSeq: number }>(
        `SELECT
           (SELECT count(*) FROM messages WHERE conversation_id = ?1 AND sender_id = ?2
              AND seq > coalesce((SELECT seq FROM messages WHERE conversation_id = ?1 AND sender_id != ?2 ORDER BY seq DESC LIMIT 1), 0)) AS waiting,
           coalesce((SELECT seq FROM messages WHERE conversation_id = ?1 AND sender_id = ?2 ORDER BY seq DESC LIMIT 1), 0) AS lastUserSeq`,
        conversationId,
        userId,
      )
      .one();
  }

  /** Conversations whose summary has to reach D1 and the members' inboxes; `newsFrom` is the first message not yet announced. */
  private markDirty(conversationId: string, newsFrom: number | null) {
    this.sql.exec(
      `INSERT INTO dirty (conversation_id, version, news_from) VALUES (?1, (SELECT coalesce(max(version), 0) + 1 FROM dirty), ?2)
       ON CONFLICT (conversation_id) DO UPDATE SET version = excluded.version, news_from = coalesce(dirty.news_from, excluded.news_from)`,
      conversationId,
      newsFrom,
    );
  }

  dirty() {
    return this.sql.exec<{ conversation_id: string; version: number; news_from: number | null }>('SELECT * FROM dirty').toArray();
  }

  /** Clears what a flush handled; rows marked again meanwhile carry a higher version and stay. */
  clearDirty(upToVersion: number) {
    this.sql.exec('DELETE FROM dirty WHERE version <= ?', upToVersion);
  }

  /** Members who received a message from someone else at or after `fromSeq`. */
  newsRecipients(conversationId: string, fromSeq: number): string[] {
    return this.sql
      .exec<{ user_id: string }>(
        'SELECT m.user_id FROM members m WHERE m.conversation_id = ?1 AND EXISTS (SELECT 1 FROM messages x WHERE x.conversation_id = ?1 AND x.seq >= ?2 AND x.sender_id != m.user_id)',
        conversationId,
        fromSeq,
      )
      .toArray()
      .map((row) => row.user_id);
  }

  toMessage(row: MessageRow): ChatMessage {
    const owner = this.owner();
    return {
      _id: row.id,
      seq: row.seq,
      clientId: row.client_id,
      message: row.body,
      sender: this.person(row.sender_id),
      conversation: row.conversation_id,
      createdAt: new Date(row.created_at).toISOString(),
      course: owner?.courseId ?? null,
      status: this.members(row.conversation_id)
        .filter((m) => m.userId !== row.sender_id)
        .map((m) => ({ user: m.userId, status: statusFor(m, row.seq) })),
    };
  }
}

function statusFor(member: Member, seq: number): MessageStatus {
  if (member.seenSeq >= seq) return 'SEEN';
  if (member.deliveredSeq >= seq) return 'DELIVERED';
  return 'SAVED';
}
