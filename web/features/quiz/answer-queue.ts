import type { AnswerInput } from '../../../schema/contracts/quiz';

/** Where pending answers wait: IndexedDB in the browser, a Map in tests. */
export interface AnswerStore {
  all(): Promise<AnswerInput[]>;
  put(answer: AnswerInput): Promise<void>;
  remove(answer: AnswerInput): Promise<void>;
}

export type SendAnswer = (answer: AnswerInput) => Promise<void>;
/** A refusal the server will repeat (a finished quiz, time up): retrying cannot help, so the answer is dropped. */
export type IsFinalRefusal = (error: unknown) => boolean;

const keyOf = (a: Pick<AnswerInput, 'submissionId' | 'questionId'>) => `${a.submissionId}:${a.questionId}`;

/**
 * Every answer is written to the device first and then sent. Only the latest answer per question is kept, so a
 * flaky connection or a reload can lose nothing and never replays an older answer over a newer one.
 */
export function createAnswerQueue(store: AnswerStore, send: SendAnswer, isFinal: IsFinalRefusal) {
  let flushing: Promise<number> | null = null;

  async function flushOnce(): Promise<number> {
    let failed = 0;
    for (const answer of await store.all()) {
      try {
        await send(answer);
        await removeIfUnchanged(answer);
      } catch (error) {
        if (isFinal(error)) await removeIfUnchanged(answer);
        else failed += 1;
      }
    }
    return failed;
  }

  /** A newer answer to the same question may have arrived while this one was in flight: keep that one. */
  async function removeIfUnchanged(sent: AnswerInput) {
    const current = (await store.all()).find((a) => keyOf(a) === keyOf(sent));
    if (current && current.answeredAt === sent.answeredAt) await store.remove(sent);
  }

  return {
    /** Keeps the answer on the device, then tries to send everything waiting; resolves to how many still wait. */
    async add(answer: AnswerInput) {
      const existing = (await store.all()).find((a) => keyOf(a) === keyOf(answer));
      if (!existing || existing.answeredAt <= answer.answeredAt) await store.put(answer);
      return this.flush();
    },
    /** One flush at a time; a call during a flush waits for it and then sends what arrived meanwhile. */
    async flush(): Promise<number> {
      while (flushing) await flushing;
      flushing = flushOnce();
      try {
        return await flushing;
      } finally {
        flushing = null;
      }
    },
    async pending(submissionId: string) {
      return (await store.all()).filter((a) => a.submissionId === submissionId);
    },
  };
}
export type AnswerQueue = ReturnType<typeof createAnswerQueue>;

export function memoryStore(): AnswerStore {
  const rows = new Map<string, AnswerInput>();
  return {
    all: async () => [...rows.values()],
    put: async (a) => void rows.set(keyOf(a), a),
    remove: async (a) => void rows.delete(keyOf(a)),
  };
}

const DB_NAME = 'studyhall-quiz';
const STORE = 'pending-answers';

/** IndexedDB survives reloads and closed tabs; without it (private modes of old browsers) answers live in memory. */
export function indexedDbStore(): AnswerStore {
  if (typeof indexedDB === 'undefined') return memoryStore();
  const opened = new Promise<IDBDatabase>((resolve, reject) => {
    const req = indexedDB.open(DB_NAME, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(STORE);
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
  const run = <T>(mode: IDBTransactionMode, work: (s: IDBObjectStore) => IDBRequest<T>) =>
    opened.then(
      (db) =>
        new Promise<T>((resolve, reject) => {
          const req = work(db.transaction(STORE, mode).objectStore(STORE));
          req.onsuccess = () => resolve(req.result);
          req.onerror = () => reject(req.error);
        }),
    );
  return {
    all: () => run('readonly', (s) => s.getAll() as IDBRequest<AnswerInput[]>),
    put: async (a) => void (await run('readwrite', (s) => s.put(a, keyOf(a)))),
    remove: async (a) => void (await run('readwrite', (s) => s.delete(keyOf(a)))),
  };
}
