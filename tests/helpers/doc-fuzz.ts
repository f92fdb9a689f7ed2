import * as prng from 'lib0/prng';
import * as Y from 'yjs';

/**
 * A replayable model of the lesson documents' life: five clients editing text, XML and a map, going offline
 * (what they send and receive is withheld and later delivered in random order), reloading from a fake IndexedDB
 * (every update they saw, sometimes folded into one), and a server replica that keeps a log and compacts it into
 * a snapshot the way the DocRoom does. `runFuzzSeed(seed)` throws, naming the seed, when the replicas diverge.
 */

interface Replica {
  doc: Y.Doc;
  online: boolean;
  /** updates addressed to this replica that the network has not delivered yet */
  inbox: Uint8Array[];
  /** the fake IndexedDB: every update the document produced or received */
  persisted: Uint8Array[];
}

interface ServerReplica {
  snapshot: Uint8Array | null;
  log: Uint8Array[];
  inbox: Uint8Array[];
}

const CLIENTS = 5;

function pick<T>(gen: prng.PRNG, items: T[]): T | undefined {
  return items.length === 0 ? undefined : items[prng.int32(gen, 0, items.length - 1)];
}

function takeRandom<T>(gen: prng.PRNG, items: T[]): T | undefined {
  return items.length === 0 ? undefined : items.splice(prng.int32(gen, 0, items.length - 1), 1)[0];
}

function randomEdit(gen: prng.PRNG, doc: Y.Doc) {
  const text = doc.getText('notes');
  const board = doc.getXmlFragment('board');
  const meta = doc.getMap<string | number>('meta');
  switch (prng.int32(gen, 0, 6)) {
    case 0:
      text.insert(prng.int32(gen, 0, text.length), prng.word(gen, 1, 6));
      break;
    case 1: {
      if (text.length === 0) break;
      const at = prng.int32(gen, 0, text.length - 1);
      text.delete(at, prng.int32(gen, 1, Math.min(4, text.length - at)));
      break;
    }
    case 2:
      if (text.length > 0) text.format(0, prng.int32(gen, 1, text.length), { bold: prng.bool(gen) || null });
      break;
    case 3: {
      const node = prng.bool(gen) ? new Y.XmlElement(pick(gen, ['stroke', 'shape', 'image'])!) : new Y.XmlText(prng.word(gen, 1, 5));
      if (node instanceof Y.XmlElement) node.setAttribute('color', prng.word(gen, 3, 3));
      board.insert(prng.int32(gen, 0, board.length), [node]);
      break;
    }
    case 4:
      if (board.length > 0) board.delete(prng.int32(gen, 0, board.length - 1), 1);
      break;
    case 5: {
      const first = board.length > 0 ? board.get(prng.int32(gen, 0, board.length - 1)) : null;
      if (first instanceof Y.XmlElement) first.setAttribute('x', String(prng.int32(gen, 0, 999)));
      break;
    }
    default:
      if (prng.bool(gen)) meta.set(pick(gen, ['page', 'tool', 'follow'])!, prng.int32(gen, 0, 9));
      else meta.delete(pick(gen, ['page', 'tool', 'follow'])!);
  }
}

const stateOf = (doc: Y.Doc) =>
  JSON.stringify({
    notes: doc.getText('notes').toDelta(),
    board: doc.getXmlFragment('board').toString(),
    // A map's key order follows local insertion, which is not part of its state.
    meta: Object.entries(doc.getMap('meta').toJSON()).sort(([a], [b]) => a.localeCompare(b)),
  });

function newDoc(gen: prng.PRNG, used: Set<number>) {
  const doc = new Y.Doc();
  // Deterministic and unique client ids keep a seed replayable; a reloaded client writes under a new one.
  let id = prng.uint32(gen, 1, 0x7fffffff);
  while (used.has(id)) id = prng.uint32(gen, 1, 0x7fffffff);
  used.add(id);
  doc.clientID = id;
  return doc;
}

