import { eq, gt, isNull } from 'drizzle-orm';
import { fieldError } from '../../platform/errors';
import { RESET_TOKEN_INVALID } from '../../schema/contracts/passwords';
import { passwordResets, users } from '../../schema/tables';
import { hashPassword } from './passwords';
import { newResetToken, sha256Hex } from './reset-tokens';
import { revokeSessions } from './sessions';
import type { TenantDb } from './tenant-db';

/** A reset token for the user, stored only as its SHA-256; the caller mails the token itself. */
export async function issueResetToken(tdb: TenantDb, userId: string, minutes: number) {
  const token = newResetToken();
  const issuedAt = Date.now();
  await tdb.db.insert(passwordResets).values(
    tdb.values(passwordResets, {
      userId,
      tokenHash: await sha256Hex(token),
      createdAt: new Date(issuedAt),
      expiresAt: new Date(issuedAt + minutes * 60 * 1000),
    }),
  );
  return token;
}

/**
 * Sets the new password if the token is the user's, unused and unexpired. Consuming it is one conditional UPDATE,
 * so two uses of the same link cannot both succeed; every other link is used up and every session ends with it.
 */
export async function resetPassword(tdb: TenantDb, userId: string, token: string, password: string) {
  const passwordHash = await hashPassword(password);
  const now = new Date();
  const consumed = await tdb.db
    .update(passwordResets)
    .set({ usedAt: now })
    .where(
      tdb.where(
        passwordResets,
        eq(passwordResets.tokenHash, await sha256Hex(token)),
        eq(passwordResets.userId, userId),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, now),
      ),
    )
    .returning({ _id: passwordResets._id })
    .get();
  if (!consumed) throw fieldError('token', RESET_TOKEN_INVALID);

  await tdb.db.batch([
    tdb.db
      .update(users)
      .set({ passwordHash, mustChangePassword: false })
      .where(tdb.where(users, eq(users._id, userId))),
    // Other links sent before this one must not reopen the account.
    tdb.db
      .update(passwordResets)
      .set({ usedAt: now })
      .where(tdb.where(passwordResets, eq(passwordResets.userId, userId), isNull(passwordResets.usedAt))),
    revokeSessions(tdb, userId),
  ]);
}

/** Stores the password again under the current hash parameters, after it was checked against older ones. */
export async function rehashPassword(tdb: TenantDb, userId: string, password: string) {
  await tdb.db
    .update(users)
    .set({ passwordHash: await hashPassword(password) })
    .where(tdb.where(users, eq(users._id, userId)));
}
