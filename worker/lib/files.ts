/** R2 storage of uploads: every key starts with the tenant id, so one tenant's files can never be served to another. */

export const MAX_AVATAR_BYTES = 2 * 1024 * 1024;

export const avatarTypes = ['image/png', 'image/jpeg', 'image/webp'] as const;
export type AvatarType = (typeof avatarTypes)[number];

/** An uploaded image whose type was read from its bytes. */
export interface ImageUpload {
  bytes: Uint8Array;
  type: AvatarType;
  /** The name the person's device gave the file. */
  name: string;
}

const avatarPrefix = (tenantId: string, userId: string) => `${tenantId}/avatars/${userId}/`;
export const avatarKey = (tenantId: string, userId: string, name: string) => `${avatarPrefix(tenantId, userId)}${name}`;

/** What clients put in an <img src>: the tenant comes from the host, so it is not part of the path. */
export const avatarPath = (userId: string, name: string) => `/api/files/avatars/${userId}/${name}`;

const startsWith = (bytes: Uint8Array, signature: number[], offset = 0) => signature.every((byte, i) => bytes[offset + i] === byte);

/**
 * The image type the bytes really are, or null. The declared type is the browser's guess from the file name;
 * the stored file is only ever served as the type its contents prove.
 */
export function sniffImageType(bytes: Uint8Array): AvatarType | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  return null;
}

export const extensionOf: Record<AvatarType, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' };

/** Every stored object under the prefix, across R2's pages of results. */
async function keysUnder(bucket: R2Bucket, prefix: string) {
  const keys: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await bucket.list({ prefix, cursor });
    keys.push(...page.objects.map((o) => o.key));
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  return keys;
}

/** Removes the user's avatar files except `keep` (the one just uploaded). */
export async function removeAvatars(bucket: R2Bucket, tenantId: string, userId: string, keep?: string) {
  const stale = (await keysUnder(bucket, avatarPrefix(tenantId, userId))).filter((key) => key !== keep);
  if (stale.length) await bucket.delete(stale);
}
