import { DatabaseSync } from 'node:sqlite';
import { Database } from '@hocuspocus/extension-database';
import { Server } from '@hocuspocus/server';

/**
 * The peers for bench/docs/run.ts, a stock Hocuspocus server in its own process: `memory` keeps documents in memory
 * only; `sqlite FILE` adds Hocuspocus's database extension storing each document's whole state in SQLite, as
 * `@hocuspocus/extension-sqlite` does (same table and statements), through Node's built-in `node:sqlite` since
 * `sqlite3` cannot be built here. Its store runs on Hocuspocus's defaults: debounced 2 s, at most 10 s, after
 * the change was sent to everyone.
 */
const [port, kind, file] = process.argv.slice(2) as [string, 'memory' | 'sqlite', string | undefined];

function sqliteExtension(path: string) {
  const db = new DatabaseSync(path);
  db.exec('CREATE TABLE IF NOT EXISTS "documents" ("name" varchar(255) NOT NULL, "data" blob NOT NULL, UNIQUE(name))');
  const select = db.prepare('SELECT data FROM "documents" WHERE name = $name ORDER BY rowid DESC');
  const upsert = db.prepare('INSERT INTO "documents" ("name", "data") VALUES ($name, $data) ON CONFLICT(name) DO UPDATE SET data = $data');
  return new Database({
    fetch: async ({ documentName }) => {
      const row = select.get({ name: documentName }) as { data: Uint8Array } | undefined;
      return row ? new Uint8Array(row.data) : null;
    },
    store: async ({ documentName, state }) => {
      upsert.run({ name: documentName, data: state });
    },
  });
}

const server = new Server({ port: Number(port), quiet: true, extensions: kind === 'sqlite' && file ? [sqliteExtension(file)] : [] });
await server.listen();
process.send?.('ready');
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void server.destroy().then(() => process.exit(0)));
