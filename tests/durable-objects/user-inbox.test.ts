import { runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { databaseFor } from '../../platform/database';
import { inboxRoom, PRESENCE_GRACE_MS } from '../../schema/contracts/chat';
import { defaultNotificationPreferences } from '../../schema/contracts/notifications';
import { chatPresence, creditEntries, notificationPreferences, pushLog, pushSubscriptions } from '../../schema/tables';
import { runScheduledJobs } from '../../worker/lib/jobs/scheduled';
import { simulatedPayments } from '../../worker/lib/payments/adapter';
import { startCheckout } from '../../worker/lib/payments/checkout';
import { scopedDb } from '../../worker/lib/tenant-db';
import { api } from '../helpers/auth';
import { ChatClient, type ChatFixture, chatFixture, courseRoomStub, InboxClient, inboxStub, ticket, upgradeInbox } from '../helpers/chat';
import { eventually } from '../helpers/docs';
import { purchase, SECRET } from '../helpers/payments';
import { db } from '../helpers/realtime';

let f: ChatFixture;
const sockets: { close(): void }[] = [];

beforeAll(async () => {
  f = await chatFixture();
});

afterEach(() => {
  for (const socket of sockets.splice(0)) socket.close();
});

const presenceOf = (userId: string) => db.select().from(chatPresence).where(eq(chatPresence.userId, userId)).get();

async function inbox(person: ChatFixture['student']) {
  const client = await InboxClient.open(person);
  sockets.push(client);
  return client;
}

/** A conversation in the fixture course between the student and the tutor, with one message from the tutor. */
async function messageFromTutor(text: string) {
  const student = await ChatClient.course(f.student, f.course._id);
  const tutor = await ChatClient.course(f.tutor, f.course._id);
  sockets.push(student, tutor);
  student.emit('start', { users: [f.tutor.user._id] });
  const { conversation } = await student.next('created');
  tutor.emit('send', { conversationId: conversation._id, clientId: crypto.randomUUID(), message: text });
  const { message } = await student.next('message');
  await runDurableObjectAlarm(courseRoomStub(f.tenantId, f.course._id));
  return { student, tutor, conversation, message };
}

describe('happy', () => {
  it('is online while a tab is open, still online within the grace, and nobody 35 s after everyone leaves', async () => {
    const a = await InboxClient.open(f.tutor);
    const b = await InboxClient.open(f.secondStudent);
    const other = await InboxClient.open(f.tutor);
    expect((await presenceOf(f.tutor.user._id))?.isOnline).toBe(true);
    expect((await presenceOf(f.secondStudent.user._id))?.isOnline).toBe(true);

    a.close();
    other.close();
    b.close();
    for (const person of [f.tutor, f.secondStudent]) {
      const stub = inboxStub(f.tenantId, person.user._id);
      const alarm = await eventually(async () => {
        const at = await runInDurableObject(stub, (_instance, state) => state.storage.getAlarm());
        expect(at).not.toBeNull();
      }).then(() => runInDurableObject(stub, (_instance, state) => state.storage.getAlarm()));
      // The grace is timed by an alarm, which fires well inside 35 s of the departure.
      expect(alarm! - Date.now()).toBeLessThanOrEqual(PRESENCE_GRACE_MS);
      expect((await presenceOf(person.user._id))?.isOnline).toBe(true);
      expect(await runDurableObjectAlarm(stub)).toBe(true);
      const after = await presenceOf(person.user._id);
      expect(after?.isOnline).toBe(false);
      expect(after!.lastSeen.getTime()).toBeLessThanOrEqual(Date.now());
    }
  });

  it('stays online when a tab comes back within the grace', async () => {
    const first = await InboxClient.open(f.chatAdmin);
    first.close();
    const stub = inboxStub(f.tenantId, f.chatAdmin.user._id);
    await eventually(async () => expect(await runInDurableObject(stub, (_i, state) => state.storage.getAlarm())).not.toBeNull());
    await inbox(f.chatAdmin);
    expect(await runDurableObjectAlarm(stub)).toBe(false);
    expect((await presenceOf(f.chatAdmin.user._id))?.isOnline).toBe(true);
  });

  it('tells a room when someone goes offline', async () => {
    const { student } = await messageFromTutor('Presence');
    const tutorTab = await InboxClient.open(f.tutor);
    tutorTab.close();
    const stub = inboxStub(f.tenantId, f.tutor.user._id);
    await eventually(async () => expect(await runInDurableObject(stub, (_i, state) => state.storage.getAlarm())).not.toBeNull());
    await runDurableObjectAlarm(stub);
    expect(await student.next('presence', (p) => p.user === f.tutor.user._id && !p.isOnline)).toMatchObject({ isOnline: false });
  });

  it('sends every tab the same unseen badge and the news for a toast, and clears it on reading', async () => {
    const tab1 = await inbox(f.student);
    const tab2 = await inbox(f.student);
    await tab1.next('receiveUserNotificationData');
    const before = (await tab2.next('receiveUserNotificationData')).totalUnseen;
    const { student, conversation, message } = await messageFromTutor('Homework is up');
    for (const tab of [tab1, tab2]) {
      const frame = await tab.next('receiveUserNotificationData', (fr) => fr.news.length > 0);
      expect(frame.totalUnseen).toBe(before + 1);
      expect(frame.news).toEqual([{ title: 'New Message', conversationId: conversation._id, course: f.course._id, lastMessage: 'Homework is up' }]);
      const entry = frame.notifications.find((n) => n._id === conversation._id);
      expect(entry).toMatchObject({ course: f.course._id, lastMessage: 'Homework is up' });
      expect(entry!.unseenCount).toBeGreaterThanOrEqual(1);
    }
    student.emit('status', { conversationId: conversation._id, status: 'SEEN', upToSeq: message.seq });
    await student.next('status');
    await runDurableObjectAlarm(courseRoomStub(f.tenantId, f.course._id));
    for (const tab of [tab1, tab2]) {
      const cleared = await tab.next('receiveUserNotificationData', (fr) => !fr.notifications.some((n) => n._id === conversation._id));
      expect(cleared.news).toEqual([]);
      expect(cleared.totalUnseen).toBeLessThan(before + 1);
    }
  });

  it('loads more notifications from an offset', async () => {
    const tab = await inbox(f.student);
    await tab.next('receiveUserNotificationData');
    tab.ws.send(JSON.stringify({ type: 'chatLoadMoreNotificationData', offset: 0 }));
    expect(await tab.next('receiveUserNotificationDataLoadMore')).toMatchObject({ offset: 0, totalDocs: expect.any(Number) });
  });

  /** A browser subscription for `userId`, so a push to them is sent (or, without VAPID keys, recorded). */
  const subscribeToPush = (userId: string) =>
    db.insert(pushSubscriptions).values({ tenantId: f.tenantId, userId, endpoint: `https://push.example/${crypto.randomUUID()}`, p256dh: 'key', auth: 'auth' });

  it('records the push it would send while the user has no tab open and no VAPID keys are set', async () => {
    await subscribeToPush(f.student.user._id);
    await messageFromTutor('While you were away');
    await eventually(async () => {
      const rows = await db.select().from(pushLog).where(eq(pushLog.userId, f.student.user._id)).all();
      expect(rows.map((r) => [r.title, r.body, r.courseId, r.outcome])).toContainEqual(['New Message', 'While you were away', f.course._id, 'recorded']);
    });
  });

  it('sends no chat push to someone who turned chat pushes off', async () => {
    const preferences = { ...defaultNotificationPreferences(), chat: { inApp: true, email: true, push: false } };
    await db.insert(notificationPreferences).values({ tenantId: f.tenantId, userId: f.student.user._id, preferences });
    // Subscribed, so only the preference stands between the message and a push.
    await subscribeToPush(f.student.user._id);
    await messageFromTutor('Nobody is pushed this');
    await new Promise((resolve) => setTimeout(resolve, 600));
    const rows = await db.select().from(pushLog).where(eq(pushLog.userId, f.student.user._id)).all();
    expect(rows.map((r) => r.body)).not.toContain('Nobody is pushed this');
  });
});

describe('balance news', () => {
  it('tells the student’s open tab when a payment changed their balance, and says nothing of a duplicate', async () => {
    const tab = await inbox(f.secondStudent);
    const student = f.secondStudent.user._id;
    const bought = purchase(student, { payerId: student });
    const { providerSessionId } = await startCheckout(scopedDb(databaseFor(env.DB), f.tenantId), simulatedPayments(SECRET), bought, 'http://localhost');
    expect((await api(`/dev/checkout/${providerSessionId}/pay`, { method: 'POST' })).status).toBe(200);
    expect(await tab.next('creditsChanged')).toEqual({ type: 'creditsChanged', studentId: student });
  });

  it('tells the parent’s tab too, and nobody when a second payment event changes nothing', async () => {
    const [studentTab, parentTab] = await Promise.all([inbox(f.student), inbox(f.parent)]);
    const student = f.student.user._id;
    const bought = purchase(student, { payerId: f.parent.user._id });
    const { providerSessionId } = await startCheckout(scopedDb(databaseFor(env.DB), f.tenantId), simulatedPayments(SECRET), bought, 'http://localhost');
    expect((await api(`/dev/checkout/${providerSessionId}/pay`, { method: 'POST' })).status).toBe(200);
    const news = { type: 'creditsChanged', studentId: student };
    expect(await studentTab.next('creditsChanged')).toEqual(news);
    expect(await parentTab.next('creditsChanged')).toEqual(news);

    await api(`/dev/checkout/${providerSessionId}/pay`, { method: 'POST' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect([...studentTab.frames, ...parentTab.frames].filter((frame) => frame.type === 'creditsChanged')).toEqual([]);
  });

  it('tells the student’s open tab when the scheduled jobs expire their unused time', async () => {
    const tab = await inbox(f.secondStudent);
    const student = f.secondStudent.user._id;
    const now = Date.now();
    await db.insert(creditEntries).values({
      tenantId: f.tenantId,
      studentId: student,
      kind: 'ADJUSTMENT',
      minutes: 30,
      sourceId: `lapsing-${now}`,
      expiresAt: new Date(now - 60_000),
      description: 'Lapsed on purpose',
    });
    await runScheduledJobs(env, now);
    expect(await tab.next('creditsChanged')).toEqual({ type: 'creditsChanged', studentId: student });
  });
});

describe('errors', () => {
  it('answers a frame it does not know with an error', async () => {
    const tab = await inbox(f.tutor);
    await tab.next('receiveUserNotificationData');
    tab.ws.send(JSON.stringify({ type: 'chatLoadMoreNotificationData', offset: -1 }));
    expect((await tab.next('error')).message).toMatch(/offset/);
  });
});

describe('permissions', () => {
  it("refuses a ticket for someone else's inbox and a ticket from another tenant", async () => {
    const other = await ticket(f.student, inboxRoom(f.tutor.user._id));
    expect((await upgradeInbox(other)).status).toBe(401);
    const partner = await ticket(f.partner, inboxRoom(f.partner.user._id), 'partner.localhost');
    expect((await upgradeInbox(partner)).status).toBe(401);
    expect((await upgradeInbox(null)).status).toBe(401);
  });
});
