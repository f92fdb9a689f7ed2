import type { ClientPayload } from '../../../schema/contracts/chat';

/** A message written but not yet acknowledged by the room: shown as pending, sent again on every reconnect. */
export interface OutboxEntry extends ClientPayload<'send'> {
  /** The room the message belongs to, e.g. `chat-course/<courseId>`. */
  room: string;
  createdAt: string;
}

export interface Outbox {
  list(room: string): Promise<OutboxEntry[]>;
  put(entry: OutboxEntry): Promise<void>;
  remove(clientId: string): Promise<void>;
}

export function memoryOutbox(): Outbox {
  const entries = new Map<string, OutboxEntry>();
  return {
    list: (room) => Promise.resolve([...entries.values()].filter((e) => e.room === room)),
    put: (entry) => {
      entries.set(entry.clientId, entry);
      return Promise.resolve();
    },
    remove: (clientId) => {
      entries.delete(clientId);
      return Promise.resolve();
    },
  };
}

const DB_NAME = 'studyhall-chat';
const STORE = 'outbox';

function request<T>(req: IDBRequest<T>) {
  return new Promise<T>((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
  });
}

/** The browser's outbox: IndexedDB, so a message written offline survives a reload or a closed tab. */
export function indexedDbOutbox(factory: IDBFactory = indexedDB): Outbox {
  let opened: Promise<IDBDatabase> | null = null;
  const open = () => {
    opened ??= new Promise<IDBDatabase>((resolve, reject) => {
      const req = factory.open(DB_NAME, 1);
      req.onupgradeneeded = () => req.result.createObjectStore(STORE, { keyPath: 'clientId' }).createIndex('room', 'room');
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error ?? new Error('IndexedDB open failed'));
    });
    return opened;
  };
  const store = async (mode: IDBTransactionMode) => (await open()).transaction(STORE, mode).objectStore(STORE);
  return {
    list: async (room) => {
      const rows = await request((await store('readonly')).index('room').getAll(room) as IDBRequest<OutboxEntry[]>);
      return rows.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
    },
    put: async (entry) => {
      await request((await store('readwrite')).put(entry));
    },
    remove: async (clientId) => {
      await request((await store('readwrite')).delete(clientId));
    },
  };
}

/** IndexedDB where the browser has it; memory otherwise (private modes that refuse it), so chat still works. */
export const defaultOutbox = (): Outbox => (typeof indexedDB === 'undefined' ? memoryOutbox() : indexedDbOutbox());
