import { listDurableObjectIds } from 'cloudflare:test';
import { env, exports } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import {
  type ChatMessage,
  type ChatMode,
  type ClientOp,
  type ClientPayload,
  chatAdminRoom,
  chatCourseRoom,
  clientFrame,
  courseRoomObject,
  type InboxServerFrame,
  inboxObject,
  inboxRoom,
  type ParsedServerFrame,
  parseServerFrame,
  type ServerOp,
  type ServerPayload,
} from '../../schema/contracts/chat';
import { tenants } from '../../schema/tables';
import { forgetTenants } from '../../worker/lib/tenant-cache';
import { adminWith, lessonFixture, type Person } from './docs';
import { db, requestTicket, signedInUser } from './realtime';

/** Fixtures and socket clients for the chat rooms and inboxes. */

/** The lesson fixture's course, plus admins who may read every course chat and talk to users in the admin chat. */
export async function chatFixture() {
  const lesson = await lessonFixture();
  await db
    .update(tenants)
    .set({ permissions: { adminCourse: ['view', 'create', 'edit', 'delete'], courseChat: ['view'], adminCourseChat: ['view'] } })
    .where(eq(tenants._id, lesson.tenantId));
  forgetTenants();
  const chatAdmin = await adminWith({ adminCourse: ['view', 'edit'], courseChat: ['view'], adminCourseChat: ['view'] }, 'Cara');
  const secondStudent = await signedInUser({ tenant: 'studyhall', role: 'STUDENT', firstname: 'Maya' });
  return { ...lesson, chatAdmin, secondStudent };
}
export type ChatFixture = Awaited<ReturnType<typeof chatFixture>>;

export async function ticket(person: Person, room: string, host = 'localhost') {
  const res = await requestTicket(person.token, { room }, host);
  expect(res.status).toBe(200);
  return (await res.json<{ ticket: string }>()).ticket;
}

export function upgradeCourse(courseId: string, ticketValue: string | null, opts: { host?: string; editMode?: boolean } = {}) {
  const query = new URLSearchParams();
  if (ticketValue !== null) query.set('ticket', ticketValue);
  if (opts.editMode) query.set('editMode', '1');
  return exports.default.fetch(`http://${opts.host ?? 'localhost'}/api/rt/chat/course/${courseId}?${query}`, { headers: { upgrade: 'websocket' } });
}

export function upgradeAdmin(userId: string, ticketValue: string | null, host = 'localhost') {
  const query = ticketValue === null ? '' : `?ticket=${encodeURIComponent(ticketValue)}`;
  return exports.default.fetch(`http://${host}/api/rt/chat/admin/${userId}${query}`, { headers: { upgrade: 'websocket' } });
}

export function upgradeInbox(ticketValue: string | null, host = 'localhost') {
  const query = ticketValue === null ? '' : `?ticket=${encodeURIComponent(ticketValue)}`;
  return exports.default.fetch(`http://${host}/api/rt/inbox${query}`, { headers: { upgrade: 'websocket' } });
}

export const courseRoomStub = (tenantId: string, courseId: string) => env.CHAT_ROOM.get(env.CHAT_ROOM.idFromName(courseRoomObject(tenantId, courseId)));
export const inboxStub = (tenantId: string, userId: string) => env.USER_INBOX.get(env.USER_INBOX.idFromName(inboxObject(tenantId, userId)));

export async function chatRoomNeverReached(objectName: string) {
  const id = env.CHAT_ROOM.idFromName(objectName);
  return !(await listDurableObjectIds(env.CHAT_ROOM)).some((existing) => existing.equals(id));
}

async function waitFor<T>(frames: T[], waiters: (() => void)[], match: (frame: T) => boolean, what: string, ms: number): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const index = frames.findIndex(match);
    if (index >= 0) return frames.splice(index, 1)[0]!;
    const left = deadline - Date.now();
    if (left <= 0) throw new Error(`no ${what} frame within ${ms} ms; got ${JSON.stringify(frames).slice(0, 2000)}`);
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, left);
      waiters.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }
}

