import * as Y from 'yjs';
import type { HistoryEntry } from '../../platform/realtime/doc-history';

/** SQLite rows (and so snapshot parts) must stay under 2 MB; 1 MB parts leave room for the row itself. */
export const SNAPSHOT_PART_BYTES = 1024 * 1024;

export interface LogStats {
  count: number;
  bytes: number;
}

/** An update the room has applied and is about to store: what it changed, who sent it, when. */
export interface NewUpdate {
  change: Uint8Array;
  user: string;
  at: number;
}

/**
 * The next update's number. SQLite would reuse 1 once compaction empties the log, and a restarted count named the
 * next archive like the last one (overwriting it in R2) and interleaved two lessons in the replay. So numbering
 * continues from the highest number ever archived.
 */
const NEXT_SEQ = "max(coalesce((SELECT max(seq) FROM updates), 0), coalesce((SELECT CAST(value AS INTEGER) FROM meta WHERE key = 'archivedSeq'), 0)) + 1";

const toBlob = (data: Uint8Array) => new Uint8Array(data).buffer;

/**
 * A document's durable state in the room's own SQLite: a snapshot kept in parts, plus the log of every update
 * stored since. Loading applies both; Yjs updates are idempotent, so a snapshot that already holds some logged
 * updates loads the same document.
 */
export class DocStore {
  constructor(
    private readonly sql: SqlStorage,
    private readonly storage: DurableObjectStorage,
  ) {
    sql.exec('CREATE TABLE IF NOT EXISTS updates (seq INTEGER PRIMARY KEY, data BLOB NOT NULL, at INTEGER NOT NULL, user TEXT NOT NULL)');
    sql.exec('CREATE TABLE IF NOT EXISTS snapshot (part INTEGER PRIMARY KEY, data BLOB NOT NULL)');
    sql.exec('CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)');
  }

  /** Who owns the document and its name: the room needs them to file its history in R2. */
  /** Once per document: a write made while a connection is answered holds the answer until it is committed. */
  remember(tenantId: string, name: string) {
    const known = this.owner();
    if (known?.tenantId === tenantId && known.name === name) return;
    this.sql.exec("INSERT INTO meta (key, value) VALUES ('tenantId', ?), ('name', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value", tenantId, name);
  }

  owner(): { tenantId: string; name: string } | null {
    const rows = this.sql.exec<{ key: string; value: string }>('SELECT key, value FROM meta').toArray();
    const tenantId = rows.find((r) => r.key === 'tenantId')?.value;
    const name = rows.find((r) => r.key === 'name')?.value;
    return tenantId && name ? { tenantId, name } : null;
  }

  /** Applies the snapshot and then the log to `doc`; returns the stored bytes as a first size estimate. */
  loadInto(doc: Y.Doc): { snapshotBytes: number; log: LogStats } {
    const parts = this.sql.exec<{ data: ArrayBuffer }>('SELECT data FROM snapshot ORDER BY part').toArray();
    const snapshotBytes = parts.reduce((sum, p) => sum + p.data.byteLength, 0);
    const log: LogStats = { count: 0, bytes: 0 };
    doc.transact(() => {
      if (parts.length > 0) {
        const snapshot = new Uint8Array(snapshotBytes);
        let offset = 0;
        for (const { data } of parts) {
          snapshot.set(new Uint8Array(data), offset);
          offset += data.byteLength;
        }
        Y.applyUpdate(doc, snapshot);
      }
      for (const { data } of this.sql.exec<{ data: ArrayBuffer }>('SELECT data FROM updates ORDER BY seq')) {
        Y.applyUpdate(doc, new Uint8Array(data));
        log.count += 1;
        log.bytes += data.byteLength;
      }
    });
    return { snapshotBytes, log };
  }

  /** Appends a batch of updates, all or nothing, one row each. */
  append(updates: readonly NewUpdate[]) {
    this.storage.transactionSync(() => {
      for (const { change, user, at } of updates)
        this.sql.exec(`INSERT INTO updates (seq, data, at, user) VALUES (${NEXT_SEQ}, ?, ?, ?)`, toBlob(change), at, user);
    });
  }

  logStats(): LogStats {
    const [row] = this.sql.exec<{ count: number; bytes: number | null }>('SELECT count(*) AS count, sum(length(data)) AS bytes FROM updates').toArray();
    return { count: row?.count ?? 0, bytes: row?.bytes ?? 0 };
  }

  log(): HistoryEntry[] {
    return this.sql
      .exec<{ seq: number; data: ArrayBuffer; at: number; user: string }>('SELECT seq, data, at, user FROM updates ORDER BY seq')
      .toArray()
      .map((r) => ({ seq: r.seq, at: r.at, user: r.user, data: new Uint8Array(r.data) }));
  }

  /** Swaps in a snapshot and drops the log rows it covers, all or nothing. */
  replaceSnapshot(snapshot: Uint8Array, upToSeq: number) {
    this.storage.transactionSync(() => {
      this.sql.exec('DELETE FROM snapshot');
      for (let part = 0, offset = 0; offset < snapshot.length; part++, offset += SNAPSHOT_PART_BYTES) {
        this.sql.exec('INSERT INTO snapshot (part, data) VALUES (?, ?)', part, toBlob(snapshot.subarray(offset, offset + SNAPSHOT_PART_BYTES)));
      }
      this.sql.exec('DELETE FROM updates WHERE seq <= ?', upToSeq);
      this.sql.exec(
        "INSERT INTO meta (key, value) VALUES ('archivedSeq', ?) ON CONFLICT (key) DO UPDATE SET value = max(CAST(value AS INTEGER), excluded.value)",
        upToSeq,
      );
    });
  }
}
