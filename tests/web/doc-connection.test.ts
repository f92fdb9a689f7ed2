import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as syncProtocol from 'y-protocols/sync';
import * as Y from 'yjs';
import { DocConnection, type LocalStore } from '../../web/features/lesson-rooms/doc-connection';

/**
 * A stand-in for the document room: answers sync step 1 with step 2, stores updates and echoes them to everyone
 * (the echo is the sender's acknowledgement). `hold` keeps incoming frames unanswered, like a slow network.
 */
class FakeRoom {
  doc = new Y.Doc();
  sockets = new Set<FakeSocket>();
  held: [FakeSocket, Uint8Array][] = [];
  hold = false;
  tickets = 0;
  online = true;

  receive(socket: FakeSocket, data: Uint8Array) {
    if (this.hold) {
      this.held.push([socket, data]);
      return;
    }
    const decoder = decoding.createDecoder(data);
    if (decoding.readVarUint(decoder) !== 0) return;
    const type = decoding.readVarUint(decoder);
    if (type === syncProtocol.messageYjsSyncStep1) {
      socket.deliver(this.frame((e) => syncProtocol.writeSyncStep2(e, this.doc, decoding.readVarUint8Array(decoder))));
      return;
    }
    const update = decoding.readVarUint8Array(decoder);
    Y.applyUpdate(this.doc, update);
    const echo = this.frame((e) => syncProtocol.writeUpdate(e, update));
    for (const other of this.sockets) other.deliver(echo);
  }

  release() {
    this.hold = false;
    for (const [socket, data] of this.held.splice(0)) this.receive(socket, data);
  }

  frame(write: (encoder: encoding.Encoder) => void) {
    const encoder = encoding.createEncoder();
    encoding.writeVarUint(encoder, 0);
    write(encoder);
    return encoding.toUint8Array(encoder);
  }

  drop() {
    this.online = false;
    for (const socket of [...this.sockets]) socket.close(1006, 'network gone');
  }
}

let room: FakeRoom;

class FakeSocket {
  binaryType = 'arraybuffer';
  readyState = 0;
  url: string;
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: { code: number; reason: string }) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;

  constructor(url: string) {
    this.url = url;
    queueMicrotask(() => {
      if (!room.online) {
        this.close(1006, 'offline');
        return;
      }
      this.readyState = 1;
      room.sockets.add(this);
      this.onopen?.(new Event('open'));
      this.deliver(room.frame((e) => syncProtocol.writeSyncStep1(e, room.doc)));
    });
  }

  deliver(data: Uint8Array) {
    if (this.readyState !== 1) return;
    const copy = data.slice();
    queueMicrotask(() => this.onmessage?.(new MessageEvent('message', { data: copy.buffer })));
  }

  send(data: Uint8Array) {
    if (this.readyState === 1) room.receive(this, new Uint8Array(data));
  }

  close(code = 1000, reason = '') {
    if (this.readyState === 3) return;
    this.readyState = 3;
    room.sockets.delete(this);
    this.onclose?.({ code, reason });
  }
}

/** The device copy: every update the document saw, replayed into the next document opened under the name. */
const deviceStores = new Map<string, Uint8Array[]>();
function fakeLocalStore(name: string, doc: Y.Doc): LocalStore {
  const saved = deviceStores.get(name) ?? [];
  deviceStores.set(name, saved);
  const store: LocalStore = { whenSynced: Promise.resolve(), destroy: () => doc.off('update', save) };
  const save = (update: Uint8Array) => saved.push(update);
  Y.transact(doc, () => saved.forEach((u) => Y.applyUpdate(doc, u)), store);
  doc.on('update', save);
  return store;
}

const open: DocConnection[] = [];
function connect(name = 'lesson:s1:board') {
  const connection = new DocConnection({
    name,
    serverUrl: 'ws://localhost/api/rt/docs',
    fetchTicket: async () => {
      room.tickets++;
      if (!room.online) throw new Error('offline');
      return `ticket-${room.tickets}`;
    },
    WebSocketImpl: FakeSocket as unknown as typeof WebSocket,
    localStore: fakeLocalStore,
    storage: localStorage,
  });
  open.push(connection);
  return connection;
}

const settle = () => vi.advanceTimersByTimeAsync(3000);

afterEach(() => {
  for (const connection of open.splice(0)) connection.destroy();
  deviceStores.clear();
  vi.useRealTimers();
});

describe('DocConnection', () => {
  it('counts local changes until the room confirms them', async () => {
    vi.useFakeTimers();
    room = new FakeRoom();
    const connection = connect();
    await settle();
    expect(connection.getState().status).toBe('connected');

    room.hold = true;
    const strokes = connection.doc.getArray<string>('strokes');
    strokes.push(['a']);
    strokes.push(['b']);
    strokes.push(['c']);
    expect(connection.getState().pending).toBe(3);
    await settle();
    expect(connection.getState().pending).toBe(3);

    room.release();
    await settle();
    expect(connection.getState().pending).toBe(0);
    expect(room.doc.getArray('strokes').toArray()).toEqual(['a', 'b', 'c']);
  });

  it('keeps editing offline, keeps the count across a reload, and merges on reconnect', async () => {
    vi.useFakeTimers();
    room = new FakeRoom();
    const tutor = connect();
    const student = connect();
    await settle();

    room.drop();
    await settle();
    expect(student.getState().status).toBe('offline');
    student.doc.getText('notes').insert(0, 'offline words');
    tutor.doc.getArray<string>('strokes').push(['tutor stroke']);
    expect(student.getState().pending).toBe(1);

    // The student reloads the page with the network still gone: the device copy and the count come back.
    student.destroy();
    const reloaded = connect();
    await settle();
    expect(reloaded.doc.getText('notes').toString()).toBe('offline words');
    expect(reloaded.getState().pending).toBe(1);
    reloaded.doc.getText('notes').insert(0, 'more ');
    expect(reloaded.getState().pending).toBe(2);

    room.online = true;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(reloaded.getState()).toMatchObject({ status: 'connected', pending: 0 });
    expect(tutor.getState().pending).toBe(0);
    for (const doc of [room.doc, tutor.doc, reloaded.doc]) {
      expect(doc.getText('notes').toString()).toBe('more offline words');
      expect(doc.getArray('strokes').toArray()).toEqual(['tutor stroke']);
    }
  });

  it('asks for a fresh ticket for every connection', async () => {
    vi.useFakeTimers();
    room = new FakeRoom();
    const connection = connect();
    await settle();
    const first = [...room.sockets][0]!.url;
    room.drop();
    room.online = true;
    await vi.advanceTimersByTimeAsync(10_000);
    const second = [...room.sockets][0]!.url;
    expect(first).toMatch(/ticket=ticket-\d+$/);
    expect(second).toMatch(/ticket=ticket-\d+$/);
    expect(second).not.toBe(first);
    expect(connection.getState().status).toBe('connected');
  });

  it('says offline, not connecting, when the browser says it is online and nothing gets through', async () => {
    vi.useFakeTimers();
    room = new FakeRoom();
    room.online = false;
    const connection = connect();
    expect(connection.getState().status).toBe('connecting');
    await vi.advanceTimersByTimeAsync(3_000);
    expect(connection.getState().status).toBe('offline');
    const seen = new Set<string>();
    connection.subscribe(() => seen.add(connection.getState().status));
    await vi.advanceTimersByTimeAsync(30_000);
    expect(room.tickets).toBeGreaterThan(2);
    expect([...seen]).toEqual(['offline']);
    room.online = true;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(connection.getState().status).toBe('connected');
  });
});
