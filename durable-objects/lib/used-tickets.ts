/**
 * Makes tickets single use. A ticket opens exactly one room, so the room's own SQLite is the complete ledger:
 * no shared store is needed. Rows outlive their ticket by nothing; expired ones are dropped as new ones arrive.
 */
export class UsedTickets {
  constructor(private readonly sql: SqlStorage) {
    sql.exec('CREATE TABLE IF NOT EXISTS used_tickets (id TEXT PRIMARY KEY, expires_at INTEGER NOT NULL)');
  }

  /** Records the ticket; false when it was used before. */
  claim(ticketId: string, expiresAt: number, now = Math.floor(Date.now() / 1000)): boolean {
    this.sql.exec('DELETE FROM used_tickets WHERE expires_at < ?', now);
    const inserted = this.sql.exec('INSERT INTO used_tickets (id, expires_at) VALUES (?, ?) ON CONFLICT (id) DO NOTHING RETURNING id', ticketId, expiresAt);
    return inserted.toArray().length === 1;
  }
}
