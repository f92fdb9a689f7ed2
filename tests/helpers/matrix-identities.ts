import { eq } from 'drizzle-orm';
import { TENANT_IDS } from '../../schema/seed';
import { userMappers, users } from '../../schema/tables';
import { signIn } from './auth';
import { FLAGLESS_ADMIN, seedFlaglessAdmin } from './route-callers';
import { db, PARTNER_HOST } from './seed';

/**
 * The people the access matrix (tests/api/access-matrix.test.ts) calls every route and socket as, none of whom may
 * see Sam's records. `kind` is what the route table's gates know them as; a parent acts for their own child.
 */
export interface MatrixIdentity {
  name: string;
  kind: 'signed out' | 'student' | 'parent' | 'tutor' | 'admin';
  token?: string;
  host: string;
  headers: Record<string, string>;
}

/** A family and a tutor of the main tenant with no tie to Sam: Nell (a student), her parent Paula, and Otto. */
export const STRANGERS = {
  student: { _id: 'user_matrix_nell', email: 'nell@studyhall.test', role: 'STUDENT', firstname: 'Nell', lastname: 'Stranger' },
  parent: { _id: 'user_matrix_paula', email: 'paula@studyhall.test', role: 'PARENT', firstname: 'Paula', lastname: 'Stranger' },
  tutor: { _id: 'user_matrix_otto', email: 'otto@studyhall.test', role: 'TUTOR', firstname: 'Otto', lastname: 'Stranger' },
} as const;

async function seedStrangers() {
  const source = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users._id, 'user_admin')).get();
  for (const person of Object.values(STRANGERS)) {
    await db
      .insert(users)
      .values({ ...person, tenantId: TENANT_IDS.studyhall, passwordHash: source!.passwordHash, onboarded: true })
      .onConflictDoNothing();
  }
  await db
    .insert(userMappers)
    .values({ _id: 'mapper_matrix_paula_nell', tenantId: TENANT_IDS.studyhall, parentId: STRANGERS.parent._id, studentId: STRANGERS.student._id })
    .onConflictDoNothing();
}

/** The seven identities, signed in after the demo seed and the matrix records. */
export async function matrixIdentities(): Promise<MatrixIdentity[]> {
  await seedFlaglessAdmin();
  await seedStrangers();
  const here = (name: string, kind: MatrixIdentity['kind'], token?: string, headers: Record<string, string> = {}) => ({
    name,
    kind,
    token,
    host: 'localhost',
    headers,
  });
  return [
    here('a guest (no token)', 'signed out'),
    here('a student (Nell)', 'student', await signIn(STRANGERS.student.email)),
    { name: "another tenant's learner", kind: 'student', token: await signIn('learner@partner.test', PARTNER_HOST), host: PARTNER_HOST, headers: {} },
    here('another student (Maya)', 'student', await signIn('student2@studyhall.test')),
    here('a parent of someone else (Paula, for Nell)', 'parent', await signIn(STRANGERS.parent.email), { 'x-user-id': STRANGERS.student._id }),
    here('a tutor not on the course (Otto)', 'tutor', await signIn(STRANGERS.tutor.email)),
    here('an admin without the flag', 'admin', await signIn(FLAGLESS_ADMIN.email)),
  ];
}
