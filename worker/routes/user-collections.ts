import { eq, isNull } from 'drizzle-orm';
import { type Context, Hono, type MiddlewareHandler } from 'hono';
import { every } from 'hono/combine';
import type { z } from 'zod';
import { ApiError } from '../../platform/errors';
import { idParam } from '../../schema/contracts/common';
import { collectionInputs, subjectInput } from '../../schema/contracts/profile';
import { users } from '../../schema/tables';
import type { AppBindings } from '../env';
import { toRecord } from '../lib/public-user';
import { type TenantDb, tenantDb } from '../lib/tenant-db';
import {
  addSubject,
  addToCollection,
  assertInCollection,
  type CollectionInput,
  collectionNames,
  removeFromCollection,
  removeSubject,
  updateInCollection,
} from '../lib/user-collections';
import { authOf, requireAuth } from '../middleware/auth';
import { requireAccount, requirePermission } from '../middleware/permissions';
import { parseJson, validate } from '../middleware/validate';

/**
 * The profile sub-collections (spec 1 section 7, spec 2 section 7), one implementation for both callers:
 * `/user/<collection>` works on the acting user's rows, `/admin/users/{userId}/<collection>` on any user of the
 * tenant for admins who may edit admin users. A row is only found through its owner, so another user's id is a
 * 404 and nothing changes.
 */

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

function collectionRoutes(prefix: string, guard: MiddlewareHandler<AppBindings>, ownerOf: OwnerOf) {
  const router = new Hono<AppBindings>();
  for (const name of collectionNames) {
    const input = collectionInputs[name] as unknown as z.ZodType<CollectionInput>;
    const path = `${prefix}/${name}`;

    router.post(path, guard, validate('json', input), async (c) => {
      const tdb = tenantDb(c);
      return c.json(toRecord(await addToCollection(tdb, name, await ownerOf(c, tdb), c.req.valid('json'))), 201);
    });

    router.put(`${path}/:id`, guard, validate('param', idParam), async (c) => {
      const tdb = tenantDb(c);
      const owner = await ownerOf(c, tdb);
      const { id } = c.req.valid('param');
      await assertInCollection(tdb, name, owner, id);
      return c.json(toRecord(await updateInCollection(tdb, name, owner, id, await parseJson(c, input))));
    });

    router.delete(`${path}/:id`, guard, validate('param', idParam), async (c) => {
      const tdb = tenantDb(c);
      return c.json(toRecord(await removeFromCollection(tdb, name, await ownerOf(c, tdb), c.req.valid('param').id)));
    });
  }

  router.post(`${prefix}/subjects`, guard, validate('json', subjectInput), async (c) => {
    const tdb = tenantDb(c);
    return c.json(toRecord(await addSubject(tdb, await ownerOf(c, tdb), c.req.valid('json'))), 201);
  });

  router.delete(`${prefix}/subjects/:id`, guard, validate('param', idParam), async (c) => {
    const tdb = tenantDb(c);
    return c.json(toRecord(await removeSubject(tdb, await ownerOf(c, tdb), c.req.valid('param').id)));
  });

  return router;
}

export const userCollectionRoutes = new Hono<AppBindings>()
  .route('/', collectionRoutes('/user', every(requireAuth, requireAccount), actingUser))
  .route('/', collectionRoutes('/admin/users/:userId', every(requireAuth, requirePermission('adminUsers', ['edit'])), pathUser));
