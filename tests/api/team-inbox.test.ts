import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TeamInboxPage, TeamThread } from '../../schema/contracts/team-inbox';
import { tenants } from '../../schema/tables';
import { forgetTenants } from '../../worker/lib/tenant-cache';
import { api, bearer, expectFieldError } from '../helpers/auth';
import { ChatClient, type ChatFixture, chatFixture, InboxClient } from '../helpers/chat';
import { adminWith, eventually } from '../helpers/docs';
import { db } from '../helpers/realtime';

let f: ChatFixture;
const open: { close(): void }[] = [];

beforeAll(async () => {
  f = await chatFixture();
});

afterEach(() => {
  for (const socket of open.splice(0)) socket.close();
});

const teamInbox = async (token: string, query = '', host = 'localhost') => {
  const res = await api(`/admin/team-inbox${query}`, { headers: bearer(token) }, host);
  expect(res.status, await res.clone().text()).toBe(200);
  return res.json<TeamInboxPage>();
};
const threadOf = async (token: string, userId: string, query = '?status=ALL') => (await teamInbox(token, query)).docs.find((t) => t.user._id === userId);
const update = (token: string, id: string, body: unknown) =>
  api(`/admin/team-inbox/${id}`, { method: 'PUT', headers: bearer(token, { 'content-type': 'application/json' }), body: JSON.stringify(body) });

/** The person's own conversation with the team, and the first message in it, as "Message the team" sends it. */
async function messageTheTeam(person: ChatFixture['student'], text: string) {
  const user = await ChatClient.admin(person, person.user._id);
  open.push(user);
  user.emit('start', { users: [] });
  const { conversation } = await user.next('created');
  user.emit('send', { conversationId: conversation._id, clientId: crypto.randomUUID(), message: text });
  await user.next('message');
  return { user, conversationId: conversation._id };
}

describe('the team inbox', () => {
  it('shows a student’s message to the team to every admin who answers, counts it on their badge, and the reply clears both', async () => {
    const sam = f.student.user._id;
    const adminInbox = await InboxClient.open(f.chatAdmin);
    open.push(adminInbox);
    await adminInbox.next('receiveUserNotificationData');
    const { conversationId } = await messageTheTeam(f.student, 'When is my next lesson?');

    let thread: TeamThread | undefined;
    await eventually(async () => {
      thread = await threadOf(f.chatAdmin.token, sam, '');
      expect(thread).toBeDefined();
    });
    expect(thread).toMatchObject({ conversationId, status: 'OPEN', waiting: 1, lastMessage: 'When is my next lesson?', assignee: null });
    expect(thread!.user).toMatchObject({ _id: sam, firstname: f.student.user.firstname });
    expect((await adminInbox.next('receiveUserNotificationData', (frame) => frame.teamWaiting === 1)).teamWaiting).toBe(1);

    const admin = await ChatClient.admin(f.chatAdmin, sam);
    open.push(admin);
    admin.emit('send', { conversationId, clientId: crypto.randomUUID(), message: 'Thursday at 4pm.' });
    await admin.next('message');
    const after = await adminInbox.next('receiveUserNotificationData', (frame) => frame.teamWaiting === 0);
    // The admin's own reply is never unread to them, and Sam's answered question no longer waits.
    expect(after.totalUnseen).toBe(0);
    expect((await threadOf(f.chatAdmin.token, sam))!.waiting).toBe(0);
    admin.emit('list', {});
    const { conversations } = await admin.next('conversations');
    expect(conversations.find((c) => c._id === conversationId)?.unSeenCount).toBe(0);
  });

  it('is assigned to a teammate, marked done, and opened again by the user’s next message', async () => {
    const maya = f.secondStudent.user._id;
    const { user, conversationId } = await messageTheTeam(f.secondStudent, 'Can I change tutor?');
    let found: TeamThread | undefined;
    await eventually(async () => {
      found = await threadOf(f.chatAdmin.token, maya);
      expect(found).toBeDefined();
    });
    const thread = found!;

    await expectFieldError(await update(f.chatAdmin.token, thread._id, { assigneeId: f.student.user._id }), 'assigneeId');
    const assigned = await update(f.chatAdmin.token, thread._id, { assigneeId: f.chatAdmin.user._id });
    expect((await assigned.json<TeamThread>()).assignee).toMatchObject({ _id: f.chatAdmin.user._id, firstname: 'Cara' });
    expect((await teamInbox(f.chatAdmin.token, '?assignee=me')).docs.map((t) => t._id)).toContain(thread._id);
    expect((await teamInbox(f.chatAdmin.token, '?assignee=unassigned')).docs.map((t) => t._id)).not.toContain(thread._id);

    expect((await (await update(f.chatAdmin.token, thread._id, { status: 'DONE' })).json<TeamThread>()).status).toBe('DONE');
    expect((await teamInbox(f.chatAdmin.token)).docs.map((t) => t._id)).not.toContain(thread._id);

    user.emit('send', { conversationId, clientId: crypto.randomUUID(), message: 'One more thing.' });
    await user.next('message');
    await eventually(async () => expect((await threadOf(f.chatAdmin.token, maya, ''))?.status).toBe('OPEN'));
    expect((await threadOf(f.chatAdmin.token, maya))!.waiting).toBe(2);
  });

  it('names a bad change, and answers 404 for a thread that is not this tenant’s', async () => {
    const [thread] = (await teamInbox(f.chatAdmin.token, '?status=ALL')).docs;
    await expectFieldError(await update(f.chatAdmin.token, thread!._id, { status: 'CLOSED' }), 'status');
    await expectFieldError(await update(f.chatAdmin.token, thread!._id, {}), 'status');
    expect((await update(f.chatAdmin.token, 'team_thread_nosuch', { status: 'DONE' })).status).toBe(404);
    await db
      .update(tenants)
      .set({ permissions: { adminCourseChat: ['view'] } })
      .where(eq(tenants._id, f.partner.tenant._id));
    forgetTenants();
    const partnerAdmin = await adminWith({ adminCourseChat: ['view'] }, 'Pax', 'partner');
    const res = await api(
      `/admin/team-inbox/${thread!._id}`,
      { method: 'PUT', headers: bearer(partnerAdmin.token, { 'content-type': 'application/json' }), body: '{"status":"DONE"}' },
      'partner.localhost',
    );
    expect(res.status).toBe(404);
    expect((await teamInbox(partnerAdmin.token, '?status=ALL', 'partner.localhost')).docs).toEqual([]);
  });

  it('is closed to students, tutors and admins without the chat permission, whatever the body', async () => {
    const [thread] = (await teamInbox(f.chatAdmin.token, '?status=ALL')).docs;
    for (const person of [f.student, f.tutor]) {
      expect((await api('/admin/team-inbox', { headers: bearer(person.token) })).status).toBe(403);
      expect((await update(person.token, thread!._id, { nonsense: true })).status).toBe(403);
    }
    expect((await api('/admin/team-inbox')).status).toBe(401);
  });
});
