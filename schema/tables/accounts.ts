import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { roleNames } from '../contracts/auth';
import { idColumn, tenantColumn, timestamps } from './columns';

export { type RoleName, roleNames } from '../contracts/auth';

export const users = sqliteTable(
  'users',
  {
    _id: idColumn(),
    tenantId: tenantColumn(),
    email: text('email'),
    firstname: text('firstname').notNull().default(''),
    lastname: text('lastname').notNull().default(''),
    role: text('role', { enum: roleNames }).notNull(),
    /** Versioned hash string, see worker/lib/passwords.ts. Null for guests. */
    passwordHash: text('password_hash'),
    timezone: text('timezone').notNull().default('Asia/Singapore'),
    currency: text('currency').notNull().default('USD'),
    country: text('country'),
    avatar: text('avatar'),
    onboarded: integer('onboarded', { mode: 'boolean' }).notNull().default(false),
    phone: text('phone'),
    bio: text('bio').notNull().default(''),
    /** Learner's curriculum and grade, chosen at onboarding (names, as the curriculum list shows them). */
    curriculum: text('curriculum'),
    grade: text('grade'),
    /** For admins: the tenant role whose permission map applies (roles._id). */
    adminRoleId: text('admin_role_id'),
    /** For tutors: available, notAvailable, onABreak, resigned, demoStage, notAvailableAdmin, notInterested. */
    availabilityState: text('availability_state'),
    /** Which page guides the user has dismissed: guide key → true. */
    pageGuides: text('page_guides', { mode: 'json' }).$type<Record<string, boolean>>().notNull().default({}),
    /** Plans an admin assigned to the user (ids of this tenant's plans by kind, checked when they are set). */
    plans: text('plans', { mode: 'json' })
      .$type<{ flexiblePlans: string[]; subscriptionPlans: string[] }>()
      .notNull()
      .default({ flexiblePlans: [], subscriptionPlans: [] }),
    /** Set when an admin sent a temporary password; cleared when the user sets their own. */
    mustChangePassword: integer('must_change_password', { mode: 'boolean' }).notNull().default(false),
    deletedAt: integer('deleted_at', { mode: 'timestamp_ms' }),
    ...timestamps(),
  },
  (t) => [uniqueIndex('users_tenant_email').on(t.tenantId, t.email), index('users_tenant_role').on(t.tenantId, t.role)],
);

/** A parent (the user) acting for several students. */
export const userMappers = sqliteTable(
  'user_mappers',
  {
    _id: idColumn(),
    tenantId: tenantColumn(),
    parentId: text('parent_id')
      .notNull()
      .references(() => users._id),
    studentId: text('student_id')
      .notNull()
      .references(() => users._id),
    ...timestamps(),
  },
  (t) => [uniqueIndex('user_mappers_pair').on(t.parentId, t.studentId)],
);

/** One row per signed-in session, so a password reset or sign-out can end sessions before their tokens expire. */
export const sessions = sqliteTable(
  'sessions',
  {
    _id: idColumn(),
    tenantId: tenantColumn(),
    userId: text('user_id')
      .notNull()
      .references(() => users._id),
    authType: text('auth_type').notNull(),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    revokedAt: integer('revoked_at', { mode: 'timestamp_ms' }),
    /** The admin acting as this user (log-in-as-user); null for a person's own session. */
    impersonatorId: text('impersonator_id'),
    /** The admin's own session to return to when the impersonation ends. */
    returnSessionId: text('return_session_id'),
    ...timestamps(),
  },
  (t) => [index('sessions_user').on(t.userId)],
);

export type User = typeof users.$inferSelect;

/**
 * Sign-in, reset and sign-up attempts per key (`pair:`, `address:`, `account:`, `reset:`, `sign-up:` + tenant and
 * hashed address or e-mail) in a fixed window; see worker/lib/rate-limit.ts. Not tenant-scoped: the key carries it.
 */
export const signInAttempts = sqliteTable('sign_in_attempts', {
  key: text('key').primaryKey(),
  windowStart: integer('window_start', { mode: 'timestamp_ms' }).notNull(),
  failures: integer('failures').notNull(),
  /** No attempt on this key is taken before this time: the growing delay, or the refusal until the window ends. */
  blockedUntil: integer('blocked_until', { mode: 'timestamp_ms' }).notNull().default(sql`0`),
  /** The id of the last attempt this key let through, so a request can tell from RETURNING whether it was counted. */
  lastAttempt: text('last_attempt'),
});

/** Addresses (hashed with the token secret) a user has signed in from: they skip the per-address limit. */
export const knownSignInAddresses = sqliteTable(
  'known_sign_in_addresses',
  {
    tenantId: tenantColumn(),
    userId: text('user_id')
      .notNull()
      .references(() => users._id),
    addressHash: text('address_hash').notNull(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' })
      .notNull()
      .$defaultFn(() => new Date()),
  },
  (t) => [primaryKey({ columns: [t.userId, t.addressHash] })],
);
