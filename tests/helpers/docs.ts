import { listDurableObjectIds } from 'cloudflare:test';
import { env, exports } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import * as decoding from 'lib0/decoding';
import { expect } from 'vitest';
import { WebsocketProvider } from 'y-websocket';
import * as Y from 'yjs';
import { DOC_MESSAGE_NOTICE, type DocNotice, docRoomName, lessonDocName } from '../../schema/contracts/realtime';
import { courseStudents, courses, courseTutors, roles, sections, tenants, tutorRoles, userMappers, users } from '../../schema/tables';
import { forgetTenants } from '../../worker/lib/tenant-cache';
import { db, requestTicket, signedInUser } from './realtime';

/** Fixtures for the document rooms: a lesson with its members, people outside it, and stock y-websocket clients. */

export type Person = Awaited<ReturnType<typeof signedInUser>>;

export async function adminWith(permissions: Record<string, string[]>, firstname: string, tenant: 'studyhall' | 'partner' = 'studyhall') {
  const person = await signedInUser({ tenant, role: 'ADMIN', firstname });
  const role = await db
    .insert(roles)
    .values({ tenantId: person.tenant._id, name: `${firstname} ${crypto.randomUUID()}`, permissions })
    .returning()
    .get();
  await db.update(users).set({ adminRoleId: role._id }).where(eq(users._id, person.user._id));
  return person;
}

/** A course with one lesson, an enrolled student, an enabled tutor, admins who may edit or only view courses. */
export async function lessonFixture() {
  const student = await signedInUser({ tenant: 'studyhall', role: 'STUDENT', firstname: 'Sara', lastname: 'Lim' });
  const tenantId = student.tenant._id;
  await db
    .update(tenants)
    .set({ permissions: { adminCourse: ['view', 'create', 'edit', 'delete'] } })
    .where(eq(tenants._id, tenantId));
  forgetTenants();
  const tutor = await signedInUser({ tenant: 'studyhall', role: 'TUTOR', firstname: 'Tomas', lastname: 'Ng' });
  const outsider = await signedInUser({ tenant: 'studyhall', role: 'STUDENT', firstname: 'Otto' });
  const disabledTutor = await signedInUser({ tenant: 'studyhall', role: 'TUTOR', firstname: 'Dora' });
  const partner = await signedInUser({ tenant: 'partner', role: 'STUDENT', firstname: 'Pia' });
  const parent = await signedInUser({ tenant: 'studyhall', role: 'PARENT', firstname: 'Pat' });
  await db.insert(userMappers).values({ tenantId, parentId: parent.user._id, studentId: student.user._id });
  const editingAdmin = await adminWith({ adminCourse: ['view', 'edit'] }, 'Eddie');
  const viewingAdmin = await adminWith({ adminCourse: ['view'] }, 'Vera');
  const plainAdmin = await adminWith({ adminUser: ['view'] }, 'Paul');

  const course = await db
    .insert(courses)
    .values({
      tenantId,
      title: 'Algebra',
      kind: 'One-to-One',
      isOneToOne: true,
      paymentType: 'ONETIME',
      curriculum: 'IB',
      subject: 'Maths',
      grade: '10',
      createdBy: tutor.user._id,
    })
    .returning()
    .get();
  const addSection = () =>
    db
      .insert(sections)
      .values({
        tenantId,
        courseId: course._id,
        sortingKey: 1,
        kind: 'ZOOM',
        title: 'Lesson',
        start: new Date(),
        duration: 60,
        lessonKind: 'LESSON',
        createdBy: tutor.user._id,
      })
      .returning()
      .get();
  const section = await addSection();
  await db.insert(courseStudents).values({ tenantId, courseId: course._id, userId: student.user._id, paymentType: 'ONETIME' });
  const tutorRole = await db
    .insert(tutorRoles)
    .values({ tenantId, name: `Editor ${crypto.randomUUID()}`, permissions: { COURSE: ['view'] } })
    .returning()
    .get();
  await db.insert(courseTutors).values([
    { tenantId, courseId: course._id, userId: tutor.user._id, type: 'PRIMARY', tutorRoleId: tutorRole._id },
    { tenantId, courseId: course._id, userId: disabledTutor.user._id, type: 'SUBSTITUTE', status: 'DISABLE', tutorRoleId: tutorRole._id },
  ]);
  return { tenantId, course, section, addSection, student, tutor, outsider, disabledTutor, partner, parent, editingAdmin, viewingAdmin, plainAdmin };
}
export type LessonFixture = Awaited<ReturnType<typeof lessonFixture>>;

export const boardOf = (sectionId: string) => lessonDocName(sectionId, 'board');
export const notesOf = (sectionId: string) => lessonDocName(sectionId, 'notes');

export const roomStub = (tenantId: string, name: string) => env.DOC_ROOM.get(env.DOC_ROOM.idFromName(`${tenantId}:${name}`));

export async function roomNeverReached(tenantId: string, name: string) {
  const id = env.DOC_ROOM.idFromName(`${tenantId}:${name}`);
  return !(await listDurableObjectIds(env.DOC_ROOM)).some((existing) => existing.equals(id));
}

export async function docTicket(token: string, name: string, host = 'localhost') {
  const res = await requestTicket(token, { room: docRoomName(name) }, host);
  expect(res.status).toBe(200);
  return (await res.json<{ ticket: string }>()).ticket;
}

export function openDoc(name: string, ticket: string | null, host = 'localhost') {
  const query = ticket === null ? '' : `?ticket=${encodeURIComponent(ticket)}`;
  return exports.default.fetch(`http://${host}/api/rt/docs/${name}${query}`, { headers: { upgrade: 'websocket' } });
}

