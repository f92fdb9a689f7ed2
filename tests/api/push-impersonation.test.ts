import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { LogInAsUserResponse } from '../../schema/contracts/admin-users';
import { pushSubscriptions } from '../../schema/tables';
import { call } from '../helpers/admins';
import { signIn } from '../helpers/auth';
import { db, seedDemo } from '../helpers/seed';

const subscription = { token: { endpoint: 'https://push.example/admin-browser', keys: { p256dh: 'BPkey', auth: 'authkey' } } };

beforeAll(() => seedDemo());

describe('POST /fcm-token while acting as a user', () => {
  describe('permissions', () => {
    it("refuses, so an admin's browser never receives the user's messages, and stores nothing", async () => {
      const res = await call('POST', '/admin/users/log-in-as-user', await signIn('admin@studyhall.test'), {
        userId: 'user_student',
        reason: 'Checking his push notifications',
      });
      expect(res.status).toBe(200);
      const { access_token } = await res.json<LogInAsUserResponse>();
      const refused = await call('POST', '/fcm-token', access_token, subscription);
      expect(refused.status).toBe(403);
      expect(await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, subscription.token.endpoint)).all()).toEqual([]);
    });
  });

  describe('happy', () => {
    it('stores the subscription for the same user signed in as themselves', async () => {
      const res = await call('POST', '/fcm-token', await signIn('student@studyhall.test'), subscription);
      expect(res.status).toBe(201);
      const rows = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, subscription.token.endpoint)).all();
      expect(rows.map((row) => row.userId)).toEqual(['user_student']);
    });
  });
});
