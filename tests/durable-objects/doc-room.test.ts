import { evictDurableObject, runInDurableObject } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import * as syncProtocol from 'y-protocols/sync';
import * as Y from 'yjs';
import { COMPACT_AT_UPDATES, COMPACT_QUIET_MS, READ_ONLY_REASON } from '../../durable-objects/doc-room';
import { readAwarenessUpdate } from '../../durable-objects/lib/doc-awareness';
import { decodeHistory } from '../../platform/realtime/doc-history';
import { DOC_CLOSE_FULL, DOC_FULL_REASON, DOC_LIMIT_BYTES } from '../../schema/contracts/realtime';
import {
  boardOf,
  type Client,
  connectClient,
  docTicket,
  eventually,
  type LessonFixture,
  lessonFixture,
  notesOf,
  openDoc,
  type Person,
  roomStub,
  synced,
} from '../helpers/docs';

let lesson: LessonFixture;
const clients: Client[] = [];

beforeAll(async () => {
  lesson = await lessonFixture();
});

afterEach(() => {
  for (const c of clients.splice(0)) c.provider.destroy();
});

async function client(person: Person, name: string) {
  const c = connectClient(person, name);
  clients.push(c);
  await synced(c);
  return c;
}

function leave(c: Client) {
  c.provider.destroy();
  clients.splice(clients.indexOf(c), 1);
}

/** A document name no other test uses. */
const freshDoc = async () => boardOf((await lesson.addSection())._id);

/** What the room holds in SQLite right now. */
const storage = (name: string) =>
  runInDurableObject(roomStub(lesson.tenantId, name), (_instance, state) => {
    const sql = state.storage.sql;
    const log = sql.exec<{ count: number; bytes: number }>('SELECT count(*) AS count, coalesce(sum(length(data)), 0) AS bytes FROM updates').one();
    const parts = sql.exec<{ count: number; bytes: number }>('SELECT count(*) AS count, coalesce(max(length(data)), 0) AS bytes FROM snapshot').one();
    return { logRows: log.count, logBytes: log.bytes, snapshotParts: parts.count, largestPart: parts.bytes };
  });

async function history(name: string) {
  const listed = await env.FILES.list({ prefix: `${lesson.tenantId}/doc-history/${name}/` });
  const entries = [];
  for (const object of listed.objects) {
    const body = await env.FILES.get(object.key);
    entries.push(...decodeHistory(new Uint8Array(await body!.arrayBuffer())));
  }
  return { keys: listed.objects.map((o) => o.key), entries: entries.sort((a, b) => a.seq - b.seq) };
}

function edit(doc: Y.Doc, text: string) {
  doc.transact(() => {
    doc.getText('notes').insert(doc.getText('notes').length, text);
    doc.getMap('meta').set('last', text);
    const fragment = doc.getXmlFragment('board');
    const el = new Y.XmlElement('stroke');
    el.setAttribute('label', text);
    fragment.push([el]);
  });
}

const contentOf = (doc: Y.Doc) => ({
  notes: doc.getText('notes').toString(),
  meta: doc.getMap('meta').toJSON(),
  board: doc.getXmlFragment('board').toString(),
});

