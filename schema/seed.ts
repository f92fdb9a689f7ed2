import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { DrizzleD1Database } from 'drizzle-orm/d1';
import { hashPassword } from '../worker/lib/passwords';
import { BRIGHTPATH_BRANDING, STUDYHALL_BRANDING } from './contracts/branding-defaults';
import { DEFAULT_TUTOR_ROLE, editorTutorPermissions, fullAdminPermissions } from './contracts/permissions';
import { subjectSlug } from './contracts/slug';
import { seedAvailability } from './seed-availability';
import { seedContent } from './seed-content';
import { gradeIdFor, idPart, subjectIdFor } from './seed-content/ids';
import { seedCourses } from './seed-courses';
import { catalogue, partnerCatalogue } from './seed-data';
import { seedDiagnostics } from './seed-diagnostics';
import { seedEssays } from './seed-essays';
import { seedPastPapers } from './seed-past-papers';
import { seedPricing } from './seed-pricing';
import { curricula, grades, metaTags, type RoleName, roles, subjects, tenants, tutorRoles, userMappers, users } from './tables';

/** Demo data for local runs and tests. Ids are fixed and every insert skips conflicts, so seeding twice adds nothing. */

export const DEMO_PASSWORD = 'studyhall-demo';

export const TENANT_IDS = { studyhall: 'tenant_studyhall', brightpath: 'tenant_brightpath' } as const;

const tenantRows = [
  {
    _id: TENANT_IDS.studyhall,
    key: 'studyhall',
    domain: 'localhost',
    name: 'Studyhall',
    branding: STUDYHALL_BRANDING,
    permissions: { features: ['free-trial', 'courses', 'chat', 'waiting-room', 'past-papers', 'billing'], ...fullAdminPermissions },
  },
  {
    _id: TENANT_IDS.brightpath,
    key: 'brightpath',
    domain: 'partner.localhost',
    name: 'BrightPath Tutors',
    branding: BRIGHTPATH_BRANDING,
    permissions: { features: ['courses', 'chat', 'waiting-room'], ...fullAdminPermissions, billing: [] },
  },
];

/** Per tenant: the built-in Admin role, two narrower ones, and the default course role for tutors. */
const roleRows = Object.values(TENANT_IDS).flatMap((tenantId): (typeof roles.$inferInsert)[] => [
  { _id: `role_admin_${tenantId}`, tenantId, name: 'Admin', description: 'Everything in the admin area.', permissions: fullAdminPermissions, isSystem: true },
  {
    _id: `role_approver_${tenantId}`,
    tenantId,
    name: 'Approver',
    description: 'Reviews and approves payments, adjustments and penalty appeals.',
    permissions: {
      adminUsers: ['view'],
      invoices: ['view', 'edit'],
      adjustments: ['view', 'edit'],
      penaltyWaivers: ['view', 'appealRequest'],
      paymentHistory: ['view'],
      transactionLogs: ['view'],
      callLogs: ['view'],
    },
  },
  {
    _id: `role_enterer_${tenantId}`,
    tenantId,
    name: 'Enterer',
    description: 'Enters users, courses and trial classes; cannot approve money.',
    permissions: {
      adminUsers: ['view', 'create', 'edit'],
      adminCourse: ['view', 'create', 'edit'],
      trialClasses: ['view', 'create', 'edit'],
      metaTags: ['view', 'create', 'edit'],
    },
  },
]);

const tutorRoleRows = Object.values(TENANT_IDS).map((tenantId) => ({
  _id: `tutor_role_editor_${tenantId}`,
  tenantId,
  name: DEFAULT_TUTOR_ROLE,
  description: 'Edits the course and creates, edits and deletes its sections, meetings and resources.',
  permissions: editorTutorPermissions,
  isDefault: true,
}));

interface DemoUser {
  _id: string;
  tenantId: string;
  email: string;
  role: RoleName;
  firstname: string;
  lastname: string;
  adminRoleId?: string;
  curriculum?: string;
  grade?: string;
}

