import { DEMO_USERS, TENANT_IDS } from '../../schema/seed';
import { adminNotes, userAchievements, userExperiences, userLanguages, userQualifications, userSubjects } from '../../schema/tables';
import { db } from './seed';

/**
 * How the id matrix (tests/api/id-matrix.test.ts) fills each route's ids: with records that belong to Sam (a student
 * of the main tenant) or to the main tenant's admin area. A route with an id must have an entry here.
 */
export interface RouteFixture {
  match: RegExp;
  method?: string;
  params: Record<string, string>;
  query?: Record<string, string>;
  headers?: Record<string, string>;
  /** A valid body, so the refusal comes from the access check and not from validation. */
  body?: unknown;
  /** Public content (no owner): left out of the matrix, with the reason beside it. */
  public?: true;
}

const SAM = DEMO_USERS.student._id;
const TENANT = TENANT_IDS.studyhall;

export const MATRIX_IDS = {
  sam: SAM,
  experience: 'matrix_experience_sam',
  qualification: 'matrix_qualification_sam',
  achievement: 'matrix_achievement_sam',
  language: 'matrix_language_sam',
  subject: 'matrix_subject_sam',
  note: 'matrix_note_sam',
  role: `role_approver_${TENANT}`,
  tutorRole: `tutor_role_editor_${TENANT}`,
} as const;

const ids = MATRIX_IDS;

/** A valid body per sub-collection, so a refusal is the access check's, not validation's. */
const collectionBodies = {
  experiences: { id: ids.experience, body: { title: 'Maths teacher', organisation: 'Matrix School' } },
  qualifications: { id: ids.qualification, body: { title: 'BSc Mathematics', institution: 'Matrix University', year: 2020 } },
  achievements: { id: ids.achievement, body: { title: 'Olympiad medal', year: 2021 } },
  languages: { id: ids.language, body: { language: 'fr', proficiency: 'FLUENT' } },
  subjects: { id: ids.subject, body: { curriculum: 'Cambridge IGCSE', subject: 'Physics', grade: 'Grade 10' } },
} as const;

const collectionFixtures = Object.entries(collectionBodies).flatMap(([name, { id, body }]): RouteFixture[] => [
  { match: new RegExp(`^/api/user/${name}/:id$`), params: { id }, body },
  { match: new RegExp(`^/api/admin/users/:userId/${name}(/:id)?$`), params: { userId: SAM, id }, body },
]);

export const idRouteFixtures: RouteFixture[] = [
  { match: /^\/api\/rt\/waiting-room\/:waitingId$/, params: { waitingId: 'matrix-room' }, headers: { upgrade: 'websocket' } },
  { match: /^\/api\/rt\/docs\/:name$/, params: { name: 'lesson:matrix-section:board' }, headers: { upgrade: 'websocket' } },
  { match: /^\/api\/user\/:id$/, params: { id: SAM } },
  // Avatars are images an <img> loads without a token; they are scoped to the tenant by host and named by user.
  { match: /^\/api\/files\/avatars\/:userId\/:name$/, params: { userId: SAM, name: 'avatar.png' }, public: true },
  ...collectionFixtures,
  { match: /^\/api\/admin\/users\/:id$/, params: { id: SAM }, body: { firstname: 'Changed' } },
  { match: /^\/api\/admin\/users\/plans\/:id$/, params: { id: SAM }, body: { flexiblePlans: [], subscriptionPlans: [] } },
  { match: /^\/api\/admin\/users\/resend-user-password\/:userId$/, params: { userId: SAM } },
  { match: /^\/api\/admin\/users\/admin-notes\/:id$/, method: 'POST', params: { id: SAM }, body: { note: 'Matrix note' } },
  { match: /^\/api\/admin\/users\/admin-notes\/:id$/, method: 'DELETE', params: { id: SAM }, query: { noteId: ids.note } },
  { match: /^\/api\/admin\/roles\/(verify-delete\/)?:id$/, params: { id: ids.role }, body: { name: 'Matrix role', permissions: { invoices: ['view'] } } },
  { match: /^\/api\/admin\/tutor-roles\/(verify-delete\/)?:id$/, params: { id: ids.tutorRole }, body: { name: 'Matrix tutor role', permissions: { COURSE: ['view'] } } },
];

/** Records the fixtures point at, beyond the demo seed: Sam's profile rows and an admin note about him. */
export async function seedMatrixRecords() {
  const owner = { tenantId: TENANT, userId: SAM };
  await db.batch([
    db.insert(userExperiences).values({ _id: ids.experience, ...owner, title: 'Tutor' }),
    db.insert(userQualifications).values({ _id: ids.qualification, ...owner, title: 'BSc' }),
    db.insert(userAchievements).values({ _id: ids.achievement, ...owner, title: 'Prize' }),
    db.insert(userLanguages).values({ _id: ids.language, ...owner, language: 'en', proficiency: 'NATIVE' }),
    db.insert(userSubjects).values({ _id: ids.subject, ...owner, curriculum: 'Cambridge IGCSE', subject: 'Mathematics', grade: 'Grade 10' }),
    db.insert(adminNotes).values({ _id: ids.note, tenantId: TENANT, subjectType: 'USER', subjectId: SAM, note: 'Keep', authorId: DEMO_USERS.admin._id }),
  ]);
}
