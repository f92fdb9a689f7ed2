import type { ConsentDecision, ConsentRecord, RecordingFrame, RecordingPerson } from '../../schema/contracts/lesson-recordings';

/** How long after the tutor stops a tab's last chunk may arrive: a chunk's few seconds and its upload. */
export const LAST_CHUNK_GRACE_MS = 15_000;

interface Round {
  round: number;
  askedBy: string;
  askedAt: number;
  startedAt: number | null;
  stoppedAt: number | null;
}

/**
 * A lesson's recording consent, kept in its board room's SQLite: each time the tutor asks is a round; every decision
 * is appended (who, what, when), so the replay can show them and nothing is overwritten. Recording starts once every
 * person present has agreed in the current round; after that a newcomer is asked and is recorded only once they agree.
 */
export class RecordingConsent {
  constructor(private readonly sql: SqlStorage) {
    sql.exec('CREATE TABLE IF NOT EXISTS recording_people (user TEXT PRIMARY KEY, name TEXT NOT NULL)');
    sql.exec(
      'CREATE TABLE IF NOT EXISTS recording_rounds (round INTEGER PRIMARY KEY, asked_by TEXT NOT NULL, asked_at INTEGER NOT NULL, started_at INTEGER, stopped_at INTEGER)',
    );
    sql.exec(
      'CREATE TABLE IF NOT EXISTS recording_decisions (id INTEGER PRIMARY KEY, round INTEGER NOT NULL, user TEXT NOT NULL, decision TEXT NOT NULL, at INTEGER NOT NULL)',
    );
  }

  /** Remembers how a person is called, so the room can name who has not agreed yet. */
  meet(userId: string, name: string) {
    this.sql.exec('INSERT INTO recording_people (user, name) VALUES (?, ?) ON CONFLICT (user) DO UPDATE SET name = excluded.name', userId, name);
  }

  private current(): Round | null {
    const row = this.sql
      .exec<{ round: number; asked_by: string; asked_at: number; started_at: number | null; stopped_at: number | null }>(
        'SELECT * FROM recording_rounds ORDER BY round DESC LIMIT 1',
      )
      .toArray()[0];
    if (!row || row.stopped_at !== null) return null;
    return { round: row.round, askedBy: row.asked_by, askedAt: row.asked_at, startedAt: row.started_at, stoppedAt: row.stopped_at };
  }

  private decisions(round: number) {
    const latest = new Map<string, { decision: ConsentDecision; at: number }>();
    for (const row of this.sql.exec<{ user: string; decision: ConsentDecision; at: number }>(
      'SELECT user, decision, at FROM recording_decisions WHERE round = ? ORDER BY id',
      round,
    )) {
      latest.set(row.user, { decision: row.decision, at: row.at });
    }
    return latest;
  }

  private names() {
    return new Map(
      this.sql
        .exec<{ user: string; name: string }>('SELECT user, name FROM recording_people')
        .toArray()
        .map((r) => [r.user, r.name]),
    );
  }

  /** The tutor asks: a new round, in which asking counts as their own agreement. Asking again while one runs changes nothing. */
  ask(userId: string, now: number, present: string[]) {
    if (!this.current()) {
      const next = (this.sql.exec<{ last: number | null }>('SELECT max(round) AS last FROM recording_rounds').one().last ?? 0) + 1;
      this.sql.exec('INSERT INTO recording_rounds (round, asked_by, asked_at) VALUES (?, ?, ?)', next, userId, now);
      this.sql.exec('INSERT INTO recording_decisions (round, user, decision, at) VALUES (?, ?, ?, ?)', next, userId, 'agreed', now);
    }
    this.settle(now, present);
  }

  stop(now: number) {
    const round = this.current();
    if (round) this.sql.exec('UPDATE recording_rounds SET stopped_at = ? WHERE round = ?', now, round.round);
  }

  /**
   * A person's word in the current round. Saying no after agreeing is a withdrawal. Answers false when nobody has
   * asked (there is nothing to agree to).
   */
  decide(userId: string, agree: boolean, now: number, present: string[]): boolean {
    const round = this.current();
    if (!round) return false;
    const before = this.decisions(round.round).get(userId)?.decision;
    const decision: ConsentDecision = agree ? 'agreed' : before === 'agreed' ? 'withdrawn' : 'declined';
    this.sql.exec('INSERT INTO recording_decisions (round, user, decision, at) VALUES (?, ?, ?, ?)', round.round, userId, decision, now);
    this.settle(now, present);
    return true;
  }

  /** Starts the round's recording once everyone present has agreed (called on every decision and departure). */
  settle(now: number, present: string[]) {
    const round = this.current();
    if (!round || round.startedAt !== null) return;
    const decided = this.decisions(round.round);
    if (present.every((user) => decided.get(user)?.decision === 'agreed')) {
      this.sql.exec('UPDATE recording_rounds SET started_at = ? WHERE round = ?', now, round.round);
    }
  }

  /**
   * Whether a chunk of this person's may be stored now: the recording runs and they agreed in it. A recording the
   * tutor stopped moments ago still takes the last chunk each tab sends as its recorder stops; a withdrawal takes
   * effect at once.
   */
  mayRecord(userId: string, now: number) {
    const row = this.sql
      .exec<{ round: number; started_at: number | null; stopped_at: number | null }>(
        'SELECT round, started_at, stopped_at FROM recording_rounds ORDER BY round DESC LIMIT 1',
      )
      .toArray()[0];
    if (!row || row.started_at === null) return false;
    if (row.stopped_at !== null && now - row.stopped_at > LAST_CHUNK_GRACE_MS) return false;
    return this.decisions(row.round).get(userId)?.decision === 'agreed';
  }

  /** The state every tab shows: who asked, who agreed, who is still to say. */
  frame(present: string[]): RecordingFrame {
    const round = this.current();
    if (!round) return { type: 'recordingState', state: 'off', askedBy: null, startedAt: null, people: [] };
    const names = this.names();
    const decided = this.decisions(round.round);
    const here = new Set(present);
    const people: RecordingPerson[] = [...new Set([...present, ...decided.keys()])].map((userId) => {
      const word = decided.get(userId);
      return { userId, name: names.get(userId) ?? 'Someone', present: here.has(userId), decision: word?.decision ?? 'pending', at: word?.at ?? null };
    });
    return {
      type: 'recordingState',
      state: round.startedAt === null ? 'asking' : 'recording',
      askedBy: { userId: round.askedBy, name: names.get(round.askedBy) ?? 'The tutor' },
      startedAt: round.startedAt,
      people,
    };
  }

  /** Every decision ever taken in this lesson, oldest first, for the replay. */
  log(): ConsentRecord[] {
    const names = this.names();
    return this.sql
      .exec<{ user: string; decision: ConsentDecision; at: number }>('SELECT user, decision, at FROM recording_decisions ORDER BY id')
      .toArray()
      .map((r) => ({ userId: r.user, name: names.get(r.user) ?? 'Someone', decision: r.decision, at: r.at }));
  }
}
