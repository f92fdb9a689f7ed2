import { createExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { NotificationEntry, PushConfig } from '../../schema/contracts/chat';
import type { ListResponse } from '../../schema/contracts/common';
import { chatConversations, chatMembers, pushSubscriptions } from '../../schema/tables';
import { app } from '../../worker/app';
import type { Env } from '../../worker/env';
import { api, bearer, expectFieldError, postJson } from '../helpers/auth';
import { db, signedInUser } from '../helpers/realtime';

type Person = Awaited<ReturnType<typeof signedInUser>>;
let sam: Person;
let maya: Person;
let partner: Person;
let guest: Person;

const subscription = (endpoint = `https://push.example/${crypto.randomUUID()}`) => ({ token: { endpoint, keys: { p256dh: 'BPkey', auth: 'authkey' } } });
const subscriptionsOf = (userId: string) => db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId)).all();

/** Three conversations of Sam's in D1, two with unseen messages, as the rooms' flush leaves them. */
async function summaries(person: Person) {
  const tenantId = person.tenant._id;
  const rows = [
    { _id: crypto.randomUUID(), lastMessageTime: new Date('2031-01-01T10:00:00Z'), lastMessage: 'Older', unseen: 2 },
    { _id: crypto.randomUUID(), lastMessageTime: new Date('2031-01-02T10:00:00Z'), lastMessage: 'Newer', unseen: 1 },
    { _id: crypto.randomUUID(), lastMessageTime: new Date('2031-01-03T10:00:00Z'), lastMessage: 'Read', unseen: 0 },
  ];
  for (const row of rows) {
    await db
      .insert(chatConversations)
      .values({ _id: row._id, tenantId, room: 'course:c1', courseId: 'c1', lastMessageTime: row.lastMessageTime, lastMessage: row.lastMessage });
    await db.insert(chatMembers).values({ tenantId, conversationId: row._id, userId: person.user._id, unseenCount: row.unseen });
  }
  return rows;
}

beforeAll(async () => {
  sam = await signedInUser({ tenant: 'studyhall', role: 'STUDENT', firstname: 'Sam' });
  maya = await signedInUser({ tenant: 'studyhall', role: 'STUDENT', firstname: 'Maya' });
  partner = await signedInUser({ tenant: 'partner', role: 'STUDENT', firstname: 'Pia' });
  guest = await signedInUser({ tenant: 'studyhall', role: 'GUEST', firstname: 'Guest' });
});

describe('GET /chat/notifications', () => {
  describe('happy', () => {
    it('lists conversations with unseen messages, latest first, with load-more by offset', async () => {
      const rows = await summaries(sam);
      const first = await api('/chat/notifications?limit=1', { headers: bearer(sam.token) });
      expect(first.status).toBe(200);
      const page = await first.json<ListResponse<NotificationEntry>>();
      expect(page).toMatchObject({ totalDocs: 2, limit: 1, offset: 0 });
      expect(page.docs).toEqual([
        { _id: rows[1]!._id, unseenCount: 1, course: 'c1', lastMessageSentAt: '2031-01-02T10:00:00.000Z', lastMessage: 'Newer', adminChatUser: null },
      ]);
      const more = await (await api('/chat/notifications?limit=1&offset=1', { headers: bearer(sam.token) })).json<ListResponse<NotificationEntry>>();
      expect(more.docs.map((d) => d.lastMessage)).toEqual(['Older']);
    });

    it("names the user of an admin chat for the admin, so the entry opens that user's page, and not for the user", async () => {
      const subject = await signedInUser({ tenant: 'studyhall', role: 'STUDENT', firstname: 'Sid' });
      const admin = await signedInUser({ tenant: 'studyhall', role: 'ADMIN', firstname: 'Ada' });
      const tenantId = subject.tenant._id;
      const conversationId = crypto.randomUUID();
      await db.insert(chatConversations).values({
        _id: conversationId,
        tenantId,
        room: `admin:${subject.user._id}`,
        courseId: null,
        lastMessageTime: new Date(),
        lastMessage: 'Hello from the team',
      });
      for (const person of [subject, admin]) await db.insert(chatMembers).values({ tenantId, conversationId, userId: person.user._id, unseenCount: 1 });
      const entryOf = async (person: Person) =>
        (await (await api('/chat/notifications', { headers: bearer(person.token) })).json<ListResponse<NotificationEntry>>()).docs[0];
      expect(await entryOf(subject)).toMatchObject({ _id: conversationId, course: null, adminChatUser: null });
      expect(await entryOf(admin)).toMatchObject({ _id: conversationId, course: null, adminChatUser: subject.user._id });
    });
  });

  describe('errors', () => {
    it('names the field of a bad page', async () => {
      await expectFieldError(await api('/chat/notifications?limit=0', { headers: bearer(sam.token) }), 'limit');
      await expectFieldError(await api('/chat/notifications?offset=-1', { headers: bearer(sam.token) }), 'offset');
    });
  });

  describe('permissions', () => {
    it('needs a signed-in account, shows only your own, and nothing from another tenant', async () => {
      expect((await api('/chat/notifications')).status).toBe(401);
      expect((await api('/chat/notifications', { headers: bearer(guest.token) })).status).toBe(403);
      await summaries(maya);
      const mine = await (await api('/chat/notifications', { headers: bearer(sam.token) })).json<ListResponse<NotificationEntry>>();
      expect(mine.docs.every((d) => d.lastMessage !== 'Read')).toBe(true);
      expect(mine.totalDocs).toBe(2);
      const theirs = await (await api('/chat/notifications', { headers: bearer(partner.token) }, 'partner.localhost')).json<ListResponse<NotificationEntry>>();
      expect(theirs.totalDocs).toBe(0);
    });
  });
});

