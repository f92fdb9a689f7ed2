import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { pushToUser } from '../../platform/push';
import type { NewMessageNotice } from '../../schema/contracts/chat';
import { chatConversations, pushLog, pushSubscriptions } from '../../schema/tables';
import type { Env } from '../../worker/env';
import { db, signedInUser } from '../helpers/realtime';

type Person = Awaited<ReturnType<typeof signedInUser>>;

const b64url = (bytes: ArrayBuffer | Uint8Array) =>
  btoa(String.fromCharCode(...new Uint8Array(bytes)))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');
const text = (value: string) => new TextEncoder().encode(value);

/** A browser's side of Web Push: its ECDH key pair and auth secret, and RFC 8291 decryption of what arrives. */
async function browserKeys() {
  const pair = (await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, ['deriveBits'])) as CryptoKeyPair;
  const publicBytes = new Uint8Array((await crypto.subtle.exportKey('raw', pair.publicKey)) as ArrayBuffer);
  const auth = crypto.getRandomValues(new Uint8Array(16));
  const hkdf = async (salt: Uint8Array, ikm: ArrayBuffer | Uint8Array, info: Uint8Array, bytes: number) =>
    crypto.subtle.deriveBits(
      { name: 'HKDF', hash: 'SHA-256', salt, info },
      await crypto.subtle.importKey('raw', ikm, 'HKDF', false, ['deriveBits']),
      bytes * 8,
    );
  async function decrypt(body: Uint8Array) {
    const salt = body.slice(0, 16);
    const keyLength = body[20]!;
    const serverPublic = body.slice(21, 21 + keyLength);
    const server = await crypto.subtle.importKey('raw', serverPublic, { name: 'ECDH', namedCurve: 'P-256' }, false, []);
    // Web Crypto's ECDH parameter is `public`; the Workers type names it differently.
    const shared = await crypto.subtle.deriveBits({ name: 'ECDH', public: server } as unknown as SubtleCryptoDeriveKeyAlgorithm, pair.privateKey, 256);
    const ikm = await hkdf(auth, shared, new Uint8Array([...text('WebPush: info\0'), ...publicBytes, ...serverPublic]), 32);
    const cek = await hkdf(salt, ikm, text('Content-Encoding: aes128gcm\0'), 16);
    const nonce = await hkdf(salt, ikm, text('Content-Encoding: nonce\0'), 12);
    const key = await crypto.subtle.importKey('raw', cek, 'AES-GCM', false, ['decrypt']);
    const padded = new Uint8Array(await crypto.subtle.decrypt({ name: 'AES-GCM', iv: new Uint8Array(nonce) }, key, body.slice(21 + keyLength)));
    return JSON.parse(new TextDecoder().decode(padded.slice(0, padded.lastIndexOf(2)))) as unknown;
  }
  return { keys: { p256dh: b64url(publicBytes), auth: b64url(auth) }, decrypt };
}

async function vapidKeys() {
  const pair = (await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign', 'verify'])) as CryptoKeyPair;
  const jwk = (await crypto.subtle.exportKey('jwk', pair.privateKey)) as JsonWebKey;
  return {
    VAPID_PUBLIC_KEY: b64url((await crypto.subtle.exportKey('raw', pair.publicKey)) as ArrayBuffer),
    VAPID_PRIVATE_KEY: jwk.d!,
    VAPID_SUBJECT: 'mailto:ops@studyhall.test',
  };
}

let subject: Person;
let admin: Person;
let configured: Env;

beforeAll(async () => {
  subject = await signedInUser({ tenant: 'studyhall', role: 'STUDENT', firstname: 'Sam' });
  admin = await signedInUser({ tenant: 'studyhall', role: 'ADMIN', firstname: 'Ada' });
  configured = { ...(env as unknown as Env), ...(await vapidKeys()) };
});

afterEach(() => vi.restoreAllMocks());

/** An admin-chat conversation about `subject`, and a browser subscribed for `recipient`. */
async function setUp(recipient: Person) {
  const conversationId = crypto.randomUUID();
  await db
    .insert(chatConversations)
    .values({ _id: conversationId, tenantId: subject.tenant._id, room: `admin:${subject.user._id}`, courseId: null, lastMessage: 'Hi' });
  const browser = await browserKeys();
  const endpoint = `https://push.example/${crypto.randomUUID()}`;
  await db.insert(pushSubscriptions).values({ tenantId: recipient.tenant._id, userId: recipient.user._id, endpoint, ...browser.keys });
  const notice: NewMessageNotice = { title: 'New Message', conversationId, course: null, lastMessage: 'Your invoice is ready' };
  const owner = { tenantId: recipient.tenant._id, userId: recipient.user._id };
  return { conversationId, browser, endpoint, notice, owner };
}

function pushService(status: number) {
  const received: { url: string; headers: Headers; body: Uint8Array }[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    received.push({ url: String(input), headers: new Headers(init?.headers), body: new Uint8Array(init?.body as ArrayBuffer) });
    return new Response(null, { status });
  });
  return received;
}

const logOf = (person: Person) => db.select().from(pushLog).where(eq(pushLog.userId, person.user._id)).all();

describe('sending a push with VAPID keys', () => {
  describe('happy', () => {
    it("delivers the spec's push, encrypted for the browser, naming what a click opens", async () => {
      const { conversationId, browser, endpoint, notice, owner } = await setUp(admin);
      const received = pushService(201);
      await pushToUser(configured, owner, notice);
      expect(received).toHaveLength(1);
      expect(received[0]!.url).toBe(endpoint);
      expect(received[0]!.headers.get('authorization')).toMatch(/^vapid t=.+, k=/);
      expect(received[0]!.headers.get('content-encoding')).toBe('aes128gcm');
      expect(await browser.decrypt(received[0]!.body)).toEqual({
        notification: { title: 'New Message', body: 'Your invoice is ready', data: { courseId: null, conversationId, adminChatUser: subject.user._id } },
      });
      expect((await logOf(admin)).map((row) => row.outcome)).toContain('sent');
    });

    it('names no admin-chat user in a push to the user the chat is about: it is their own team messages', async () => {
      const { browser, notice, owner } = await setUp(subject);
      const received = pushService(201);
      await pushToUser(configured, owner, notice);
      expect(await browser.decrypt(received[0]!.body)).toMatchObject({ notification: { data: { adminChatUser: null } } });
    });
  });

  describe('errors', () => {
    it('drops a subscription the push service says is gone, and logs the failure', async () => {
      const { endpoint, notice, owner } = await setUp(admin);
      pushService(410);
      await pushToUser(configured, owner, notice);
      expect(await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint)).all()).toEqual([]);
      expect((await logOf(admin)).map((row) => row.outcome)).toContain('failed');
    });
  });

  describe('permissions', () => {
    it("sends only to the recipient's own subscriptions", async () => {
      const other = await setUp(subject);
      const { endpoint, notice, owner } = await setUp(admin);
      const received = pushService(201);
      await pushToUser(configured, owner, notice);
      expect(received.map((r) => r.url)).not.toContain(other.endpoint);
      expect(received.map((r) => r.url)).toContain(endpoint);
    });
  });
});