export const DEMO_USERS = {
  admin: {
    _id: 'user_admin',
    tenantId: TENANT_IDS.studyhall,
    email: 'admin@studyhall.test',
    role: 'ADMIN',
    firstname: 'Ada',
    lastname: 'Admin',
    adminRoleId: `role_admin_${TENANT_IDS.studyhall}`,
  },
  tutor: { _id: 'user_tutor', tenantId: TENANT_IDS.studyhall, email: 'tutor@studyhall.test', role: 'TUTOR', firstname: 'Theo', lastname: 'Tutor' },
  student: {
    _id: 'user_student',
    tenantId: TENANT_IDS.studyhall,
    email: 'student@studyhall.test',
    role: 'STUDENT',
    firstname: 'Sam',
    lastname: 'Student',
    curriculum: 'Cambridge IGCSE',
    grade: 'Grade 10',
  },
  student2: {
    _id: 'user_student2',
    tenantId: TENANT_IDS.studyhall,
    email: 'student2@studyhall.test',
    role: 'STUDENT',
    firstname: 'Maya',
    lastname: 'Student',
    curriculum: 'Cambridge IGCSE',
    grade: 'Grade 9',
  },
  parent: { _id: 'user_parent', tenantId: TENANT_IDS.studyhall, email: 'parent@studyhall.test', role: 'PARENT', firstname: 'Pat', lastname: 'Parent' },
  partnerLearner: {
    _id: 'user_partner_learner',
    tenantId: TENANT_IDS.brightpath,
    email: 'learner@partner.test',
    role: 'STUDENT',
    firstname: 'Lee',
    lastname: 'Learner',
  },
  partnerTutor: {
    _id: 'user_partner_tutor',
    tenantId: TENANT_IDS.brightpath,
    email: 'tutor@partner.test',
    role: 'TUTOR',
    firstname: 'Tara',
    lastname: 'Tutor',
  },
  partnerAdmin: {
    _id: 'user_partner_admin',
    tenantId: TENANT_IDS.brightpath,
    email: 'admin@partner.test',
    role: 'ADMIN',
    firstname: 'Pia',
    lastname: 'Admin',
    adminRoleId: `role_admin_${TENANT_IDS.brightpath}`,
  },
} satisfies Record<string, DemoUser>;

const mapperRows = [DEMO_USERS.student, DEMO_USERS.student2].map((student) => ({
  _id: `mapper_${DEMO_USERS.parent._id}_${student._id}`,
  tenantId: TENANT_IDS.studyhall,
  parentId: DEMO_USERS.parent._id,
  studentId: student._id,
}));

function catalogueRows(tenantKey: keyof typeof TENANT_IDS, slugs: string[]) {
  const tenantId = TENANT_IDS[tenantKey];
  const curriculumRows: (typeof curricula.$inferInsert)[] = [];
  const subjectRows: (typeof subjects.$inferInsert)[] = [];
  const gradeRows: (typeof grades.$inferInsert)[] = [];
  catalogue
    .filter((c) => slugs.includes(c.slug))
    .forEach((cur, curIndex) => {
      const curriculumId = `curriculum_${tenantKey}_${idPart(cur.slug)}`;
      curriculumRows.push({ _id: curriculumId, tenantId, name: cur.name, slug: cur.slug, description: cur.description, sortingOrder: curIndex });
      cur.subjects.forEach((name, subIndex) => {
        const slug = subjectSlug(name);
        const subjectId = subjectIdFor(tenantKey, cur.slug, slug);
        subjectRows.push({ _id: subjectId, tenantId, curriculumId, name, slug, sortingOrder: subIndex });
        cur.grades.forEach((grade, gradeIndex) => {
          gradeRows.push({ _id: gradeIdFor(subjectId, grade), tenantId, subjectId, grade, sortingOrder: gradeIndex });
        });
      });
    });
  return { curriculumRows, subjectRows, gradeRows };
}

