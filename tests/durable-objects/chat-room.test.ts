import { evictDurableObject, runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { exports } from 'cloudflare:workers';
import { and, eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { adminRoomObject, chatAdminRoom, chatCourseRoom, courseRoomObject, inboxRoom } from '../../schema/contracts/chat';
import { chatConversations, chatMembers, courseStudents, courses, courseTutors, tutorRoles } from '../../schema/tables';
import { signTicket } from '../../worker/lib/realtime/tickets';
import { ChatClient, type ChatFixture, chatFixture, chatRoomNeverReached, courseRoomStub, ticket, upgradeAdmin, upgradeCourse } from '../helpers/chat';
import { eventually, type Person } from '../helpers/docs';
import { db, requestTicket, signedInUser } from '../helpers/realtime';

let f: ChatFixture;
const open: ChatClient[] = [];

beforeAll(async () => {
  f = await chatFixture();
});

afterEach(() => {
  for (const client of open.splice(0)) if (!client.closed) client.close();
});

async function course(person: Person, courseId = f.course._id, opts: { editMode?: boolean } = {}) {
  const client = await ChatClient.course(person, courseId, opts);
  open.push(client);
  return client;
}

/** A course of its own per test, with the fixture's student and tutor as members, so rooms start empty. */
async function freshCourse() {
  const [row] = await db.select().from(courses).where(eq(courses._id, f.course._id));
  const copy = await db
    .insert(courses)
    .values({ ...row!, _id: undefined, title: `Chat ${crypto.randomUUID()}` })
    .returning()
    .get();
  const role = await db.select().from(tutorRoles).where(eq(tutorRoles.tenantId, f.tenantId)).get();
  await db.insert(courseStudents).values([
    { tenantId: f.tenantId, courseId: copy._id, userId: f.student.user._id, paymentType: 'ONETIME' },
    { tenantId: f.tenantId, courseId: copy._id, userId: f.secondStudent.user._id, paymentType: 'ONETIME' },
  ]);
  await db.insert(courseTutors).values({ tenantId: f.tenantId, courseId: copy._id, userId: f.tutor.user._id, type: 'PRIMARY', tutorRoleId: role!._id });
  return copy._id;
}

async function conversationBetween(a: ChatClient, b: ChatClient, others: string[]) {
  a.emit('start', { users: others });
  const { conversation } = await a.next('created');
  await b.next('created', (p) => p.conversation._id === conversation._id);
  return conversation;
}

const storedCount = (courseId: string) =>
  runInDurableObject(
    courseRoomStub(f.tenantId, courseId),
    (_instance, state) => state.storage.sql.exec<{ n: number }>('SELECT count(*) AS n FROM messages').one().n,
  );

async function expectRefused(res: Response, status: number) {
  expect(res.status).toBe(status);
  expect(res.webSocket).toBeNull();
  const body = await res.json<{ message: string; errors: unknown[] }>();
  expect(body.message).toEqual(expect.any(String));
}

describe('happy', () => {
  it('starts a conversation, delivers a message with SAVED, then DELIVERED and SEEN, and counts unseen', async () => {
    const courseId = await freshCourse();
    const student = await course(f.student, courseId);
    const tutor = await course(f.tutor, courseId);
    const conversation = await conversationBetween(student, tutor, [f.tutor.user._id]);
    expect(conversation.users.map((u) => u._id).sort()).toEqual([f.student.user._id, f.tutor.user._id].sort());
    expect(conversation.course).toBe(courseId);

    tutor.emit('send', { conversationId: conversation._id, clientId: 'c1', message: 'Hello Sara' });
    const ack = await tutor.next('message');
    expect(ack.message).toMatchObject({ clientId: 'c1', message: 'Hello Sara', sender: { _id: f.tutor.user._id, firstname: 'Tomas' } });
    const received = (await student.next('message')).message;
    expect(received.status).toEqual([{ user: f.student.user._id, status: 'SAVED' }]);

    student.emit('list', {});
    expect((await student.next('conversations')).conversations[0]).toMatchObject({ _id: conversation._id, unSeenCount: 1, lastMessage: 'Hello Sara' });

    student.emit('status', { conversationId: conversation._id, status: 'DELIVERED', upToSeq: received.seq });
    expect(await tutor.next('status')).toEqual({ conversationId: conversation._id, user: f.student.user._id, status: 'DELIVERED', upToSeq: received.seq });
    student.emit('status', { conversationId: conversation._id, status: 'SEEN', upToSeq: received.seq });
    expect((await tutor.next('status')).status).toBe('SEEN');

    student.emit('list', {});
    expect((await student.next('conversations')).conversations[0]!.unSeenCount).toBe(0);
    tutor.emit('history', { conversationId: conversation._id });
    const page = await tutor.next('messages');
    expect(page.messages.map((m) => [m.message, m.status])).toEqual([['Hello Sara', [{ user: f.student.user._id, status: 'SEEN' }]]]);
  });

  it('reuses the conversation of the same members instead of making a second', async () => {
    const courseId = await freshCourse();
    const student = await course(f.student, courseId);
    const tutor = await course(f.tutor, courseId);
    const first = await conversationBetween(student, tutor, [f.tutor.user._id]);
    tutor.emit('start', { users: [f.student.user._id] });
    expect((await tutor.next('created')).conversation._id).toBe(first._id);
  });

  it('reaches the tabs that are open now: a closed tab stops receiving, a tab opened later receives', async () => {
    const courseId = await freshCourse();
    const student = await course(f.student, courseId);
    const tutor = await course(f.tutor, courseId);
    const conversation = await conversationBetween(student, tutor, [f.tutor.user._id]);
    const secondTab = await course(f.student, courseId);
    tutor.emit('send', { conversationId: conversation._id, clientId: 'tabs-1', message: 'To both tabs' });
    expect((await secondTab.next('message')).message.message).toBe('To both tabs');
    expect((await student.next('message')).message.message).toBe('To both tabs');

    secondTab.close();
    const laterTab = await course(f.student, courseId);
    tutor.emit('send', { conversationId: conversation._id, clientId: 'tabs-2', message: 'After the switch' });
    expect((await laterTab.next('message')).message.message).toBe('After the switch');
    expect((await student.next('message')).message.message).toBe('After the switch');
  });

  it('shows typing to the others, throttled, never stored, and ends it with a message', async () => {
    const courseId = await freshCourse();
    const student = await course(f.student, courseId);
    const tutor = await course(f.tutor, courseId);
    const conversation = await conversationBetween(student, tutor, [f.tutor.user._id]);
    student.emit('typing', { conversationId: conversation._id, isTyping: true });
    expect(await tutor.next('typing')).toEqual({ conversationId: conversation._id, user: f.student.user._id, isTyping: true });
    student.emit('typing', { conversationId: conversation._id, isTyping: true });
    expect(await tutor.quiet('typing')).toBe(true);
    expect(await student.quiet('typing', 50)).toBe(true);
    student.emit('typing', { conversationId: conversation._id, isTyping: false });
    expect((await tutor.next('typing')).isTyping).toBe(false);
    expect(await storedCount(courseId)).toBe(0);
  });

  it('keeps order and loses nothing over 1,000 messages while the room is evicted mid-stream', async () => {
    const courseId = await freshCourse();
    const student = await course(f.student, courseId);
    const tutor = await course(f.tutor, courseId);
    const conversation = await conversationBetween(student, tutor, [f.tutor.user._id]);
    for (let i = 0; i < 1000; i++) {
      student.emit('send', { conversationId: conversation._id, clientId: `m${i}`, message: `message ${i}` });
      if (i === 500) await evictDurableObject(courseRoomStub(f.tenantId, courseId));
    }
    const got = await tutor.messages(1000, 30_000);
    expect(got.map((m) => m.message)).toEqual(Array.from({ length: 1000 }, (_, i) => `message ${i}`));
    expect(got.map((m) => m.seq)).toEqual([...got.map((m) => m.seq)].sort((a, b) => a - b));
    expect((await student.messages(1000)).map((m) => m.clientId)).toEqual(Array.from({ length: 1000 }, (_, i) => `m${i}`));
    expect(await storedCount(courseId)).toBe(1000);
  }, 60_000);

  it('loses nothing when every client is dropped: the sender resends what was not acknowledged, readers resume', async () => {
    const courseId = await freshCourse();
    let student = await course(f.student, courseId);
    let tutor = await course(f.tutor, courseId);
    const conversation = await conversationBetween(student, tutor, [f.tutor.user._id]);
    const sent = Array.from({ length: 1000 }, (_, i) => ({ conversationId: conversation._id, clientId: `r${i}`, message: `resume ${i}` }));
    for (const payload of sent.slice(0, 600)) student.emit('send', payload);
    await evictDurableObject(courseRoomStub(f.tenantId, courseId), { webSockets: 'close' });
    await eventually(() => expect(student.closed && tutor.closed).toBe(true));

    const acked = new Set(student.frames.flatMap((fr) => (fr.op === 'message' ? [(fr.payload as { message: { clientId: string } }).message.clientId] : [])));
    const seenByTutor = tutor.frames.flatMap((fr) => (fr.op === 'message' ? [(fr.payload as { message: { seq: number; message: string } }).message] : []));
    const lastSeq = seenByTutor.at(-1)?.seq ?? 0;

    student = await course(f.student, courseId);
    tutor = await course(f.tutor, courseId);
    tutor.emit('verify', { lastSeq });
    await tutor.next('verified');
    const missed = (await tutor.next('messages', (p) => p.conversationId === null)).messages;
    // Everything the sender had not seen acknowledged goes again, by its client id, then the rest.
    for (const payload of sent) if (!acked.has(payload.clientId)) student.emit('send', payload);
    const fresh = await tutor.messages(1000 - seenByTutor.length - missed.length, 30_000);

    const all = [...seenByTutor, ...missed, ...fresh];
    expect(all.map((m) => m.message)).toEqual(sent.map((m) => m.message));
    expect(await storedCount(courseId)).toBe(1000);
  }, 60_000);

  it('stores a resent message once and acknowledges it again to the sender only', async () => {
    const courseId = await freshCourse();
    const student = await course(f.student, courseId);
    const tutor = await course(f.tutor, courseId);
    const conversation = await conversationBetween(student, tutor, [f.tutor.user._id]);
    student.emit('send', { conversationId: conversation._id, clientId: 'dup', message: 'Once' });
    const first = (await student.next('message')).message;
    await tutor.next('message');
    student.emit('send', { conversationId: conversation._id, clientId: 'dup', message: 'Once' });
    expect((await student.next('message')).message._id).toBe(first._id);
    expect(await tutor.quiet('message')).toBe(true);
    expect(await storedCount(courseId)).toBe(1);
  });

  it('resumes after the last sequence number with only what was missed', async () => {
    const courseId = await freshCourse();
    const student = await course(f.student, courseId);
    const tutor = await course(f.tutor, courseId);
    const conversation = await conversationBetween(student, tutor, [f.tutor.user._id]);
    for (const text of ['one', 'two', 'three']) student.emit('send', { conversationId: conversation._id, clientId: text, message: text });
    const seen = await tutor.messages(3);
    tutor.close();
    const back = await course(f.tutor, courseId);
    back.emit('verify', { lastSeq: seen[0]!.seq });
    const verified = await back.next('verified');
    expect(verified).toMatchObject({ userId: f.tutor.user._id, mode: 'user', lastSeq: seen[2]!.seq, editMode: false });
    expect(verified.contacts.map((p) => p._id).sort()).toEqual([f.student.user._id, f.secondStudent.user._id].sort());
    expect((await back.next('messages')).messages.map((m) => m.message)).toEqual(['two', 'three']);
  });

  it('writes the summary to D1 and tells the inboxes after the flush', async () => {
    const courseId = await freshCourse();
    const student = await course(f.student, courseId);
    const tutor = await course(f.tutor, courseId);
    const conversation = await conversationBetween(student, tutor, [f.tutor.user._id]);
    tutor.emit('send', { conversationId: conversation._id, clientId: 'sum', message: 'Summary please' });
    await student.next('message');
    await runDurableObjectAlarm(courseRoomStub(f.tenantId, courseId));
    const row = await db.select().from(chatConversations).where(eq(chatConversations._id, conversation._id)).get();
    expect(row).toMatchObject({ tenantId: f.tenantId, room: `course:${courseId}`, courseId, lastMessage: 'Summary please' });
    const member = await db
      .select()
      .from(chatMembers)
      .where(and(eq(chatMembers.conversationId, conversation._id), eq(chatMembers.userId, f.student.user._id)))
      .get();
    expect(member?.unseenCount).toBe(1);
  });

  it('keeps each member’s unseen count as messages arrive and are read, and counts a room stored before the count was kept', async () => {
    const courseId = await freshCourse();
    const student = await course(f.student, courseId);
    const tutor = await course(f.tutor, courseId);
    const conversation = await conversationBetween(student, tutor, [f.tutor.user._id]);
    const received = [];
    for (let i = 0; i < 5; i++) {
      tutor.emit('send', { conversationId: conversation._id, clientId: `u${i}`, message: `unseen ${i}` });
      received.push((await student.next('message')).message);
    }
    student.emit('send', { conversationId: conversation._id, clientId: 'own', message: 'my own' });
    await student.next('message');
    const unseen = async () => {
      student.emit('list', {});
      return (await student.next('conversations')).conversations[0]!.unSeenCount;
    };
    expect(await unseen()).toBe(5);
    student.emit('status', { conversationId: conversation._id, status: 'SEEN', upToSeq: received[2]!.seq });
    await tutor.next('status');
    expect(await unseen()).toBe(2);

    // A room from before the kept count: drop the column, and the next wake counts it from the messages.
    const room = courseRoomStub(f.tenantId, courseId);
    await runInDurableObject(room, (_instance, state) => state.storage.sql.exec('ALTER TABLE members DROP COLUMN unseen'));
    await evictDurableObject(room);
    const again = await course(f.student, courseId);
    again.emit('list', {});
    expect((await again.next('conversations')).conversations[0]!.unSeenCount).toBe(2);
    await runDurableObjectAlarm(room);
    const member = await db
      .select()
      .from(chatMembers)
      .where(and(eq(chatMembers.conversationId, conversation._id), eq(chatMembers.userId, f.student.user._id)))
      .get();
    expect(member?.unseenCount).toBe(2);
  });

  it('lets an admin with the chat permission read every conversation, and write only in edit mode', async () => {
    const courseId = await freshCourse();
    const student = await course(f.student, courseId);
    const tutor = await course(f.tutor, courseId);
    const conversation = await conversationBetween(student, tutor, [f.tutor.user._id]);
    const reader = await course(f.chatAdmin, courseId);
    reader.emit('listAll', {});
    expect((await reader.next('conversations')).conversations.map((c) => c._id)).toEqual([conversation._id]);
    reader.emit('send', { conversationId: conversation._id, clientId: 'admin-1', message: 'Hi' });
    expect((await reader.next('error')).message).toMatch(/edit mode/);

    const editor = await course(f.chatAdmin, courseId, { editMode: true });
    editor.emit('verify', {});
    expect((await editor.next('verified')).editMode).toBe(true);
    editor.emit('send', { conversationId: conversation._id, clientId: 'admin-2', message: 'Admin here' });
    expect((await student.next('message')).message.sender._id).toBe(f.chatAdmin.user._id);
  });

  it('runs the admin chat between an admin and one user under the adminChat event names', async () => {
    const admin = await ChatClient.admin(f.chatAdmin, f.student.user._id);
    const user = await ChatClient.admin(f.student, f.student.user._id);
    open.push(admin, user);
    admin.ws.send(JSON.stringify({ type: 'adminChatStartNewConversation', users: [] }));
    const { conversation } = await admin.next('created');
    await user.next('created');
    admin.ws.send(JSON.stringify({ type: 'adminChatSendConversationMessage', conversationId: conversation._id, clientId: 'a1', message: 'Your invoice' }));
    const raw = await new Promise<string>((resolve) => user.ws.addEventListener('message', (e) => resolve(e.data as string), { once: true }));
    expect(JSON.parse(raw)).toMatchObject({ type: 'receiveNewAdminConversationMessage', message: { message: 'Your invoice', course: null } });
  });

  it('lets a parent start a conversation with the team, which admins see at once and join by answering', async () => {
    const subject = f.parent.user._id;
    const admin = await ChatClient.admin(f.chatAdmin, subject);
    const user = await ChatClient.admin(f.parent, subject);
    open.push(admin, user);
    user.emit('start', { users: [] });
    const { conversation } = await user.next('created');
    expect(conversation.users.map((u) => u._id)).toEqual([subject]);
    expect((await admin.next('created')).conversation._id).toBe(conversation._id);

    user.emit('send', { conversationId: conversation._id, clientId: 'team-1', message: 'Can I move Friday’s lesson?' });
    expect((await admin.next('message')).message.message).toBe('Can I move Friday’s lesson?');
    admin.emit('send', { conversationId: conversation._id, clientId: 'team-2', message: 'Yes, to which day?' });
    expect((await user.next('message', (p) => p.message.clientId === 'team-2')).message.sender._id).toBe(f.chatAdmin.user._id);

    user.emit('start', { users: [] });
    expect((await user.next('created', (p) => p.conversation._id === conversation._id)).conversation._id).toBe(conversation._id);
    const stored = await db.select().from(chatConversations).where(eq(chatConversations._id, conversation._id)).get();
    expect(stored).toBeDefined();
  });
});

describe('errors', () => {
  it('answers a malformed or unknown frame with an error naming the field, and stores nothing', async () => {
    const courseId = await freshCourse();
    const student = await course(f.student, courseId);
    student.ws.send('not json');
    expect((await student.next('error')).message).toMatch(/JSON/);
    student.ws.send(JSON.stringify({ type: 'sendMessage', conversationId: 'x', clientId: 'y', message: '' }));
    expect((await student.next('error')).message).toMatch(/message/);
    student.ws.send(JSON.stringify({ type: 'adminChatGetConversations' }));
    expect((await student.next('error')).message).toMatch(/type/);
    student.emit('send', { conversationId: 'nosuch', clientId: 'z', message: 'Hello' });
    expect((await student.next('error')).message).toMatch(/conversationId/);
    student.emit('start', { users: [f.outsider.user._id] });
    expect((await student.next('error')).message).toMatch(/^users: /);
    expect(await storedCount(courseId)).toBe(0);
  });

  it('answers 426 to a plain GET and 401 without a ticket, a ticket for another room, or a forged one', async () => {
    const courseId = await freshCourse();
    const plain = await exports.default.fetch(`http://localhost/api/rt/chat/course/${courseId}?ticket=${await ticket(f.student, chatCourseRoom(courseId))}`);
    expect(plain.status).toBe(426);
    await expectRefused(await upgradeCourse(courseId, null), 401);
    await expectRefused(await upgradeCourse(courseId, await ticket(f.student, chatCourseRoom(f.course._id))), 401);
    const forged = await signTicket('not-the-secret', { sub: f.student.user._id, tid: f.tenantId, role: 'STUDENT', name: 'x', room: chatCourseRoom(courseId) });
    await expectRefused(await upgradeCourse(courseId, forged), 401);
    expect(await chatRoomNeverReached(courseRoomObject(f.tenantId, courseId))).toBe(true);
  });

  it('refuses a second connection with the same ticket', async () => {
    const value = await ticket(f.student, chatCourseRoom(f.course._id));
    const first = await upgradeCourse(f.course._id, value);
    expect(first.status).toBe(101);
    first.webSocket!.accept();
    await expectRefused(await upgradeCourse(f.course._id, value), 401);
    first.webSocket!.close(1000, 'done');
  });
});

describe('permissions', () => {
  it('refuses non-members before the upgrade: outsiders, disabled tutors, parents, plain admins', async () => {
    const courseId = await freshCourse();
    for (const person of [f.outsider, f.disabledTutor, f.parent]) {
      await expectRefused(await upgradeCourse(courseId, await ticket(person, chatCourseRoom(courseId))), 404);
    }
    await expectRefused(await upgradeCourse(courseId, await ticket(f.editingAdmin, chatCourseRoom(courseId))), 403);
    expect(await chatRoomNeverReached(courseRoomObject(f.tenantId, courseId))).toBe(true);
  });

  it('refuses guests a ticket, so they get no chat', async () => {
    const guest = await signedInUser({ tenant: 'studyhall', role: 'GUEST', firstname: 'Guest' });
    expect((await requestTicket(guest.token, { room: chatCourseRoom(f.course._id) })).status).toBe(403);
    expect((await requestTicket(guest.token, { room: inboxRoom(guest.user._id) })).status).toBe(403);
  });

  it("refuses another tenant's user and another tenant's course ids", async () => {
    const courseId = await freshCourse();
    const partnerTicket = await ticket(f.partner, chatCourseRoom(courseId), 'partner.localhost');
    await expectRefused(await upgradeCourse(courseId, partnerTicket, { host: 'partner.localhost' }), 404);
    await expectRefused(await upgradeCourse(courseId, partnerTicket), 401);
    await expectRefused(
      await upgradeAdmin(f.student.user._id, await ticket(f.partner, chatAdminRoom(f.student.user._id), 'partner.localhost'), 'partner.localhost'),
      403,
    );
    expect(await chatRoomNeverReached(courseRoomObject(f.tenantId, courseId))).toBe(true);
    expect(await chatRoomNeverReached(courseRoomObject(f.partner.tenant._id, courseId))).toBe(true);
  });

  it("keeps users out of someone else's admin chat and admins without the admin chat permission out of all", async () => {
    const target = f.secondStudent.user._id;
    await expectRefused(await upgradeAdmin(target, await ticket(f.student, chatAdminRoom(target))), 403);
    await expectRefused(await upgradeAdmin(target, await ticket(f.editingAdmin, chatAdminRoom(target))), 403);
    await expectRefused(await upgradeAdmin('nosuchuser', await ticket(f.chatAdmin, chatAdminRoom('nosuchuser'))), 404);
    expect(await chatRoomNeverReached(adminRoomObject(f.tenantId, target))).toBe(true);
  });

  it("does not show one member's conversations to another member of the course", async () => {
    const courseId = await freshCourse();
    const student = await course(f.student, courseId);
    const tutor = await course(f.tutor, courseId);
    const conversation = await conversationBetween(student, tutor, [f.tutor.user._id]);
    const other = await course(f.secondStudent, courseId);
    other.emit('list', {});
    expect((await other.next('conversations')).conversations).toEqual([]);
    other.emit('history', { conversationId: conversation._id });
    expect((await other.next('error')).message).toMatch(/conversationId/);
    other.emit('send', { conversationId: conversation._id, clientId: 'sneak', message: 'Hi' });
    expect((await other.next('error')).message).toMatch(/conversationId/);
    other.emit('listAll', {});
    expect((await other.next('error')).message).toMatch(/admins/);
    tutor.emit('send', { conversationId: conversation._id, clientId: 'private', message: 'Private' });
    await student.next('message');
    expect(await other.quiet('message')).toBe(true);
    expect(await storedCount(courseId)).toBe(1);
  });
});
