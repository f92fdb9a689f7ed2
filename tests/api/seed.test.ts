import { count } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { curricula, grades, metaTags, subjects, tenants, userMappers, users } from '../../schema/tables';
import { db, seedDemo } from '../helpers/seed';

const counts = async () => {
  const n = async (table: typeof tenants | typeof users | typeof userMappers | typeof curricula | typeof subjects | typeof grades | typeof metaTags) =>
    (await db.select({ n: count() }).from(table).get())?.n;
  return {
    tenants: await n(tenants),
    users: await n(users),
    userMappers: await n(userMappers),
    curricula: await n(curricula),
    subjects: await n(subjects),
    grades: await n(grades),
    metaTags: await n(metaTags),
  };
};

describe('happy', () => {
  it('seeds the demo data, and seeding again duplicates nothing', async () => {
    await seedDemo();
    const first = await counts();
    expect(first).toMatchObject({ tenants: 2, users: 8, userMappers: 2, curricula: 10 });
    await seedDemo();
    expect(await counts()).toEqual(first);
  });
});
