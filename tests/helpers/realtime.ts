import { env, exports } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/d1';
import { expect } from 'vitest';
import { type WaitingRoomServerFrame, waitingRoomName } from '../../schema/contracts/realtime';
import * as tables from '../../schema/tables';
import { type RoleName, sessions, tenants, users } from '../../schema/tables';
import { signAccessToken } from '../../worker/lib/access-tokens';

/** Fixtures for the real-time tests: tenants, users with live sessions, tickets and socket clients. */

export const db = drizzle(env.DB, { schema: tables });

const tenantRows = {
  studyhall: { key: 'studyhall', domain: 'localhost', name: 'Studyhall' },
  partner: { key: 'partner', domain: 'partner.localhost', name: 'BrightPath Tutors' },
};

export async function tenantFor(key: keyof typeof tenantRows) {
  const row = tenantRows[key];
  const existing = await db.select().from(tenants).where(eq(tenants.key, row.key)).get();
  if (existing) return existing;
  return db
    .insert(tenants)
    .values({ ...row, permissions: {} })
    .returning()
    .get();
}

export async function signedInUser(opts: { tenant: keyof typeof tenantRows; role: RoleName; firstname: string; lastname?: string }) {
  const tenant = await tenantFor(opts.tenant);
  const user = await db
    .insert(users)
    .values({
      tenantId: tenant._id,
      role: opts.role,
      firstname: opts.firstname,
      lastname: opts.lastname ?? 'Test',
      email: `${crypto.randomUUID()}@studyhall.test`,
    })
    .returning()
    .get();
  const session = await db
    .insert(sessions)
    .values({ tenantId: tenant._id, userId: user._id, authType: 'login', expiresAt: new Date(Date.now() + 3_600_000) })
    .returning()
    .get();
  const { token } = await signAccessToken(env.TOKEN_SECRET, {
    sub: user._id,
    tid: tenant._id,
    sid: session._id,
    role: opts.role,
    guest: opts.role === 'GUEST',
  });
  return { tenant, user, token };
}

export const uniqueWaitingId = () => `w${crypto.randomUUID().replaceAll('-', '')}`;

export function requestTicket(token: string, body: unknown, host = 'localhost') {
  return exports.default.fetch(`http://${host}/api/rt/tickets`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

export async function ticketFor(token: string, waitingId: string) {
  const res = await requestTicket(token, { room: waitingRoomName(waitingId) });
  expect(res.status).toBe(200);
  return (await res.json<{ ticket: string }>()).ticket;
}

export function upgrade(waitingId: string, ticket: string | null, host = 'localhost') {
  const query = ticket === null ? '' : `?ticket=${encodeURIComponent(ticket)}`;
  return exports.default.fetch(`http://${host}/api/rt/waiting-room/${waitingId}${query}`, { headers: { upgrade: 'websocket' } });
}

/** A client socket that queues every frame, so a test can await the next one of a given type. */
export class RoomClient {
  private readonly frames: (WaitingRoomServerFrame | string)[] = [];
  private waiters: (() => void)[] = [];

  constructor(readonly ws: WebSocket) {
    // workerd test sockets deliver binary frames as Blob unless told otherwise.
    ws.binaryType = 'arraybuffer';
    ws.addEventListener('message', (event) => {
      const data = event.data as string;
      this.frames.push(data === 'pong' ? data : (JSON.parse(data) as WaitingRoomServerFrame));
      for (const wake of this.waiters.splice(0)) wake();
    });
    ws.accept();
  }

  static async open(waitingId: string, token: string) {
    const res = await upgrade(waitingId, await ticketFor(token, waitingId));
    expect(res.status).toBe(101);
    if (!res.webSocket) throw new Error('no webSocket on the 101 response');
    return new RoomClient(res.webSocket);
  }

  /** Objects go as JSON text; strings and bytes go as they are. */
  send(frame: object | string | Uint8Array) {
    this.ws.send(typeof frame === 'string' || frame instanceof Uint8Array ? frame : JSON.stringify(frame));
  }

  /** Resolves with the first queued frame matching `type` (removing it), waiting up to `ms`. */
  async next<T extends WaitingRoomServerFrame['type'] | 'pong'>(type: T, ms = 2000) {
    const deadline = Date.now() + ms;
    for (;;) {
      const index = this.frames.findIndex((f) => (typeof f === 'string' ? f : f.type) === type);
      if (index >= 0) return this.frames.splice(index, 1)[0] as T extends 'pong' ? string : Extract<WaitingRoomServerFrame, { type: T }>;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no ${type} frame within ${ms} ms; got ${JSON.stringify(this.frames)}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** True when no frame of `type` arrives within `ms`. */
  async quiet(type: WaitingRoomServerFrame['type'], ms = 200) {
    return this.next(type, ms).then(
      () => false,
      () => true,
    );
  }

  close() {
    this.ws.close(1000, 'done');
  }
}