describe('happy', () => {
  it('two stock clients converge, both ways, on text, map and XML', async () => {
    const name = await freshDoc();
    const a = await client(lesson.student, name);
    const b = await client(lesson.tutor, name);
    edit(a.doc, 'from Sara. ');
    edit(b.doc, 'from Tomas. ');
    await eventually(() => expect(contentOf(a.doc)).toEqual(contentOf(b.doc)));
    expect(a.doc.getText('notes').toString()).toContain('from Sara. ');
    expect(a.doc.getText('notes').toString()).toContain('from Tomas. ');
    expect(a.doc.getXmlFragment('board').length).toBe(2);
  });

  it('gives a client who opens later the full document', async () => {
    const name = await freshDoc();
    const a = await client(lesson.student, name);
    edit(a.doc, 'one ');
    edit(a.doc, 'two ');
    await eventually(async () => expect((await storage(name)).logRows).toBe(2));
    const late = await client(lesson.tutor, name);
    expect(contentOf(late.doc)).toEqual(contentOf(a.doc));
  });

  it('gives each new client the document as it is now, though the encoded whole is reused between changes', async () => {
    const name = await freshDoc();
    const a = await client(lesson.student, name);
    edit(a.doc, 'one ');
    await eventually(async () => expect((await storage(name)).logRows).toBe(1));
    const first = await client(lesson.tutor, name);
    const second = await client(lesson.tutor, name);
    expect(contentOf(second.doc)).toEqual(contentOf(first.doc));
    edit(a.doc, 'two ');
    await eventually(() => expect(contentOf(first.doc)).toEqual(contentOf(a.doc)));
    const third = await client(lesson.tutor, name);
    expect(contentOf(third.doc)).toEqual(contentOf(a.doc));
    expect(third.doc.getText('notes').toString()).toBe('one two ');
  });

  it('echoes an update to its sender only once stored, and stores nothing for a repeat', async () => {
    const name = await freshDoc();
    const res = await openDoc(name, await docTicket(lesson.student.token, name));
    const raw = res.webSocket!;
    raw.binaryType = 'arraybuffer';
    const updates: Uint8Array[] = [];
    let answers = 0;
    raw.addEventListener('message', (event) => {
      const decoder = decoding.createDecoder(new Uint8Array(event.data as ArrayBuffer));
      if (decoding.readVarUint(decoder) !== 0) return;
      const syncType = decoding.readVarUint(decoder);
      if (syncType === syncProtocol.messageYjsUpdate) updates.push(decoding.readVarUint8Array(decoder));
      if (syncType === syncProtocol.messageYjsSyncStep2) answers += 1;
    });
    raw.accept();
    const local = new Y.Doc();
    edit(local, 'saved ');
    const frame = encoding.createEncoder();
    encoding.writeVarUint(frame, 0);
    syncProtocol.writeUpdate(frame, Y.encodeStateAsUpdate(local));
    raw.send(encoding.toUint8Array(frame));
    await eventually(() => expect(updates).toHaveLength(1));
    expect((await storage(name)).logRows).toBe(1);
    const echoed = new Y.Doc();
    Y.applyUpdate(echoed, updates[0]!);
    expect(contentOf(echoed)).toEqual(contentOf(local));

    raw.send(encoding.toUint8Array(frame));
    // A socket's frames are handled in order, so once the room answers this, it has handled the repeat.
    const step1 = encoding.createEncoder();
    encoding.writeVarUint(step1, 0);
    syncProtocol.writeSyncStep1(step1, local);
    raw.send(encoding.toUint8Array(step1));
    await eventually(() => expect(answers).toBe(1));
    const reader = await client(lesson.tutor, name);
    expect(contentOf(reader.doc)).toEqual(contentOf(local));
    expect(updates).toHaveLength(1);
    expect((await storage(name)).logRows).toBe(1);
    raw.close(1000, 'done');
  });

  it('when a change cannot be stored, makes everyone who heard it reconnect, and stores nothing', async () => {
    const name = await freshDoc();
    const sockets = await Promise.all(
      [lesson.student, lesson.tutor].map(async (person) => {
        const raw = (await openDoc(name, await docTicket(person.token, name))).webSocket!;
        raw.binaryType = 'arraybuffer';
        const seen = { updates: 0, close: new Promise<{ code: number; reason: string }>((resolve) => raw.addEventListener('close', resolve)) };
        raw.addEventListener('message', (event) => {
          const decoder = decoding.createDecoder(new Uint8Array(event.data as ArrayBuffer));
          if (decoding.readVarUint(decoder) === 0 && decoding.readVarUint(decoder) === syncProtocol.messageYjsUpdate) seen.updates += 1;
        });
        raw.accept();
        return { raw, seen };
      }),
    );
    await runInDurableObject(roomStub(lesson.tenantId, name), (instance) => {
      (instance as unknown as { store: { append(): void } }).store.append = () => {
        throw new Error('disk full');
      };
    });
    const local = new Y.Doc();
    edit(local, 'lost? ');
    const frame = encoding.createEncoder();
    encoding.writeVarUint(frame, 0);
    syncProtocol.writeUpdate(frame, Y.encodeStateAsUpdate(local));
    sockets[0]!.raw.send(encoding.toUint8Array(frame));
    const [sender, other] = await Promise.all(sockets.map((s) => s.seen.close));
    expect(sender).toMatchObject({ code: 1011, reason: 'The change could not be saved. Reconnecting will send it again.' });
    expect(other!.code).toBe(1011);
    // The other heard the change before the write (a relay's speed); the sender never got its acknowledgement.
    expect(sockets.map((s) => s.seen.updates)).toEqual([0, 1]);
    expect((await storage(name)).logRows).toBe(0);
  });

  it('shares presence, which survives hibernation, and tells the others when someone leaves', async () => {
    const name = await freshDoc();
    const a = await client(lesson.student, name);
    const b = await client(lesson.tutor, name);
    a.provider.awareness.setLocalStateField('user', { name: 'Sara' });
    b.provider.awareness.setLocalStateField('user', { name: 'Tomas' });
    await eventually(() => expect(b.provider.awareness.getStates().get(a.doc.clientID)).toEqual({ user: { name: 'Sara' } }));

    await evictDurableObject(roomStub(lesson.tenantId, name));
    const c = await client(lesson.editingAdmin, name);
    await eventually(() => {
      expect(c.provider.awareness.getStates().get(a.doc.clientID)).toEqual({ user: { name: 'Sara' } });
      expect(c.provider.awareness.getStates().get(b.doc.clientID)).toEqual({ user: { name: 'Tomas' } });
    });

    await evictDurableObject(roomStub(lesson.tenantId, name));
    leave(a);
    await eventually(() => {
      expect(b.provider.awareness.getStates().has(a.doc.clientID)).toBe(false);
      expect(c.provider.awareness.getStates().has(a.doc.clientID)).toBe(false);
    });
  });

  it('passes a presence change on once: the echoes every stock client sends back are not passed on again', async () => {
    const name = await freshDoc();
    const people = [lesson.student, lesson.tutor, lesson.editingAdmin, lesson.student];
    const all: Client[] = [];
    for (const [i, person] of people.entries()) {
      const next = await client(person, name);
      next.provider.awareness.setLocalStateField('user', { name: `person ${i}` });
      all.push(next);
    }
    const [a, b, c, d] = all as [Client, Client, Client, Client];
    await eventually(() => {
      for (const x of all) expect([...x.provider.awareness.getStates().values()].filter((s) => s.user)).toHaveLength(4);
    });
    // What reaches d about a, frame by frame (y-websocket answers every change it hears with the same entries).
    const heardOfA: number[] = [];
    const handle = d.provider.messageHandlers[1]!;
    d.provider.messageHandlers[1] = (encoder, decoder, provider, emitSynced, messageType) => {
      const entries = readAwarenessUpdate(decoding.readVarUint8Array(decoding.clone(decoder)));
      for (const entry of entries) if (entry.clientId === a.doc.clientID) heardOfA.push(entry.clock);
      handle(encoder, decoder, provider, emitSynced, messageType);
    };
    a.provider.awareness.setLocalStateField('user', { name: 'Sara' });
    await eventually(() => {
      expect(b.provider.awareness.getStates().get(a.doc.clientID)).toEqual({ user: { name: 'Sara' } });
      expect(c.provider.awareness.getStates().get(a.doc.clientID)).toEqual({ user: { name: 'Sara' } });
    });
    // b's and c's echoes of a went out before these on their sockets, so once d has these, it has had any echo.
    b.provider.awareness.setLocalStateField('user', { name: 'Tomas' });
    c.provider.awareness.setLocalStateField('user', { name: 'Eddie' });
    await eventually(() => {
      expect(d.provider.awareness.getStates().get(b.doc.clientID)).toEqual({ user: { name: 'Tomas' } });
      expect(d.provider.awareness.getStates().get(c.doc.clientID)).toEqual({ user: { name: 'Eddie' } });
    });
    expect(d.provider.awareness.getStates().get(a.doc.clientID)).toEqual({ user: { name: 'Sara' } });
    expect(heardOfA).toHaveLength(1);

    // A newcomer still hears everyone, the states the room knows included.
    const late = await client(lesson.tutor, name);
    await eventually(() => expect(late.provider.awareness.getStates().get(a.doc.clientID)).toEqual({ user: { name: 'Sara' } }));
    // An echo is not the sender's own presence: b leaving takes only b away.
    leave(b);
    await eventually(() => expect(d.provider.awareness.getStates().has(b.doc.clientID)).toBe(false));
    expect(d.provider.awareness.getStates().get(a.doc.clientID)).toEqual({ user: { name: 'Sara' } });
    expect(d.provider.awareness.getStates().get(c.doc.clientID)).toEqual({ user: { name: 'Eddie' } });
  });

  it('keeps the whole document across evictions, on hibernated sockets and for new ones', async () => {
    const name = await freshDoc();
    const a = await client(lesson.student, name);
    const b = await client(lesson.tutor, name);
    edit(a.doc, 'before ');
    await eventually(() => expect(contentOf(b.doc)).toEqual(contentOf(a.doc)));

    await evictDurableObject(roomStub(lesson.tenantId, name));
    edit(a.doc, 'after ');
    await eventually(() => expect(b.doc.getText('notes').toString()).toBe('before after '));

    await evictDurableObject(roomStub(lesson.tenantId, name), { webSockets: 'close' });
    const fresh = await client(lesson.editingAdmin, name);
    expect(fresh.doc.getText('notes').toString()).toBe('before after ');
    expect(contentOf(fresh.doc)).toEqual(contentOf(a.doc));
  });

  it('compacts when the last person leaves: snapshot in place, log trimmed, history archived to R2', async () => {
    const name = await freshDoc();
    const a = await client(lesson.student, name);
    const b = await client(lesson.tutor, name);
    edit(a.doc, 'x ');
    edit(b.doc, 'y ');
    await eventually(() => expect(contentOf(b.doc)).toEqual(contentOf(a.doc)));
    const expected = contentOf(a.doc);
    leave(a);
    expect((await storage(name)).logRows).toBe(2);
    leave(b);
    await eventually(async () => expect(await storage(name)).toMatchObject({ logRows: 0, snapshotParts: 1 }));

    const archived = await history(name);
    expect(archived.keys).toEqual([`${lesson.tenantId}/doc-history/${name}/1-2.bin`]);
    expect(archived.entries.map((e) => e.user).sort()).toEqual([lesson.student.user._id, lesson.tutor.user._id].sort());
    const replay = new Y.Doc();
    for (const entry of archived.entries) Y.applyUpdate(replay, entry.data);
    expect(contentOf(replay)).toEqual(expected);

    const back = await client(lesson.student, name);
    expect(contentOf(back.doc)).toEqual(expected);
  });

  it('keeps every lesson in the history when people leave and come back: sequence numbers and times only go up', async () => {
    const name = await freshDoc();
    const first = await client(lesson.tutor, name);
    edit(first.doc, 'page one ');
    edit(first.doc, 'more ');
    await eventually(async () => expect((await storage(name)).logRows).toBe(2));
    leave(first);
    await eventually(async () => expect((await history(name)).entries).toHaveLength(2));
    const second = await client(lesson.tutor, name);
    edit(second.doc, 'later ');
    edit(second.doc, 'last ');
    await eventually(async () => expect((await storage(name)).logRows).toBe(2));
    const expected = contentOf(second.doc);
    leave(second);
    await eventually(async () => expect((await history(name)).keys).toHaveLength(2));

    const { keys, entries } = await history(name);
    expect(keys.map((k) => k.split('/').at(-1)).sort()).toEqual(['1-2.bin', '3-4.bin']);
    expect(entries.map((e) => e.seq)).toEqual([1, 2, 3, 4]);
    const times = entries.map((e) => e.at);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    const replay = new Y.Doc();
    for (const entry of entries) Y.applyUpdate(replay, entry.data);
    expect(contentOf(replay)).toEqual(expected);
  });

  it(`compacts while people stay, once the room pauses after ${COMPACT_AT_UPDATES} updates`, async () => {
    const name = await freshDoc();
    const a = await client(lesson.student, name);
    for (let i = 0; i < COMPACT_AT_UPDATES + 20; i++) a.doc.getArray<number>('strokes').push([i]);
    await eventually(async () => {
      const archived = await history(name);
      expect(archived.entries.length).toBeGreaterThanOrEqual(COMPACT_AT_UPDATES);
      const stored = await storage(name);
      expect(stored.snapshotParts).toBe(1);
      expect(archived.entries.length + stored.logRows).toBe(COMPACT_AT_UPDATES + 20);
    }, 10_000);
    const reader = await client(lesson.tutor, name);
    expect(reader.doc.getArray('strokes').length).toBe(COMPACT_AT_UPDATES + 20);
  });

  it('does not fold the log while people keep typing past the threshold, and folds it when they pause', async () => {
    const name = await freshDoc();
    const a = await client(lesson.student, name);
    for (let i = 0; i < COMPACT_AT_UPDATES + 20; i++) a.doc.getArray<number>('strokes').push([i]);
    // Keeps typing, a change every 200 ms for three seconds: never the quiet the fold waits for.
    for (let i = 0; i < 15; i++) {
      await new Promise((resolve) => setTimeout(resolve, COMPACT_QUIET_MS / 10));
      a.doc.getArray<number>('strokes').push([-i]);
    }
    await eventually(async () => expect((await storage(name)).logRows).toBe(COMPACT_AT_UPDATES + 35));
    expect((await history(name)).entries).toHaveLength(0);
    await eventually(async () => expect((await storage(name)).logRows).toBe(0), 10_000);
    expect((await history(name)).entries).toHaveLength(COMPACT_AT_UPDATES + 35);
  });

  it('lets an admin who may edit courses write', async () => {
    const name = await freshDoc();
    const admin = await client(lesson.editingAdmin, name);
    const student = await client(lesson.student, name);
    edit(admin.doc, 'admin note ');
    await eventually(() => expect(student.doc.getText('notes').toString()).toBe('admin note '));
  });
});

