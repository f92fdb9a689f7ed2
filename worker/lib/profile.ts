import { eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { ApiError } from '../../platform/errors';
import { cleanFileName } from '../../schema/contracts/file-names';
import type { pageGuidesUpdate, profileUpdate } from '../../schema/contracts/profile';
import { users } from '../../schema/tables';
import type { Actor } from '../env';
import { changedFields } from './changes';
import { avatarKey, avatarPath, extensionOf, type ImageUpload, removeAvatars } from './files';
import { actingUser } from './onboarding';
import { toUserProfile } from './public-user';
import type { TenantDb } from './tenant-db';

/** The acting user (a parent acting for a student: that student), live; 404 once deleted. */
export const actingProfileUser = (tdb: TenantDb, actor: Actor) => actingUser(tdb, actor.actingUserId);

/** Writes only what differs from the profile as read, and answers the profile as GET /user/{id} does. */
export async function updateProfile(tdb: TenantDb, actor: Actor, current: Awaited<ReturnType<typeof toUserProfile>>, input: z.output<typeof profileUpdate>) {
  const changes = changedFields(current, input);
  if (Object.keys(changes).length === 0) return current;
  await tdb.db
    .update(users)
    .set(changes)
    .where(tdb.where(users, eq(users._id, actor.actingUserId)));
  return toUserProfile(tdb, await actingProfileUser(tdb, actor));
}

/** json_patch merges in the database, so two tabs dismissing different guides cannot undo each other. */
export async function dismissPageGuides(tdb: TenantDb, actor: Actor, guides: z.output<typeof pageGuidesUpdate>) {
  const row = await tdb.db
    .update(users)
    .set({ pageGuides: sql`json_patch(${users.pageGuides}, ${JSON.stringify(guides)})` })
    .where(tdb.where(users, eq(users._id, actor.actingUserId), isNull(users.deletedAt)))
    .returning({ pageGuides: users.pageGuides })
    .get();
  if (!row) throw new ApiError(404, 'User not found');
  return row;
}

export async function setAvatar(tdb: TenantDb, actor: Actor, avatar: string) {
  await tdb.db
    .update(users)
    .set({ avatar })
    .where(tdb.where(users, eq(users._id, actor.actingUserId)));
}

/**
 * Stores the acting user's new picture, points their profile at it and removes the pictures it replaces, in that
 * order: a failure half-way leaves the old picture shown, never a profile pointing at nothing.
 */
export async function replaceAvatar(tdb: TenantDb, actor: Actor, files: R2Bucket, upload: ImageUpload) {
  await actingUser(tdb, actor.actingUserId);
  const base = upload.name.replace(/\.[^.]*$/, '');
  const name = cleanFileName(`${base}.${extensionOf[upload.type]}`);
  const key = avatarKey(tdb.tenantId, actor.actingUserId, name);
  await files.put(key, upload.bytes, { httpMetadata: { contentType: upload.type, cacheControl: 'public, max-age=31536000, immutable' } });
  const avatar = avatarPath(actor.actingUserId, name);
  await setAvatar(tdb, actor, avatar);
  await removeAvatars(files, tdb.tenantId, actor.actingUserId, key);
  return avatar;
}
