import { eq } from 'drizzle-orm';
import { TENANT_IDS } from '../../schema/seed';
import { users } from '../../schema/tables';
import { api, signIn } from './auth';
import { db, PARTNER_HOST, seedDemo } from './seed';

export const ROLE_IDS = {
  admin: `role_admin_${TENANT_IDS.studyhall}`,
  approver: `role_approver_${TENANT_IDS.studyhall}`,
  enterer: `role_enterer_${TENANT_IDS.studyhall}`,
  partnerAdmin: `role_admin_${TENANT_IDS.brightpath}`,
};

/** Admins beside the seeded one: narrower roles here, and a full admin of the partner tenant. */
export const EXTRA_ADMINS = {
  approver: { _id: 'user_approver', tenantId: TENANT_IDS.studyhall, email: 'approver@studyhall.test', adminRoleId: ROLE_IDS.approver, host: 'localhost' },
  enterer: { _id: 'user_enterer', tenantId: TENANT_IDS.studyhall, email: 'enterer@studyhall.test', adminRoleId: ROLE_IDS.enterer, host: 'localhost' },
  partner: { _id: 'user_partner_admin', tenantId: TENANT_IDS.brightpath, email: 'admin@partner.test', adminRoleId: ROLE_IDS.partnerAdmin, host: PARTNER_HOST },
} as const;

/** Inserts the extra admins with the demo password (the seeded admin's hash), once per test file. */
export async function seedExtraAdmins() {
  const source = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users._id, 'user_admin')).get();
  for (const { host: _host, ...admin } of Object.values(EXTRA_ADMINS)) {
    await db
      .insert(users)
      .values({ ...admin, role: 'ADMIN', firstname: admin._id.split('_')[1]!, lastname: 'Admin', passwordHash: source!.passwordHash, onboarded: true })
      .onConflictDoNothing();
  }
}

export const signInAs = (who: keyof typeof EXTRA_ADMINS) => signIn(EXTRA_ADMINS[who].email, EXTRA_ADMINS[who].host);

/** Tokens for every kind of caller a permissions test tries. */
export async function callers() {
  return {
    admin: await signIn('admin@studyhall.test'),
    student: await signIn('student@studyhall.test'),
    tutor: await signIn('tutor@studyhall.test'),
    parent: await signIn('parent@studyhall.test'),
    approver: await signInAs('approver'),
    enterer: await signInAs('enterer'),
    partner: await signInAs('partner'),
  };
}
export type Callers = Awaited<ReturnType<typeof callers>>;

/** A JSON call with a bearer token; `path` is below /api. */
export function call(method: string, path: string, token: string, body?: unknown, host = 'localhost') {
  return api(
    path,
    {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    },
    host,
  );
}

/** The demo with the extra admins, a token for each caller, and one for Maya, the second student. */
export async function seedCallersAndMaya() {
  await seedDemo();
  await seedExtraAdmins();
  return { as: await callers(), maya: await signIn('student2@studyhall.test') };
}
