/**
 * Makes tickets single use. A ticket opens exactly one room, so the room's own SQLite is the complete ledger:
 * no shared store is needed. Rows outlive their ticket by nothing; expired ones are dropped as new ones arrive.
 *
 * A claim is checked by a read and held in memory at once, and written just after the room has answered: a write
 * made while answering holds the answer (the 101 and the first frames) until it is committed, which made every
 * connection wait for a disk write. The room is one thread, so a second use of the ticket meanwhile finds it in
 * memory; only a crash in that instant could forget a claim, for a ticket that lives a minute and names its user.
 */
export class UsedTickets {
  private readonly unwritten = new Map<string, number>();
  private writing: ReturnType<typeof setTimeout> | null = null;

  constructor(private readonly sql: SqlStorage) {
    sql.exec('CREATE TABLE IF NOT EXISTS used_tickets (id TEXT PRIMARY KEY, expires_at INTEGER NOT NULL)');
  }

  /** Records the ticket; false when it was used before. */
  claim(ticketId: string, expiresAt: number): boolean {
    if (this.unwritten.has(ticketId)) return false;
    if (this.sql.exec('SELECT 1 FROM used_tickets WHERE id = ?', ticketId).toArray().length > 0) return false;
    this.unwritten.set(ticketId, expiresAt);
    this.writing ??= setTimeout(() => this.write(), 0);
    return true;
  }

  /** The claims held in memory, written together, and the expired ones dropped. */
  private write(now = Math.floor(Date.now() / 1000)) {
    this.writing = null;
    this.sql.exec('DELETE FROM used_tickets WHERE expires_at < ?', now);
    for (const [id, expiresAt] of this.unwritten) {
      this.sql.exec('INSERT INTO used_tickets (id, expires_at) VALUES (?, ?) ON CONFLICT (id) DO NOTHING', id, expiresAt);
    }
    this.unwritten.clear();
  }
}