type Listener = ((event: never) => void) | null;
type WebSocketPolyfill = NonNullable<NonNullable<ConstructorParameters<typeof WebsocketProvider>[3]>['WebSocketPolyfill']>;

/**
 * A browser-like WebSocket for the stock WebsocketProvider inside workerd: each connection first trades the access
 * token for a fresh single-use ticket (as the web client does), then upgrades through the Worker's own fetch.
 */
export function ticketedWebSocket(token: string, host = 'localhost'): WebSocketPolyfill {
  class TicketedWebSocket {
    static readonly CONNECTING = 0;
    static readonly OPEN = 1;
    static readonly CLOSING = 2;
    static readonly CLOSED = 3;
    readonly CONNECTING = 0;
    readonly OPEN = 1;
    readonly CLOSING = 2;
    readonly CLOSED = 3;
    readyState = 0;
    binaryType = 'arraybuffer';
    onopen: Listener = null;
    onmessage: Listener = null;
    onclose: Listener = null;
    onerror: Listener = null;
    private socket: WebSocket | null = null;

    constructor(url: string) {
      void this.connect(url);
    }

    private emit(listener: Listener, event: unknown) {
      (listener as ((event: unknown) => void) | null)?.(event);
    }

    private async connect(url: string) {
      const target = new URL(url.replace(/^ws/, 'http'));
      const name = decodeURIComponent(target.pathname.split('/').at(-1)!);
      const ticket = await requestTicket(token, { room: docRoomName(name) }, host);
      if (ticket.ok) target.searchParams.set('ticket', (await ticket.json<{ ticket: string }>()).ticket);
      const res = await exports.default.fetch(target.toString(), { headers: { upgrade: 'websocket' } });
      const socket = res.webSocket;
      if (!socket) {
        this.readyState = this.CLOSED;
        this.emit(this.onerror, new Event('error'));
        this.emit(this.onclose, { code: 1006, reason: `HTTP ${res.status}` });
        return;
      }
      socket.accept();
      if (this.readyState !== this.CONNECTING) {
        socket.close(1000, 'closed while connecting');
        return;
      }
      socket.binaryType = 'arraybuffer';
      socket.addEventListener('message', (event) => this.emit(this.onmessage, event));
      socket.addEventListener('close', (event) => {
        this.readyState = this.CLOSED;
        this.emit(this.onclose, { code: event.code, reason: event.reason });
      });
      socket.addEventListener('error', (event) => this.emit(this.onerror, event));
      this.socket = socket;
      this.readyState = this.OPEN;
      this.emit(this.onopen, new Event('open'));
    }

    send(data: ArrayBufferLike | ArrayBufferView | string) {
      this.socket?.send(data as ArrayBuffer);
    }

    close(code = 1000, reason = '') {
      if (this.readyState === this.CLOSED) return;
      this.readyState = this.CLOSING;
      this.socket?.close(code, reason);
    }
  }
  return TicketedWebSocket as unknown as WebSocketPolyfill;
}

/** A stock y-websocket client on a fresh Y.Doc, with the room's notices and close events collected for asserts. */
export function connectClient(person: Person, name: string, opts: { doc?: Y.Doc; host?: string } = {}) {
  const doc = opts.doc ?? new Y.Doc();
  const provider = new WebsocketProvider('ws://localhost/api/rt/docs', name, doc, {
    WebSocketPolyfill: ticketedWebSocket(person.token, opts.host),
    disableBc: true,
  });
  const notices: DocNotice[] = [];
  provider.messageHandlers[DOC_MESSAGE_NOTICE] = (_encoder, decoder) => {
    notices.push(JSON.parse(decoding.readVarString(decoder)) as DocNotice);
  };
  const denied: string[] = [];
  provider.messageHandlers[2] = (_encoder, decoder) => {
    decoding.readVarUint(decoder);
    denied.push(decoding.readVarString(decoder));
  };
  const closes: { code: number; reason: string }[] = [];
  provider.on('connection-close', (event) => {
    if (event) closes.push({ code: event.code, reason: event.reason });
  });
  return { doc, provider, notices, denied, closes };
}
export type Client = ReturnType<typeof connectClient>;

/** Waits (up to `ms`) until `check` passes; the last failure is rethrown so the assertion reads naturally. */
export async function eventually(check: () => void | Promise<void>, ms = 3000) {
  const deadline = Date.now() + ms;
  for (;;) {
    try {
      await check();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}

export const synced = (client: Client) => eventually(() => expect(client.provider.synced).toBe(true));

/**
 * Stock clients on a lesson's documents that keep what the room sends them on one extra message type (recording
 * frames, control notices), each read by `read` as it arrives. `closeAll` (an afterEach) disconnects those still open.
 */
export function roomClients<T>(messageType: number, read: (text: string) => T) {
  const open: Client[] = [];
  async function join(person: Person, name: string): Promise<RoomClient<T>> {
    const c = connectClient(person, name);
    const frames: T[] = [];
    c.provider.messageHandlers[messageType] = (_encoder, decoder) => {
      frames.push(read(decoding.readVarString(decoder)));
    };
    open.push(c);
    await synced(c);
    return { ...c, frames, last: () => frames.at(-1) };
  }
  /** Disconnects one client now, as a closed tab would. */
  function leave(c: Client) {
    c.provider.destroy();
    const index = open.findIndex((o) => o.provider === c.provider);
    if (index >= 0) open.splice(index, 1);
  }
  function closeAll() {
    for (const c of open.splice(0)) c.provider.destroy();
  }
  return { join, leave, closeAll };
}
export type RoomClient<T> = Client & { frames: T[]; last: () => T | undefined };
