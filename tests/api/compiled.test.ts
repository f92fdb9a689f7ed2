import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { databaseFor } from '../../platform/database';
import { DEMO_USERS, TENANT_IDS } from '../../schema/seed';
import { creditEntries, users } from '../../schema/tables';
import type { Env } from '../../worker/env';
import { compiled, runBatch } from '../../worker/lib/compiled';
import { scopedDb } from '../../worker/lib/tenant-db';
import { seedDemo } from '../helpers/seed';

const db = databaseFor((env as unknown as Env).DB);
const studyhall = scopedDb(db, TENANT_IDS.studyhall);
const partner = scopedDb(db, TENANT_IDS.brightpath);

const userById = compiled(['userId'], (tdb, p) =>
  tdb.db
    .select({ email: users.email })
    .from(users)
    .where(tdb.where(users, eq(users._id, p.userId))),
);
const entry = compiled(['_id', 'studentId', 'kind', 'minutes', 'sourceId', 'expiresAt', 'description', 'adminNotes', 'createdAt', 'updatedAt'], (tdb, p) =>
  tdb.db.insert(creditEntries).values({ ...p, tenantId: tdb.tenantId }),
);

beforeAll(seedDemo);

describe('statements compiled once per isolate', () => {
  it('reads within the running tenant only, whoever built the statement first', async () => {
    const [[sam]] = await runBatch(db, [userById(studyhall, { userId: DEMO_USERS.student._id })]);
    expect(sam?.email).toBe('student@studyhall.test');
    const [fromPartner] = await runBatch(db, [userById(partner, { userId: DEMO_USERS.student._id })]);
    expect(fromPartner).toEqual([]);
  });

  it('writes each run’s own values, with a Date as its milliseconds and null as null', async () => {
    const at = new Date('2026-11-01T10:00:00Z');
    const run = (id: string, expiresAt: Date | null) =>
      entry(studyhall, {
        _id: id,
        studentId: DEMO_USERS.student._id,
        kind: 'ADJUSTMENT',
        minutes: 5,
        sourceId: id,
        expiresAt,
        description: 'compiled test',
        adminNotes: [],
        createdAt: at,
        updatedAt: at,
      });
    await runBatch(db, [run('compiled_a', at), run('compiled_b', null)]);
    const rows = await db.select().from(creditEntries).where(eq(creditEntries.description, 'compiled test'));
    expect(rows.map((r) => [r._id, r.tenantId, r.expiresAt?.toISOString() ?? null, r.createdAt.toISOString(), r.adminNotes])).toEqual([
      ['compiled_a', TENANT_IDS.studyhall, at.toISOString(), at.toISOString(), []],
      ['compiled_b', TENANT_IDS.studyhall, null, at.toISOString(), []],
    ]);
  });

  it('refuses a statement that fixed a value when it was built, such as a generated id', () => {
    const careless = compiled(['studentId'], (tdb, p) =>
      tdb.db
        .insert(creditEntries)
        .values({ studentId: p.studentId, tenantId: tdb.tenantId, kind: 'ADJUSTMENT', minutes: 1, sourceId: 'x', description: 'fixed' }),
    );
    expect(() => careless(studyhall, { studentId: DEMO_USERS.student._id })).toThrow(/fixed a value when it was built/);
  });
});