const metaTagRows = [
  {
    _id: 'meta_studyhall_home',
    tenantId: TENANT_IDS.studyhall,
    path: '/learning-portal',
    title: 'Studyhall | Live online tutoring for IGCSE, GCSE and A Level',
    description: 'One-to-one and small-group lessons with expert tutors for Cambridge, Edexcel and AQA. Book your free class today.',
  },
  {
    _id: 'meta_studyhall_login',
    tenantId: TENANT_IDS.studyhall,
    path: '/learning-portal/login',
    title: 'Sign in | Studyhall',
    description: 'Sign in to Studyhall to join your lessons, see your schedule and message your tutor.',
  },
  {
    _id: 'meta_studyhall_cambridge_igcse',
    tenantId: TENANT_IDS.studyhall,
    path: '/learning-portal/cambridge-igcse',
    title: 'Cambridge IGCSE tutoring | Studyhall',
    description: 'Live Cambridge IGCSE lessons in maths, sciences, English and more, matched to the syllabus you sit.',
  },
  {
    _id: 'meta_studyhall_cambridge_igcse_maths',
    tenantId: TENANT_IDS.studyhall,
    path: '/learning-portal/cambridge-igcse/maths',
    title: 'Cambridge IGCSE Mathematics tutoring | Studyhall',
    description: 'Core and Extended IGCSE Maths with a tutor who walks through every past-paper method with you.',
  },
  {
    _id: 'meta_studyhall_aqa_gcse',
    tenantId: TENANT_IDS.studyhall,
    path: '/learning-portal/aqa-gcse',
    title: 'AQA GCSE tutoring | Studyhall',
    description: 'Weekly AQA GCSE lessons that turn mark schemes into marks, from Year 10 to the final exam.',
  },
  {
    _id: 'meta_brightpath_home',
    tenantId: TENANT_IDS.brightpath,
    path: '/learning-portal',
    title: 'BrightPath Tutors | Online lessons that light the way',
    description: 'BrightPath’s tutors teach Cambridge IGCSE and A Level live, one to one.',
  },
  {
    _id: 'meta_brightpath_login',
    tenantId: TENANT_IDS.brightpath,
    path: '/learning-portal/login',
    title: 'Sign in | BrightPath Tutors',
    description: 'Sign in to BrightPath Tutors to join your lessons and keep up with your tutor.',
  },
];

/**
 * Inserts one row per statement (D1 caps bound parameters per statement) in a single batch, skipping rows
 * whose id or unique key is already there.
 */
async function insertAll<S extends Record<string, unknown>, T extends Parameters<DrizzleD1Database<S>['insert']>[0]>(
  db: DrizzleD1Database<S>,
  table: T,
  rows: T['$inferInsert'][],
) {
  const [first, ...rest] = rows.map((row) => db.insert(table).values(row).onConflictDoNothing());
  if (first) await db.batch([first, ...rest]);
}

export async function seed<S extends Record<string, unknown>>(db: DrizzleD1Database<S>) {
  await insertAll(db, tenants, tenantRows);
  // A database seeded before branding was a setting keeps its tenants; they get their look here, once.
  for (const row of tenantRows)
    await db
      .update(tenants)
      .set({ branding: row.branding })
      .where(and(eq(tenants._id, row._id), isNull(tenants.branding)));
  await insertAll(db, roles, roleRows);
  await insertAll(db, tutorRoles, tutorRoleRows);

  const demoUsers: DemoUser[] = Object.values(DEMO_USERS);
  const existing = new Set(
    (
      await db
        .select({ _id: users._id })
        .from(users)
        .where(
          inArray(
            users._id,
            demoUsers.map((u) => u._id),
          ),
        )
        .all()
    ).map((u) => u._id),
  );
  const missing = demoUsers.filter((u) => !existing.has(u._id));
  // Hashing is the slow part: one hash per run serves every demo user (they share the demo password anyway),
  // and a run that finds them all seeded hashes nothing.
  if (missing.length) {
    const passwordHash = await hashPassword(DEMO_PASSWORD);
    await insertAll(
      db,
      users,
      missing.map((u) => ({ ...u, passwordHash, onboarded: true })),
    );
  }
  await insertAll(db, userMappers, mapperRows);

  for (const [tenantKey, slugs] of [
    ['studyhall', catalogue.map((c) => c.slug)],
    ['brightpath', partnerCatalogue],
  ] as const) {
    const { curriculumRows, subjectRows, gradeRows } = catalogueRows(tenantKey, [...slugs]);
    await insertAll(db, curricula, curriculumRows);
    await insertAll(db, subjects, subjectRows);
    await insertAll(db, grades, gradeRows);
  }
  await insertAll(db, metaTags, metaTagRows);
  await seedCourses(db);
  await seedAvailability(db);
  await seedPricing(db);
  await seedContent(db, {
    studyhall: { tenantId: TENANT_IDS.studyhall, adminId: DEMO_USERS.admin._id },
    brightpath: { tenantId: TENANT_IDS.brightpath, adminId: null },
  });
  await seedDiagnostics(db, TENANT_IDS.studyhall);
  await seedEssays(db, TENANT_IDS.studyhall, DEMO_USERS.admin._id);
  await seedPastPapers(db, TENANT_IDS.studyhall, DEMO_USERS.admin._id);
}
