/**
 * A D1 binding that counts what reaches the database: each call that runs SQL is one round trip; a batch is one
 * round trip carrying several statements. Statements are kept so a run can say which ones a request made.
 */

interface Statement {
  bind(...values: unknown[]): Statement;
  first(...args: unknown[]): Promise<unknown>;
  all(): Promise<unknown>;
  run(): Promise<unknown>;
  raw(...args: unknown[]): Promise<unknown>;
}

export interface D1Like {
  prepare(sql: string): Statement;
  batch(statements: Statement[]): Promise<unknown[]>;
  exec(sql: string): Promise<unknown>;
}

export interface Tally {
  trips: number;
  statements: string[];
}

const REAL = Symbol('real statement');

export function countingD1(db: D1Like, tally: Tally): D1Like {
  const wrap = (stmt: Statement, sql: string): Statement => {
    const once = <T>(run: () => Promise<T>) => {
      tally.trips++;
      tally.statements.push(sql);
      return run();
    };
    return Object.assign(
      {
        bind: (...values: unknown[]) => wrap(stmt.bind(...values), sql),
        first: (...args: unknown[]) => once(() => stmt.first(...args)),
        all: () => once(() => stmt.all()),
        run: () => once(() => stmt.run()),
        raw: (...args: unknown[]) => once(() => stmt.raw(...args)),
      },
      { [REAL]: { stmt, sql } },
    );
  };
  return {
    prepare: (sql) => wrap(db.prepare(sql), sql),
    batch: (statements) => {
      tally.trips++;
      const real = statements.map((s) => (s as unknown as { [REAL]: { stmt: Statement; sql: string } })[REAL]);
      tally.statements.push(...real.map((r) => r.sql));
      return db.batch(real.map((r) => r.stmt));
    },
    exec: (sql) => {
      tally.trips++;
      tally.statements.push(sql);
      return db.exec(sql);
    },
  };
}