/** A chat socket in a test: frames are parsed with the shared contract and queued by operation. */
export class ChatClient {
  readonly frames: ParsedServerFrame[] = [];
  private readonly waiters: (() => void)[] = [];
  closed = false;

  constructor(
    readonly ws: WebSocket,
    readonly mode: ChatMode,
  ) {
    ws.addEventListener('message', (event) => {
      const parsed = parseServerFrame(mode, JSON.parse(event.data as string));
      if (!parsed.ok) throw new Error(parsed.message);
      this.frames.push(parsed.value);
      for (const wake of this.waiters.splice(0)) wake();
    });
    ws.addEventListener('close', () => {
      this.closed = true;
      for (const wake of this.waiters.splice(0)) wake();
    });
    ws.accept();
  }

  static async course(person: Person, courseId: string, opts: { editMode?: boolean } = {}) {
    const res = await upgradeCourse(courseId, await ticket(person, chatCourseRoom(courseId)), opts);
    expect(res.status).toBe(101);
    return new ChatClient(res.webSocket!, 'user');
  }

  static async admin(person: Person, userId: string) {
    const res = await upgradeAdmin(userId, await ticket(person, chatAdminRoom(userId)));
    expect(res.status).toBe(101);
    return new ChatClient(res.webSocket!, 'admin');
  }

  emit<Op extends ClientOp>(op: Op, payload: ClientPayload<Op>) {
    this.ws.send(JSON.stringify(clientFrame(this.mode, op, payload)));
  }

  async next<Op extends ServerOp>(op: Op, match: (payload: ServerPayload<Op>) => boolean = () => true, ms = 3000): Promise<ServerPayload<Op>> {
    const frame = await waitFor(this.frames, this.waiters, (f) => f.op === op && match(f.payload as unknown as ServerPayload<Op>), op, ms);
    return frame.payload as unknown as ServerPayload<Op>;
  }

  async quiet(op: ServerOp, ms = 200) {
    return this.next(op, () => true, ms).then(
      () => false,
      () => true,
    );
  }

  /** Waits until `count` messages (receiveMessage frames) have arrived in total, returning them in arrival order. */
  async messages(count: number, ms = 10_000): Promise<ChatMessage[]> {
    const deadline = Date.now() + ms;
    for (;;) {
      const got = this.frames.filter((f) => f.op === 'message');
      if (got.length >= count) return got.map((f) => (f.payload as ServerPayload<'message'>).message);
      if (Date.now() > deadline) throw new Error(`only ${got.length} of ${count} messages arrived`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 50);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  close() {
    this.ws.close(1000, 'done');
  }
}

/** The per-user inbox socket in a test. */
export class InboxClient {
  readonly frames: InboxServerFrame[] = [];
  private readonly waiters: (() => void)[] = [];

  constructor(readonly ws: WebSocket) {
    ws.addEventListener('message', (event) => {
      this.frames.push(JSON.parse(event.data as string) as InboxServerFrame);
      for (const wake of this.waiters.splice(0)) wake();
    });
    ws.accept();
  }

  static async open(person: Person, host = 'localhost') {
    const res = await upgradeInbox(await ticket(person, inboxRoom(person.user._id), host), host);
    expect(res.status).toBe(101);
    return new InboxClient(res.webSocket!);
  }

  next<T extends InboxServerFrame['type']>(type: T, match: (frame: Extract<InboxServerFrame, { type: T }>) => boolean = () => true, ms = 3000) {
    return waitFor(this.frames, this.waiters, (f) => f.type === type && match(f as Extract<InboxServerFrame, { type: T }>), type, ms) as Promise<
      Extract<InboxServerFrame, { type: T }>
    >;
  }

  close() {
    this.ws.close(1000, 'done');
  }
}