export function runFuzzSeed(seed: number, steps = 60) {
  const gen = prng.create(seed);
  const used = new Set<number>();
  const server: ServerReplica = { snapshot: null, log: [], inbox: [] };
  const clients: Replica[] = [];
  /** every change any client made: what all replicas must end up with */
  const made: Uint8Array[] = [];

  const wire = (replica: Replica) => {
    replica.doc.on('update', (update: Uint8Array, origin: unknown) => {
      replica.persisted.push(update);
      if (origin === 'network') return;
      // A local change goes to the server and to every other client; the network delivers it when it can.
      made.push(update);
      server.inbox.push(update);
      for (const other of clients) if (other !== replica) other.inbox.push(update);
    });
  };

  for (let i = 0; i < CLIENTS; i++) {
    const replica: Replica = { doc: newDoc(gen, used), online: true, inbox: [], persisted: [] };
    clients.push(replica);
    wire(replica);
  }

  const deliverTo = (replica: Replica) => {
    const update = takeRandom(gen, replica.inbox);
    if (update) Y.applyUpdate(replica.doc, update, 'network');
  };

  const loadServer = () => {
    const doc = new Y.Doc();
    if (server.snapshot) Y.applyUpdate(doc, server.snapshot);
    for (const update of server.log) Y.applyUpdate(doc, update);
    return doc;
  };

  /**
   * What the provider does on every connect: each side sends what the other's state vector lacks. It also recovers
   * updates a reload lost while they waited for a missing dependency (Yjs persists only integrated changes).
   */
  const handshake = (replica: Replica) => {
    const serverDoc = loadServer();
    const toServer = Y.encodeStateAsUpdate(replica.doc, Y.encodeStateVector(serverDoc));
    Y.applyUpdate(replica.doc, Y.encodeStateAsUpdate(serverDoc, Y.encodeStateVector(replica.doc)), 'network');
    server.log.push(toServer);
    serverDoc.destroy();
  };

  for (let step = 0; step < steps; step++) {
    const replica = pick(gen, clients)!;
    const action = prng.int32(gen, 0, 9);
    if (action <= 3) {
      randomEdit(gen, replica.doc);
    } else if (action <= 6) {
      if (replica.online) deliverTo(replica);
    } else if (action === 7) {
      replica.online = !replica.online;
      if (replica.online) handshake(replica);
    } else if (action === 8) {
      // Reload from the fake IndexedDB, sometimes after it folded its entries into one.
      const stored = prng.bool(gen) ? [Y.mergeUpdates(replica.persisted)] : replica.persisted;
      replica.doc.destroy();
      replica.doc = newDoc(gen, used);
      replica.persisted = [];
      wire(replica);
      for (const update of stored) Y.applyUpdate(replica.doc, update, 'network');
    } else {
      const update = takeRandom(gen, server.inbox);
      if (update) server.log.push(update);
      if (prng.int32(gen, 0, 4) === 0) {
        // Compact as the room does: a snapshot of everything, dropping only part of the log.
        const keep = prng.int32(gen, 0, server.log.length);
        server.snapshot = Y.encodeStateAsUpdate(loadServer());
        server.log = server.log.slice(server.log.length - keep);
      }
    }
  }

  // Everyone comes back online and the network drains in random order. The server, rebuilt from its snapshot
  // and log, must hold every change; the clients then only pull from it, as the provider does on connect.
  for (const replica of clients) replica.online = true;
  while (clients.some((c) => c.inbox.length > 0))
    deliverTo(
      pick(
        gen,
        clients.filter((c) => c.inbox.length > 0),
      )!,
    );
  while (server.inbox.length > 0) server.log.push(takeRandom(gen, server.inbox)!);

  const truth = new Y.Doc();
  Y.applyUpdate(truth, Y.mergeUpdates(made));
  const expected = stateOf(truth);
  const serverDoc = loadServer();
  for (const replica of clients) Y.applyUpdate(replica.doc, Y.encodeStateAsUpdate(serverDoc, Y.encodeStateVector(replica.doc)), 'network');
  const replicas = [['server', serverDoc] as const, ...clients.map((c, i) => [`client ${i}`, c.doc] as const)];
  for (const [label, doc] of replicas) {
    const actual = stateOf(doc);
    if (actual !== expected) throw new Error(`fuzz seed ${seed}: ${label} diverged (replay with runFuzzSeed(${seed}))\n${actual}\n!==\n${expected}`);
  }
  for (const doc of [truth, serverDoc, ...clients.map((c) => c.doc)]) doc.destroy();
  return expected;
}