describe('POST /fcm-token and DELETE /fcm-token/{id}', () => {
  describe('happy', () => {
    it('stores the push subscription once per browser and removes it', async () => {
      const body = subscription();
      const created = await postJson('/fcm-token', body, { headers: bearer(sam.token) });
      expect(created.status).toBe(201);
      const { _id } = await created.json<{ _id: string }>();
      expect((await postJson('/fcm-token', body, { headers: bearer(sam.token) })).status).toBe(201);
      expect((await subscriptionsOf(sam.user._id)).filter((s) => s.endpoint === body.token.endpoint)).toHaveLength(1);
      const removed = await api(`/fcm-token/${_id}`, { method: 'DELETE', headers: bearer(sam.token) });
      expect(removed.status).toBe(200);
      expect((await subscriptionsOf(sam.user._id)).some((s) => s._id === _id)).toBe(false);
    });
  });

  describe('errors', () => {
    it('names the field of a bad subscription and stores nothing', async () => {
      const before = await subscriptionsOf(sam.user._id);
      await expectFieldError(
        await postJson('/fcm-token', { token: { endpoint: 'not a url', keys: { p256dh: 'k', auth: 'a' } } }, { headers: bearer(sam.token) }),
        'token.endpoint',
      );
      await expectFieldError(
        await postJson('/fcm-token', { token: { endpoint: 'https://push.example/x', keys: { p256dh: '', auth: 'a' } } }, { headers: bearer(sam.token) }),
        'token.keys.p256dh',
      );
      expect(await subscriptionsOf(sam.user._id)).toEqual(before);
    });

    it('answers 404 for an unknown id', async () => {
      expect((await api('/fcm-token/nosuch', { method: 'DELETE', headers: bearer(sam.token) })).status).toBe(404);
    });
  });

  describe('permissions', () => {
    it("refuses the signed-out and guests, and cannot remove another user's or another tenant's subscription", async () => {
      expect((await postJson('/fcm-token', subscription())).status).toBe(401);
      expect((await postJson('/fcm-token', subscription(), { headers: bearer(guest.token) })).status).toBe(403);
      const { _id } = await (await postJson('/fcm-token', subscription(), { headers: bearer(sam.token) })).json<{ _id: string }>();
      expect((await api(`/fcm-token/${_id}`, { method: 'DELETE', headers: bearer(maya.token) })).status).toBe(404);
      expect((await api(`/fcm-token/${_id}`, { method: 'DELETE', headers: bearer(partner.token) }, 'partner.localhost')).status).toBe(404);
      expect((await subscriptionsOf(sam.user._id)).some((s) => s._id === _id)).toBe(true);
    });
  });
});

describe('GET /push/config', () => {
  const vapid = { VAPID_PUBLIC_KEY: 'BPublicKeyOfThisDeployment', VAPID_PRIVATE_KEY: 'private', VAPID_SUBJECT: 'mailto:ops@studyhall.test' };
  const configured = (token: string, keys: Partial<Env>) =>
    app.fetch(new Request('http://localhost/api/push/config', { headers: bearer(token) }), { ...(env as unknown as Env), ...keys }, createExecutionContext());

  describe('happy', () => {
    it('gives the VAPID public key when push is configured', async () => {
      const res = await configured(sam.token, vapid);
      expect(res.status).toBe(200);
      expect(await res.json<PushConfig>()).toEqual({ vapidPublicKey: 'BPublicKeyOfThisDeployment' });
    });

    it('says push is not configured without the keys (local and test)', async () => {
      const res = await api('/push/config', { headers: bearer(sam.token) });
      expect(res.status).toBe(200);
      expect(await res.json<PushConfig>()).toEqual({ vapidPublicKey: null });
    });
  });

  describe('errors', () => {
    it('reports no push when only the public key is set, since nothing could be sent', async () => {
      expect(await (await configured(sam.token, { VAPID_PUBLIC_KEY: vapid.VAPID_PUBLIC_KEY })).json<PushConfig>()).toEqual({ vapidPublicKey: null });
    });
  });

  describe('permissions', () => {
    it('refuses the signed-out and guests, who get no push', async () => {
      expect((await api('/push/config')).status).toBe(401);
      expect((await configured(guest.token, vapid)).status).toBe(403);
    });
  });
});
