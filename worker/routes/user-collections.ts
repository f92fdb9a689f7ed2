import { and, eq, isNull } from 'drizzle-orm';
import { type Context, Hono, type MiddlewareHandler } from 'hono';
import { every } from 'hono/combine';
import { z } from 'zod';
import { collectionInputs, type CollectionName, subjectInput } from '../../schema/contracts/profile';
import {
  userAchievements,
  userExperiences,
  userLanguages,
  userQualifications,
  users,
  userSubjects,
} from '../../schema/tables';
import type { AppBindings } from '../env';
import { toRecord } from '../lib/public-user';
import { assertInCatalogue } from '../lib/user-collections';
import { type TenantDb, tenantDb } from '../lib/tenant-db';
import { authOf, requireAuth } from '../middleware/auth';
import { ApiError, fieldError } from '../../platform/errors';
import { requireAccount, requirePermission } from '../middleware/permissions';
import { validate } from '../middleware/validate';

/**
 * The profile sub-collections (spec 1 section 7, spec 2 section 7), one implementation for both callers:
 * `/user/<collection>` works on the acting user's rows, `/admin/users/{userId}/<collection>` on any user of the
 * tenant for admins who may edit admin users. A row is only found through its owner, so another user's id is a
 * 404 and nothing changes.
 */

// Every collection table has the same owner columns; drizzle's per-table types are unified here once.
type CollectionTable = typeof userExperiences;
const tables: Record<CollectionName, CollectionTable> = {
  experiences: userExperiences,
  qualifications: userQualifications as unknown as CollectionTable,
  achievements: userAchievements as unknown as CollectionTable,
  languages: userLanguages as unknown as CollectionTable,
};

const singular: Record<CollectionName | 'subjects', string> = {
  experiences: 'Experience',
  qualifications: 'Qualification',
  achievements: 'Achievement',
  languages: 'Language',
  subjects: 'Subject',
};

const idParam = z.object({ id: z.string().min(1).max(64) });

type Ctx = Context<AppBindings>;
/** Who owns the rows a request works on. */
type OwnerOf = (c: Ctx, tdb: TenantDb) => Promise<string>;

const actingUser: OwnerOf = async (c) => authOf(c).actingUserId;

/** For admins: the user named in the path, who must be a live, non-guest user of this tenant. */
const pathUser: OwnerOf = async (c, tdb) => {
  const userId = c.req.param('userId') ?? '';
  const user = await tdb.db
    .select({ _id: users._id, role: users.role })
    .from(users)
    .where(tdb.where(users, eq(users._id, userId), isNull(users.deletedAt)))
    .get();
  if (!user || user.role === 'GUEST') throw new ApiError(404, 'User not found');
  return user._id;
};

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    if (e.message.includes('UNIQUE constraint failed')) return true;
  }
  return false;
}

const alreadyThere = (name: CollectionName | 'subjects') =>
  new ApiError(409, name === 'languages' ? 'This language is already on the profile' : `This ${singular[name].toLowerCase()} is already on the profile`);

function collectionRoutes(prefix: string, guard: MiddlewareHandler<AppBindings>, ownerOf: OwnerOf) {
  const router = new Hono<AppBindings>();
  for (const name of Object.keys(tables) as CollectionName[]) {
    const table = tables[name];
    const input = collectionInputs[name] as unknown as z.ZodType<Omit<CollectionTable['$inferInsert'], 'tenantId' | 'userId'>>;
    const notFound = () => new ApiError(404, `${singular[name]} not found`);
    const path = `${prefix}/${name}`;

    router.post(path, guard, validate('json', input), async (c) => {
      const tdb = tenantDb(c);
      const userId = await ownerOf(c, tdb);
      try {
        const row = await tdb.db.insert(table).values(tdb.values(table, { ...c.req.valid('json'), userId })).returning().get();
        return c.json(toRecord(row), 201);
      } catch (error) {
        if (isUniqueViolation(error)) throw alreadyThere(name);
        throw error;
      }
    });

    router.put(`${path}/:id`, guard, validate('param', idParam), validate('json', input), async (c) => {
      const tdb = tenantDb(c);
      const userId = await ownerOf(c, tdb);
      try {
        const row = await tdb.db
          .update(table)
          .set(c.req.valid('json'))
          .where(tdb.where(table, eq(table._id, c.req.valid('param').id), eq(table.userId, userId)))
          .returning()
          .get();
        if (!row) throw notFound();
        return c.json(toRecord(row));
      } catch (error) {
        if (isUniqueViolation(error)) throw alreadyThere(name);
        throw error;
      }
    });

    router.delete(`${path}/:id`, guard, validate('param', idParam), async (c) => {
      const tdb = tenantDb(c);
      const userId = await ownerOf(c, tdb);
      const row = await tdb.db
        .delete(table)
        .where(tdb.where(table, eq(table._id, c.req.valid('param').id), eq(table.userId, userId)))
        .returning()
        .get();
      if (!row) throw notFound();
      return c.json(toRecord(row));
    });
  }

  router.post(`${prefix}/subjects`, guard, validate('json', subjectInput), async (c) => {
    const tdb = tenantDb(c);
    const userId = await ownerOf(c, tdb);
    const choice = c.req.valid('json');
    await assertInCatalogue(tdb, choice);
    const row = await tdb.db
      .insert(userSubjects)
      .values(tdb.values(userSubjects, { ...choice, userId }))
      .onConflictDoNothing()
      .returning()
      .get();
    if (!row) throw alreadyThere('subjects');
    return c.json(toRecord(row), 201);
  });

  router.delete(`${prefix}/subjects/:id`, guard, validate('param', idParam), async (c) => {
    const tdb = tenantDb(c);
    const userId = await ownerOf(c, tdb);
    const row = await tdb.db
      .delete(userSubjects)
      .where(tdb.where(userSubjects, eq(userSubjects._id, c.req.valid('param').id), eq(userSubjects.userId, userId)))
      .returning()
      .get();
    if (!row) throw new ApiError(404, 'Subject not found');
    return c.json(toRecord(row));
  });

  return router;
}

export const userCollectionRoutes = new Hono<AppBindings>()
  .route('/', collectionRoutes('/user', every(requireAuth, requireAccount), actingUser))
  .route('/', collectionRoutes('/admin/users/:userId', every(requireAuth, requirePermission('adminUsers', ['edit'])), pathUser));
