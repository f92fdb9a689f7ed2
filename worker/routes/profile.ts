import { Hono } from 'hono';
import { z } from 'zod';
import { ApiError, fieldError } from '../../platform/errors';
import { isCleanFileName } from '../../schema/contracts/file-names';
import { accountDeletion, pageGuidesUpdate, profileUpdate } from '../../schema/contracts/profile';
import type { AppBindings } from '../env';
import { withoutEchoes } from '../lib/changes';
import { avatarKey, MAX_AVATAR_BYTES } from '../lib/files';
import { actingUser } from '../lib/onboarding';
import { DUMMY_HASH, verifyPassword } from '../lib/passwords';
import { actingProfileUser, dismissPageGuides, replaceAvatar, updateProfile } from '../lib/profile';
import { toUserProfile } from '../lib/public-user';
import { tenantDb } from '../lib/tenant-db';
import { deleteUserAccount } from '../lib/user-deletion';
import { authOf, requireAuth } from '../middleware/auth';
import { readImageUpload } from '../middleware/image-upload';
import { refuseWhileImpersonating, requireAccount } from '../middleware/permissions';
import { parseJson, validate } from '../middleware/validate';

/** Multipart framing around the file: the body may exceed the file's own size by this much. */

/** The acting user's own profile: a parent acting for a student edits that student's profile. */
export const profileRoutes = new Hono<AppBindings>()
  .put('/user', requireAuth, requireAccount, async (c) => {
    const tdb = tenantDb(c);
    const actor = authOf(c);
    const current = await toUserProfile(tdb, await actingProfileUser(tdb, actor));
    // The profile as GET /user/{id} answers it can be sent back: read-only fields equal to what was read are dropped.
    const input = await parseJson(
      c,
      z.preprocess((body) => withoutEchoes(body, current, Object.keys(profileUpdate.shape)), profileUpdate),
    );
    return c.json(await updateProfile(tdb, actor, current, input));
  })
  .put('/user/page-guides', requireAuth, requireAccount, validate('json', pageGuidesUpdate), async (c) => {
    return c.json(await dismissPageGuides(tenantDb(c), authOf(c), c.req.valid('json')));
  })
  .put('/user/delete', requireAuth, requireAccount, refuseWhileImpersonating, async (c) => {
    const tdb = tenantDb(c);
    const auth = authOf(c);
    if (auth.actingUserId !== auth.userId) throw new ApiError(403, 'Switch back to your own account to delete it');
    const user = await actingUser(tdb, auth.userId);
    const { password } = await parseJson(c, accountDeletion);
    // A hash is always checked, so the answer takes as long for an account without a password.
    const correct = await verifyPassword(password, user.passwordHash ?? DUMMY_HASH);
    if (!correct || !user.passwordHash) throw fieldError('password', 'is incorrect');
    await deleteUserAccount(tdb, c.env.FILES, user);
    return c.json({ message: 'Your account has been deleted' });
  })
  .post('/user/avatar', requireAuth, requireAccount, async (c) => {
    const avatar = await replaceAvatar(tenantDb(c), authOf(c), c.env.FILES, await readImageUpload(c, MAX_AVATAR_BYTES));
    return c.json({ avatar }, 201);
  })
  // No sign-in: an <img> cannot send a bearer token. The tenant comes from the host, so keys never cross tenants.
  .get(
    '/files/avatars/:userId/:name',
    validate('param', z.object({ userId: z.string().regex(/^[A-Za-z0-9_]{1,64}$/), name: z.string().refine(isCleanFileName) })),
    async (c) => {
      const { userId, name } = c.req.valid('param');
      const object = await c.env.FILES.get(avatarKey(c.get('tenant')._id, userId, name));
      if (!object) throw new ApiError(404, 'File not found');
      const headers = new Headers({ 'x-content-type-options': 'nosniff', 'content-disposition': 'inline' });
      object.writeHttpMetadata(headers);
      headers.set('etag', object.httpEtag);
      return new Response(object.body, { headers });
    },
  );