describe('errors', () => {
  it('warns everyone at 1 MB, keeps a big snapshot in parts under 2 MB, and refuses growth past 2 MB', async () => {
    const name = notesOf(lesson.section._id);
    const a = await client(lesson.tutor, name);
    const b = await client(lesson.student, name);
    a.doc.getText('notes').insert(0, 'a'.repeat(1_100_000));
    await eventually(() => {
      expect(a.notices).toContainEqual({ type: 'docSizeWarning', bytes: expect.any(Number), limit: DOC_LIMIT_BYTES });
      expect(b.notices).toContainEqual(expect.objectContaining({ type: 'docSizeWarning' }));
    }, 10_000);
    expect(b.doc.getText('notes').length).toBe(1_100_000);

    leave(b);
    leave(a);
    await eventually(async () => expect((await storage(name)).logRows).toBe(0), 10_000);
    const compacted = await storage(name);
    expect(compacted.snapshotParts).toBe(2);
    expect(compacted.largestPart).toBeLessThan(2 * 1024 * 1024);

    const writer = await client(lesson.tutor, name);
    const reader = await client(lesson.student, name);
    expect(writer.notices).toContainEqual(expect.objectContaining({ type: 'docSizeWarning' }));
    writer.doc.getText('notes').insert(0, 'b'.repeat(1_000_000));
    await eventually(() => expect(writer.closes).toContainEqual({ code: DOC_CLOSE_FULL, reason: DOC_FULL_REASON }), 10_000);
    expect(writer.provider.shouldConnect).toBe(false);
    expect(await storage(name)).toMatchObject({ logRows: 0, snapshotParts: 2 });
    expect(reader.doc.getText('notes').length).toBe(1_100_000);
  });

  it('closes a socket that sends a malformed frame, and the document is unharmed', async () => {
    const name = await freshDoc();
    const a = await client(lesson.student, name);
    edit(a.doc, 'kept ');
    await eventually(async () => expect((await storage(name)).logRows).toBe(1));
    const res = await openDoc(name, await docTicket(lesson.tutor.token, name));
    const raw = res.webSocket!;
    raw.accept();
    const closed = new Promise<number>((resolve) => raw.addEventListener('close', (event) => resolve(event.code)));
    raw.send(new Uint8Array([0, 2, 200, 1, 2, 3]));
    expect(await closed).toBe(1003);
    const reader = await client(lesson.editingAdmin, name);
    expect(contentOf(reader.doc)).toEqual(contentOf(a.doc));
  });
});

describe('permissions', () => {
  it('lets a read-only admin read live but refuses their changes and stores nothing', async () => {
    const name = await freshDoc();
    const writer = await client(lesson.student, name);
    edit(writer.doc, 'first ');
    const viewer = await client(lesson.viewingAdmin, name);
    expect(viewer.notices).toContainEqual({ type: 'docReadOnly' });
    expect(viewer.doc.getText('notes').toString()).toBe('first ');
    expect(viewer.denied).toEqual([]);

    viewer.doc.getText('notes').insert(0, 'sneaky ');
    await eventually(() => expect(viewer.denied).toEqual([READ_ONLY_REASON]));
    edit(writer.doc, 'second ');
    await eventually(() => expect(viewer.doc.getText('notes').toString()).toBe('sneaky first second '));
    expect(writer.doc.getText('notes').toString()).toBe('first second ');
    expect((await storage(name)).logRows).toBe(2);
    const other = await client(lesson.tutor, name);
    expect(other.doc.getText('notes').toString()).toBe('first second ');
  });
});
