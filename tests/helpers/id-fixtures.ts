import { env } from 'cloudflare:workers';
import { and, eq } from 'drizzle-orm';
import { databaseFor } from '../../platform/database';
import { DEMO_USERS, TENANT_IDS } from '../../schema/seed';
import { SEED_COURSE_IDS } from '../../schema/seed-courses';
import { SEED_DIAGNOSTIC_IDS } from '../../schema/seed-diagnostics';
import { SEED_ESSAY_IDS } from '../../schema/seed-essays';
import {
  adminNotes,
  callbackRequests,
  chatConversations,
  coursePermissionTemplates,
  coursePricingTemplates,
  courses,
  creditEntries,
  diagnostics,
  essayResponses,
  homeworkSubmissions,
  invoiceLines,
  invoices,
  lessonFeedbacks,
  lessonHistory,
  lessonSessions,
  meetingRequests,
  paymentHistory,
  paymentSessions,
  payRuns,
  penaltyWaivers,
  pushSubscriptions,
  sections,
  teamThreads,
  trials,
  userAchievements,
  userExperiences,
  userLanguages,
  userQualifications,
  userSubjects,
} from '../../schema/tables';
import { closeEndedLessons } from '../../worker/lib/jobs/close-ended-lessons';
import { scopedDb } from '../../worker/lib/tenant-db';
import { pricingFixtures, seedPricingMatrixRecords } from './pricing-fixtures';
import { QUIZ_IDS, seedQuizFixtures } from './quiz-fixtures';
import { COURSE_IDS, seedCourses } from './section-fixtures';
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

// ── Courses, enrolments, course tutors and templates (issue 4, courses part) ──
const SAM_MATHS = SEED_COURSE_IDS.maths;
const COURSE_MATRIX_IDS = { permissionTemplate: 'matrix_course_permission_template', pricingTemplate: 'matrix_course_pricing_template' } as const;
const courseFixtures: RouteFixture[] = [
  { match: /^\/api\/(admin\/)?courses\/:id$/, params: { id: SAM_MATHS }, body: { title: 'Matrix title' } },
  {
    match: /^\/api\/admin\/course-students\/(verify-delete\/)?:id$/,
    params: { id: `enrolment_${SAM_MATHS}_${SAM}` },
    body: { status: 'UNENROLLED' },
  },
  { match: /^\/api\/admin\/course-tutors\/tutor\/:tutorId$/, params: { tutorId: DEMO_USERS.tutor._id } },
  {
    match: /^\/api\/admin\/course-tutors\/(verify-delete\/)?:id$/,
    params: { id: `course_tutor_${SAM_MATHS}_${DEMO_USERS.tutor._id}` },
    query: { course: SAM_MATHS, type: 'DISABLE' },
    body: { status: 'DISABLE' },
  },
  {
    match: /^\/api\/admin\/course-templates\/:id$/,
    params: { id: SEED_COURSE_IDS.template },
    body: { title: 'Matrix template', sections: [{ kind: 'SECTION', title: 'Matrix' }] },
  },
  { match: /^\/api\/admin\/courses\/from-template\/:templateId$/, params: { templateId: SEED_COURSE_IDS.template }, body: { paymentType: 'ONETIME' } },
  {
    match: /^\/api\/admin\/course-permission-templates\/(verify-delete\/)?:id$/,
    params: { id: COURSE_MATRIX_IDS.permissionTemplate },
    body: { name: 'Matrix permissions', permissions: { PRIMARY: { COURSE: ['view'] } } },
  },
  {
    match: /^\/api\/admin\/course-pricing-templates\/(verify-delete\/)?:id$/,
    params: { id: COURSE_MATRIX_IDS.pricingTemplate },
    body: { name: 'Matrix pricing', amount: 100, currency: 'USD', duration: 1, durationUnit: 'MONTHS' },
  },
];

async function seedCourseMatrixRecords() {
  await db.batch([
    db
      .insert(coursePermissionTemplates)
      .values({ _id: COURSE_MATRIX_IDS.permissionTemplate, tenantId: TENANT, name: 'Matrix', permissions: { PRIMARY: { COURSE: ['view'] } } }),
    db
      .insert(coursePricingTemplates)
      .values({ _id: COURSE_MATRIX_IDS.pricingTemplate, tenantId: TENANT, name: 'Matrix', amount: 5000, currency: 'USD', duration: 1, durationUnit: 'MONTHS' }),
  ]);
}
// ── end of courses block ──

// ---- Sections, meetings, resources (issue 4): sections of Sam's course (tests/helpers/section-fixtures.ts). ----
const SAM_ZOOM = 'matrix_section_sam_zoom';
const meetingBody = { title: 'Matrix lesson', start: '2031-01-06T09:00:00Z', duration: 60 };
const meetingFixtures = (base: string, id: string): RouteFixture[] => [
  { match: new RegExp(`^/api/${base}/cancel/:id$`), params: { id }, body: { reason: 'Matrix' } },
  { match: new RegExp(`^/api/${base}/reschedule/:sectionId$`), params: { sectionId: id }, body: { start: meetingBody.start } },
  { match: new RegExp(`^/api/${base}/delete/:id$`), params: { id } },
  { match: new RegExp(`^/api/${base}/:id$`), method: 'PUT', params: { id }, body: meetingBody },
  { match: new RegExp(`^/api/${base}/:id$`), method: 'DELETE', params: { id }, query: { course: COURSE_IDS.sam } },
];
const sectionFixtures: RouteFixture[] = [
  { match: /^\/api(\/admin)?\/sections\/:id$/, method: 'PUT', params: { id: COURSE_IDS.unit }, body: { title: 'Matrix' } },
  { match: /^\/api(\/admin)?\/sections\/:id$/, method: 'DELETE', params: { id: COURSE_IDS.unit }, query: { course: COURSE_IDS.sam } },
  ...meetingFixtures('team-meetings', COURSE_IDS.lesson),
  ...meetingFixtures('zoom-meetings', SAM_ZOOM),
  { match: /^\/api\/resources-and-homeworks\/:id\/download$/, params: { id: COURSE_IDS.resource } },
  { match: /^\/api\/resources-and-homeworks\/cancel\/:id$/, params: { id: COURSE_IDS.homework }, body: { reason: 'Matrix' } },
  { match: /^\/api\/resources-and-homeworks\/reschedule\/:sectionId$/, params: { sectionId: COURSE_IDS.homework }, body: { dueAt: meetingBody.start } },
  { match: /^\/api\/resources-and-homeworks\/delete\/:id$/, params: { id: COURSE_IDS.resource } },
  { match: /^\/api\/resources-and-homeworks\/:id$/, method: 'PUT', params: { id: COURSE_IDS.resource }, body: { title: 'Matrix' } },
  { match: /^\/api\/resources-and-homeworks\/:id$/, method: 'DELETE', params: { id: COURSE_IDS.resource }, query: { course: COURSE_IDS.sam } },
];

async function seedSectionMatrixRecords() {
  await seedCourses();
  await db.insert(sections).values({
    _id: SAM_ZOOM,
    tenantId: TENANT,
    courseId: COURSE_IDS.sam,
    kind: 'ZOOM',
    title: 'Matrix zoom',
    sortingKey: 9,
    start: new Date('2031-01-13T09:00:00Z'),
    duration: 60,
    createdBy: DEMO_USERS.admin._id,
  });
}
// ---- end of sections block ----

// ==== Availability (issue 5): a tutor's hours are readable by the tenant, so reads point at Sam (not a tutor: 404),
// and the write points at the demo tutor with a valid body (only Theo or an admin may make it). ====
const availabilityFixtures: RouteFixture[] = [
  { match: /^\/api\/user-availability\/:userId$/, method: 'GET', params: { userId: SAM } },
  {
    match: /^\/api\/user-availability\/:userId$/,
    method: 'PUT',
    params: { userId: DEMO_USERS.tutor._id },
    body: { items: [{ status: 'ENABLE', timezone: 'Asia/Singapore', weekly: { '1': [{ start: '09:00', end: '10:00' }] } }], timeOff: [], bookingRules: {} },
  },
  { match: /^\/api\/user-availability\/slots\/:userId$/, params: { userId: SAM }, query: { date: '2031-01-06', duration: '60' } },
  { match: /^\/api\/user-availability\/free-days\/:userId$/, params: { userId: SAM }, query: { from: '2031-01-06', duration: '60' } },
];
// ==== end of availability block ====

// ~~~~ Waiting room (issue 7): Sam's maths lesson, which Maya does not attend. ~~~~
const waitingRoomFixtures: RouteFixture[] = [{ match: /^\/api\/meeting-data\/:waitingId$/, params: { waitingId: 'section_maths_lesson_2' } }];
// ~~~~ end of waiting room block ~~~~

// ==== Schedule (issue 5): Sam's schedule and a lesson of Sam's own course. The feed is reached by its secret alone
// (calendar apps send no token), so it is public here; tests/api/schedule.test.ts checks it per tenant. ====
const scheduleFixtures: RouteFixture[] = [
  { match: /^\/api\/schedule\/list\/:userId$/, params: { userId: SAM }, query: { startDate: '2031-01-01T00:00:00Z', endDate: '2031-02-01T00:00:00Z' } },
  { match: /^\/api\/schedule\/:sectionId(\/ics)?$/, params: { sectionId: SAM_ZOOM } },
  { match: /^\/api\/admin\/audit-log\/lessons\/:id$/, params: { id: SAM_ZOOM } },
  { match: /^\/api\/schedule\/feed\/:file$/, params: { file: 'matrix.ics' }, public: true },
];
// ==== end of schedule block ====
// ==== chat block ====
const CHAT_PUSH_ID = 'matrix_push_subscription_sam';
const SAM_TEAM_THREAD = 'team_thread_matrix_sam';
const chatFixtures: RouteFixture[] = [
  { match: /^\/api\/rt\/chat\/course\/:courseId$/, params: { courseId: SEED_COURSE_IDS.maths }, headers: { upgrade: 'websocket' } },
  { match: /^\/api\/rt\/chat\/admin\/:userId$/, params: { userId: SAM }, headers: { upgrade: 'websocket' } },
  { match: /^\/api\/fcm-token\/:id$/, params: { id: CHAT_PUSH_ID } },
  // Sam's conversation with the team, in the team inbox: only admins who answer the admin chat reach it.
  { match: /^\/api\/admin\/team-inbox\/:id$/, params: { id: SAM_TEAM_THREAD }, body: { status: 'DONE' } },
];
async function seedChatMatrixRecords() {
  await db.batch([
    db
      .insert(pushSubscriptions)
      .values({ _id: CHAT_PUSH_ID, tenantId: TENANT, userId: SAM, endpoint: 'https://push.example/matrix-sam', p256dh: 'key', auth: 'auth' }),
    db.insert(chatConversations).values({ _id: 'conversation_matrix_sam_team', tenantId: TENANT, room: `admin:${SAM}`, courseId: null }),
    db
      .insert(teamThreads)
      .values({ _id: SAM_TEAM_THREAD, tenantId: TENANT, conversationId: 'conversation_matrix_sam_team', userId: SAM, waiting: 1, lastUserSeq: 1 }),
  ]);
}
// ==== end of chat block ====

// ++++ Quizzes and submissions (issue 8, items 4–8): Sam's attempt and a draft quiz (tests/helpers/quiz-fixtures.ts). ++++
const quizFixtures: RouteFixture[] = [
  { match: /^\/api\/admin\/quizzes\/user\/:userId$/, params: { userId: SAM } },
  { match: /^\/api\/admin\/quizzes\/(publish\/)?:id$/, params: { id: QUIZ_IDS.unpublished }, body: { isPublished: true } },
  { match: /^\/api\/quizzes\/:id$/, params: { id: QUIZ_IDS.unpublished } },
  // Which papers a sub topic's published quizzes have is catalogue information every signed-in learner of the tenant may read.
  { match: /^\/api\/quizzes\/checkPapersBySubTopicId\/:id$/, params: { id: QUIZ_IDS.subTopic }, public: true },
  // A sub topic's past-paper sets are catalogue information, like the papers check above.
  { match: /^\/api\/past-papers\/topical\/:subTopicId$/, params: { subTopicId: QUIZ_IDS.subTopic }, public: true },
  // Reads only the caller's own attempts: the id names a quiz, not an owner.
  { match: /^\/api\/submissions\/quizHistory\/:quizId$/, params: { quizId: QUIZ_IDS.mixed }, public: true },
  { match: /^\/api\/submissions\/get-ai-feedback\/:submissionId$/, params: { submissionId: QUIZ_IDS.samSubmission } },
  { match: /^\/api\/(admin\/)?submissions\/:id$/, params: { id: QUIZ_IDS.samSubmission } },
  { match: /^\/api\/admin\/submissions\/quizHistory\/:userId$/, params: { userId: SAM } },
  {
    match: /^\/api\/admin\/submissions\/question\/:questionId$/,
    params: { questionId: 'question_studyhall_linear_equations_1' },
    query: { submissionId: QUIZ_IDS.samSubmission },
  },
  // Progress (issue 33): Sam's, read by id; his parent, his tutor and admins with "my performance" only.
  { match: /^\/api\/progress\/:id$/, params: { id: SAM } },
];
// ++++ end of quizzes block ++++

export const idRouteFixtures: RouteFixture[] = [
  ...waitingRoomFixtures,
  ...scheduleFixtures,
  ...quizFixtures,
  ...availabilityFixtures,
  ...sectionFixtures,
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
  {
    match: /^\/api\/admin\/tutor-roles\/(verify-delete\/)?:id$/,
    params: { id: ids.tutorRole },
    body: { name: 'Matrix tutor role', permissions: { COURSE: ['view'] } },
  },
  ...courseFixtures,
  ...chatFixtures,
  ...trialFixtures(),
  ...lessonRoomFixtures(),
  ...quizAdminFixtures(),
  ...pricingFixtures,
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
  await seedCourseMatrixRecords();
  await seedSectionMatrixRecords();
  await seedChatMatrixRecords();
  await seedTrialMatrixRecords();
  await seedLessonRoomMatrixRecords();
  await seedQuizFixtures();
  await seedPricingMatrixRecords();
  await seedMeetingRequestMatrixRecords();
  await seedLedgerMatrixRecords();
  await seedPaymentMatrixRecords();
  await seedInvoiceMatrixRecords();
  await seedDiagnosticMatrixRecords();
  await seedHandInMatrixRecords();
  await seedFeedbackMatrixRecords();
  await seedEssayResponseMatrixRecords();
}

// ==== Learning content (issue 8: sub topics and the question bank). Sub topic reads are tenant-wide learning
// content; the admin calls point at seeded records of the main tenant with valid bodies. ====
const CONTENT_SUB = 'sub_topic_studyhall_percentages';
const CONTENT_QUESTION = 'question_studyhall_percentages_1';
const subTopicEditBodies: Record<string, unknown> = {
  addResources: { resources: [{ title: 'Matrix', url: 'https://example.org' }] },
  removeResources: { resourceIds: ['matrix'] },
  addVideoLink: { title: 'Matrix', url: 'https://example.org' },
  editVideoLink: { videoLinkId: 'matrix', title: 'Matrix' },
  removeVideoLink: { videoLinkId: 'matrix' },
  sortVideoLinks: { videoLinkIds: ['matrix'] },
  addContent: { title: 'Matrix', body: '<p>Matrix</p>' },
  editContent: { contentId: 'content_percentages_1', title: 'Matrix' },
  removeContent: { contentId: 'content_percentages_1' },
  addFAQ: { question: 'Matrix?', answer: 'Matrix.' },
  editFAQ: { faqId: 'faq_percentages_1', answer: 'Matrix.' },
  removeFAQ: { faqId: 'faq_percentages_1' },
  addReview: { author: 'Matrix', rating: 3, text: 'Matrix.' },
  editReview: { reviewId: 'matrix', rating: 3 },
  removeReview: { reviewId: 'matrix' },
};
const matrixEssay = {
  subTopicId: CONTENT_SUB,
  stem: 'Matrix stem',
  subQuestions: [{ prompt: 'Matrix part', marks: 1, markScheme: [{ point: 'Matrix point', marks: 1 }] }],
};
const matrixQuestion = {
  subTopicId: CONTENT_SUB,
  kind: 'MCQ',
  text: 'Matrix?',
  options: [{ text: 'a' }, { text: 'b' }],
  correctOption: 0,
  difficulty: 'EASY',
  level: 1,
};
idRouteFixtures.push(
  { match: /^\/api\/subtopics\/:id$/, params: { id: CONTENT_SUB }, public: true },
  // Any signed-in learner of the tenant may practise any sub topic; only approved questions are served.
  { match: /^\/api\/subtopic\/random\/:id$/, params: { id: CONTENT_SUB }, public: true },
  { match: /^\/api\/admin\/subtopics\/:id$/, params: { id: CONTENT_SUB }, body: { name: 'Matrix' } },
  ...Object.entries(subTopicEditBodies).map(([edit, body]) => ({ match: new RegExp(`^/api/admin/subtopics/:id/${edit}$`), params: { id: CONTENT_SUB }, body })),
  { match: /^\/api\/admin\/questions\/(approve\/|delete\/)?:id$/, params: { id: CONTENT_QUESTION }, body: { ...matrixQuestion, isApproved: false } },
  // Structured essay questions: the seeded approved one; any learner of the tenant may practise any sub topic.
  { match: /^\/api\/essay-questions\/random\/:subTopicId$/, params: { subTopicId: CONTENT_SUB }, public: true },
  {
    match: /^\/api\/admin\/essay-questions\/(approve\/|delete\/)?:id$/,
    params: { id: SEED_ESSAY_IDS.percentages },
    body: { ...matrixEssay, isApproved: false },
  },
);
// ==== end of learning content block ====

// ---- Trials (issue 5): Sam's free trial with its own course and lesson. ----
// Functions, so the route table above can use them although this block comes last.
function trialIds() {
  return { trial: 'matrix_trial_sam', course: 'matrix_trial_course_sam', section: 'matrix_trial_lesson_sam' } as const;
}

function trialFixtures(): RouteFixture[] {
  return [
    { match: /^\/api\/admin\/trials\/:id$/, method: 'PUT', params: { id: trialIds().trial }, body: { notes: 'Matrix' } },
    { match: /^\/api\/admin\/trials\/:id$/, method: 'DELETE', params: { id: trialIds().trial } },
    { match: /^\/api\/trials\/trial-recordings\/:id$/, params: { id: trialIds().trial } },
  ];
}

async function seedTrialMatrixRecords() {
  const SAM_TRIAL = trialIds();
  const key = { curriculum: 'Cambridge IGCSE', subject: 'Mathematics', grade: 'Grade 10' };
  const start = new Date('2031-01-06T02:00:00Z');
  await db.batch([
    db.insert(courses).values({
      _id: SAM_TRIAL.course,
      tenantId: TENANT,
      title: 'Free trial',
      kind: 'One-to-One',
      isOneToOne: true,
      paymentType: 'ONETIME',
      ...key,
      createdBy: SAM,
    }),
    db.insert(sections).values({
      _id: SAM_TRIAL.section,
      tenantId: TENANT,
      courseId: SAM_TRIAL.course,
      sortingKey: 1,
      kind: 'TEAMS',
      title: 'Free trial',
      start,
      duration: 30,
      lessonKind: 'TRIAL',
      createdBy: SAM,
    }),
    db.insert(trials).values({
      _id: SAM_TRIAL.trial,
      tenantId: TENANT,
      ...key,
      studentId: SAM,
      tutorId: DEMO_USERS.tutor._id,
      courseId: SAM_TRIAL.course,
      sectionId: SAM_TRIAL.section,
      start,
      end: new Date(start.getTime() + 30 * 60_000),
      createdBy: SAM,
    }),
  ]);
}
// ---- end of trials block ----

// ---- Lesson room (issue 7): the room's header data for a lesson of Sam's course. ----
function lessonRoomFixtures(): RouteFixture[] {
  const sectionId = COURSE_IDS.lesson;
  return [
    { match: /^\/api\/lesson-rooms\/:sectionId$/, params: { sectionId } },
    { match: /^\/api\/lesson-rooms\/:sectionId\/images$/, params: { sectionId } },
    { match: /^\/api\/lesson-rooms\/:sectionId\/images\/:imageId$/, params: { sectionId, imageId: `${'a'.repeat(32)}.png` } },
    { match: /^\/api\/lesson-rooms\/:sectionId\/end$/, params: { sectionId } },
    { match: /^\/api\/lesson-rooms\/:sectionId\/documents$/, params: { sectionId } },
    { match: /^\/api\/lesson-rooms\/:sectionId\/documents\/:documentId$/, params: { sectionId, documentId: `${'a'.repeat(32)}.pdf` } },
    { match: /^\/api\/lesson-rooms\/:sectionId\/av$/, params: { sectionId } },
    { match: /^\/api\/lesson-rooms\/:sectionId\/av\/sfu$/, params: { sectionId }, body: { op: 'newSession' } },
    { match: /^\/api\/lesson-rooms\/:sectionId\/history\/:part$/, params: { sectionId, part: 'board' } },
    { match: /^\/api\/lesson-rooms\/:sectionId\/recordings?(\/chunks|\/consent)?$/, params: { sectionId } },
    { match: /^\/api\/lesson-rooms\/:sectionId\/recordings\/tracks\/:trackId$/, params: { sectionId, trackId: 'b'.repeat(32) } },
    { match: /^\/api\/sessions\/:id$/, params: { id: 'matrix_session_sam' } },
  ];
}

async function seedLessonRoomMatrixRecords() {
  await db.insert(lessonSessions).values({
    _id: 'matrix_session_sam',
    tenantId: TENANT,
    sectionId: COURSE_IDS.lesson,
    studentId: SAM,
    questions: [{ _id: 'q1', pageNo: 1, text: 'Matrix question' }],
    createdBy: DEMO_USERS.tutor._id,
  });
}
// ---- end of lesson room block ----

// ---- Quiz review (issue 8 admin screens): a course's learners for its tutors and reviewing admins. ----
function quizAdminFixtures(): RouteFixture[] {
  return [{ match: /^\/api\/admin\/submissions\/course-learners\/:courseId$/, params: { courseId: SEED_COURSE_IDS.maths } }];
}
// ---- end of quiz review block ----

// ---- Meeting requests (issue 30): Sam's request to cancel his second maths lesson, which Theo tutors. ----
function meetingRequestId() {
  return 'matrix_meeting_request_sam';
}

idRouteFixtures.push(
  { match: /^\/api\/(admin\/)?meeting-requests\/:id$/, params: { id: meetingRequestId() } },
  { match: /^\/api\/admin\/meeting-requests\/respond\/:requestId$/, params: { requestId: meetingRequestId() }, body: { action: 'REJECT', note: 'Matrix' } },
);

async function seedMeetingRequestMatrixRecords() {
  await db.insert(meetingRequests).values({
    _id: meetingRequestId(),
    tenantId: TENANT,
    sectionId: 'section_maths_lesson_2',
    courseId: SAM_MATHS,
    type: 'CANCEL',
    requestedBy: SAM,
    requestedByRole: 'STUDENT',
    start: new Date('2031-01-06T09:00:00Z'),
    tutorIds: [DEMO_USERS.tutor._id],
    studentIds: [SAM],
    reason: 'Matrix',
    policyVersion: 1,
  });
}
// ---- end of meeting requests block ----
// ==== Lesson history, tutor pay, waivers, adjustments and pay runs (issue 30): Sam's closed maths lesson (its
// history row comes from the close job, as in production), a deduction on Theo's pay about Sam, and a pay run. ====
/** Filled by seedLedgerMatrixRecords once the close job has written the row (its id is made then). */
const LEDGER_MATRIX = { history: 'matrix_history_unset', waiver: 'matrix_waiver_sam', payRun: 'matrix_pay_run' };
const historyParams: Record<string, string> = {
  get id() {
    return LEDGER_MATRIX.history;
  },
};
idRouteFixtures.push(
  { match: /^\/api\/lesson-history\/admin-notes\/:id$/, method: 'POST', params: historyParams, body: { note: 'Matrix note' } },
  { match: /^\/api\/lesson-history\/admin-notes\/:id$/, method: 'DELETE', params: historyParams, query: { noteId: 'matrix_note' } },
  { match: /^\/api\/lesson-history\/:id$/, params: historyParams },
  {
    match: /^\/api\/admin\/penalty-waivers\/:penaltyWaiverId\/appeal-respond$/,
    params: { penaltyWaiverId: LEDGER_MATRIX.waiver },
    body: { appealStatus: 'ACCEPTED', appealAdminNote: 'Matrix' },
  },
  { match: /^\/api\/admin\/penalty-waivers\/:id$/, params: { id: LEDGER_MATRIX.waiver } },
  { match: /^\/api\/penalty-waivers\/:id\/appeal$/, params: { id: LEDGER_MATRIX.waiver }, body: { note: 'Matrix appeal' } },
  { match: /^\/api\/admin\/pay-runs\/:id(\/csv)?$/, params: { id: LEDGER_MATRIX.payRun } },
  // The report on Sam's closed maths lesson: its tutor writes it, Sam reads it once sent.
  { match: /^\/api\/lesson-reports\/:sectionId$/, params: { sectionId: 'section_maths_lesson_1' } },
  {
    match: /^\/api\/lesson-reports\/:sectionId\/:studentId(\/send)?$/,
    params: { sectionId: 'section_maths_lesson_1', studentId: SAM },
    body: { summary: 'Matrix report', covered: [] },
  },
);

async function seedLedgerMatrixRecords() {
  await closeEndedLessons(scopedDb(databaseFor(env.DB), TENANT), 'matrix', new Date());
  const row = await db
    .select({ _id: lessonHistory._id })
    .from(lessonHistory)
    .where(and(eq(lessonHistory.tenantId, TENANT), eq(lessonHistory.sectionId, 'section_maths_lesson_1'), eq(lessonHistory.studentId, SAM)))
    .get();
  if (!row) throw new Error('the close job wrote no history row for Sam’s past maths lesson');
  LEDGER_MATRIX.history = row._id;
  await db.batch([
    db.insert(penaltyWaivers).values({
      _id: LEDGER_MATRIX.waiver,
      tenantId: TENANT,
      tutorId: DEMO_USERS.tutor._id,
      studentIds: [SAM],
      amount: 500,
      currency: 'SGD',
      type: 'DEDUCTION',
      createdBy: DEMO_USERS.admin._id,
    }),
    db.insert(payRuns).values({
      _id: LEDGER_MATRIX.payRun,
      tenantId: TENANT,
      periodStart: new Date('2030-01-01T00:00:00Z'),
      periodEnd: new Date('2030-01-31T23:59:59.999Z'),
      totals: [],
      createdBy: DEMO_USERS.admin._id,
    }),
  ]);
}
// ==== end of lesson history and pay block ====
// ==== Payments (issue 31): the simulated checkout is reached by its session id alone, as a Stripe Checkout url
// is, so it holds no record of Sam's to refuse. ====
idRouteFixtures.push({ match: /^\/api\/dev\/checkout\/:sessionId(\/:action)?$/, params: { sessionId: 'cs_sim_matrix', action: 'pay' }, public: true });
// A payment Sam's parent made for Sam: nobody else may read it.
const SAM_PAYMENT = 'payment_session_matrix_sam';
idRouteFixtures.push({ match: /^\/api\/payments\/:id$/, params: { id: SAM_PAYMENT } });
// A course on sale is open to every student to buy, so its id is no record of Sam's to refuse.
idRouteFixtures.push({ match: /^\/api\/stripe\/v2\/course-subscription-session\/:id$/, params: { id: SEED_COURSE_IDS.maths }, public: true });
// The simulated portal of Sam as a payer: only Sam may open it, and only Sam's own subscriptions can be cancelled there.
idRouteFixtures.push({
  match: /^\/api\/dev\/customer-portal\/:customerId(\/cancel\/:subscriptionId)?$/,
  params: { customerId: `cus_sim_${SAM}`, subscriptionId: 'subscription_matrix_sam' },
});
// A plan on sale is priced for whoever may buy it; the portal is named by its payer's own id (Sam's here).
idRouteFixtures.push({ match: /^\/api\/stripe\/getProductPrice\/:id$/, params: { id: 'flexible_plan_standard' }, public: true });
idRouteFixtures.push({ match: /^\/api\/stripe\/customerPortal\/:id$/, params: { id: SAM } });
// Sam's usage this month: his, his parents' and usage-viewing admins' to read.
idRouteFixtures.push({ match: /^\/api\/usages\/:id$/, params: { id: SAM } });
// Sam's premium status: his and his parents' to read.
idRouteFixtures.push({ match: /^\/api\/stripe\/premium\/:id$/, params: { id: SAM } });
async function seedPaymentMatrixRecords() {
  const url = 'http://localhost/learning-portal/payment/success?payment=matrix';
  await db.insert(paymentSessions).values({
    _id: SAM_PAYMENT,
    tenantId: TENANT,
    payerId: DEMO_USERS.parent._id,
    studentId: SAM,
    paymentType: 'FLEXIBLE',
    itemKind: 'flexiblePlan',
    itemId: 'flexible_plan_standard',
    description: 'Standard pack, 10 hours for Sam',
    minutes: 600,
    amount: 55_000,
    currency: 'SGD',
    provider: 'simulated',
    providerSessionId: 'cs_sim_matrix_sam_payment',
    successUrl: url,
    cancelUrl: url,
  });
  await seedPaymentRecordMatrixRecords();
}
// ==== end of payments block ====
// ==== Payment history and transaction logs (issue 31): the payment Sam's parent made for him, as the webhook
// records it, and its credit entry. Only admins with the flags reach them by id. ====
const SAM_PAYMENT_RECORD = 'payment_history_matrix_sam';
const SAM_TRANSACTION_LOG = 'credit_entry_matrix_sam';
idRouteFixtures.push(
  { match: /^\/api\/admin\/payment-history\/admin-notes\/:id$/, method: 'POST', params: { id: SAM_PAYMENT_RECORD }, body: { note: 'Matrix note' } },
  { match: /^\/api\/admin\/payment-history\/admin-notes\/:id$/, method: 'DELETE', params: { id: SAM_PAYMENT_RECORD }, query: { noteId: 'matrix_note' } },
  { match: /^\/api\/admin\/transaction-logs\/admin-notes\/:id$/, method: 'POST', params: { id: SAM_TRANSACTION_LOG }, body: { note: 'Matrix note' } },
  { match: /^\/api\/admin\/transaction-logs\/admin-notes\/:id$/, method: 'DELETE', params: { id: SAM_TRANSACTION_LOG }, query: { noteId: 'matrix_note' } },
);
async function seedPaymentRecordMatrixRecords() {
  const note = { _id: 'matrix_note', note: 'Matrix', createdBy: DEMO_USERS.admin._id, createdAt: '2030-01-01T00:00:00.000Z' };
  await db.batch([
    db.insert(paymentHistory).values({
      _id: SAM_PAYMENT_RECORD,
      tenantId: TENANT,
      paymentSessionId: SAM_PAYMENT,
      userId: DEMO_USERS.parent._id,
      studentId: SAM,
      paymentType: 'FLEXIBLE',
      description: 'Standard pack, 10 hours for Sam',
      amount: 55_000,
      currency: 'SGD',
      status: 'PAID',
      provider: 'simulated',
      paidAt: new Date('2030-01-01T00:00:00Z'),
      adminNotes: [note],
    }),
    db.insert(creditEntries).values({
      _id: SAM_TRANSACTION_LOG,
      tenantId: TENANT,
      studentId: SAM,
      kind: 'PURCHASE',
      minutes: 600,
      amount: 55_000,
      currency: 'SGD',
      sourceId: SAM_PAYMENT,
      description: 'Standard pack, 10 hours for Sam',
      adminNotes: [note],
    }),
  ]);
}
// ==== end of payment history and transaction logs block ====
// ==== Invoices (issue 31): an invoice Sam pays himself, with an admin's note; nobody else may read or pay it. ====
export const SAM_INVOICE = 'invoice_matrix_sam';
idRouteFixtures.push(
  { match: /^\/api\/admin\/invoices\/admin-notes\/:id$/, method: 'POST', params: { id: SAM_INVOICE }, body: { note: 'Matrix note' } },
  { match: /^\/api\/admin\/invoices\/admin-notes\/:id$/, method: 'DELETE', params: { id: SAM_INVOICE }, query: { noteId: 'matrix_invoice_note' } },
  { match: /^\/api\/admin\/invoices\/send-mail\/:id$/, params: { id: SAM_INVOICE } },
  { match: /^\/api\/admin\/invoices\/:id$/, method: 'PUT', params: { id: SAM_INVOICE }, body: { status: 'VOID' } },
  { match: /^\/api\/admin\/invoices\/:id$/, params: { id: SAM_INVOICE } },
  { match: /^\/api\/invoices\/(stripe\/session\/)?:id$/, params: { id: SAM_INVOICE } },
);
async function seedInvoiceMatrixRecords() {
  const now = new Date();
  await db.batch([
    db.insert(invoices).values({
      _id: SAM_INVOICE,
      tenantId: TENANT,
      invoiceNumber: 9000,
      userId: SAM,
      currency: 'SGD',
      issuedAt: now,
      dueAt: new Date(now.getTime() + 14 * 24 * 60 * 60_000),
      lineSet: 'matrix_line_set',
      adminNotes: [{ _id: 'matrix_invoice_note', note: 'Matrix', createdBy: DEMO_USERS.admin._id, createdAt: now.toISOString() }],
      createdBy: DEMO_USERS.admin._id,
    }),
    db.insert(invoiceLines).values({
      tenantId: TENANT,
      invoiceId: SAM_INVOICE,
      lineSet: 'matrix_line_set',
      position: 0,
      description: 'Matrix workbook',
      studentId: SAM,
      unitAmount: 2500,
      amount: 2500,
    }),
  ]);
}
// ==== end of invoices block ====
// ==== Diagnostics (issue 33): a diagnostic Sam took, which only Sam and his parents may read or act on. ====
export const SAM_DIAGNOSTIC = 'diagnostic_matrix_sam';
const SAM_CALLBACK = 'callback_matrix_sam';
idRouteFixtures.push(
  {
    match: /^\/api\/admin\/diagnostics\/callbacks\/:id\/(assign|close)$/,
    params: { id: SAM_CALLBACK },
    body: { assignedTo: DEMO_USERS.admin._id, note: 'Called the family back.' },
  },
  { match: /^\/api\/admin\/diagnostics\/tests\/:id\/publish$/, params: { id: SEED_DIAGNOSTIC_IDS.maths }, body: { isPublished: false } },
  {
    match: /^\/api\/admin\/diagnostics\/tests\/:id$/,
    params: { id: SEED_DIAGNOSTIC_IDS.maths },
    body: { title: 'Matrix', curriculum: 'Cambridge IGCSE', subject: 'Mathematics', grade: 'Grade 10', questionIds: ['question_matrix'] },
  },
  { match: /^\/api\/diagnostics\/(submission\/|requestCallback\/|payment\/)?:id$/, params: { id: SAM_DIAGNOSTIC } },
  // A test on offer is catalogue information any session may read.
  { match: /^\/api\/diagnostics\/tests\/:id$/, params: { id: SEED_DIAGNOSTIC_IDS.maths }, public: true },
);
async function seedDiagnosticMatrixRecords() {
  await db
    .insert(diagnostics)
    .values({
      _id: SAM_DIAGNOSTIC,
      tenantId: TENANT,
      userId: SAM,
      testId: SEED_DIAGNOSTIC_IDS.maths,
      curriculum: 'Cambridge IGCSE',
      subject: 'Mathematics',
      grade: 'Grade 10',
      score: 4,
      maxScore: 8,
      answers: [],
      topics: [],
      recommendation: { level: 'Core', course: null, plan: null, hours: 10, reasons: ['Scored 4 of 8 (50%) overall.'] },
      helperText: 'Scored 4 of 8 (50%) overall.',
      helperSource: 'offline',
      helperVersion: 'offline-1',
    })
    .onConflictDoNothing();
  await db
    .insert(callbackRequests)
    .values({ _id: SAM_CALLBACK, tenantId: TENANT, diagnosticId: SAM_DIAGNOSTIC, requestedBy: SAM, name: 'Sam Student', email: 'student@studyhall.test' })
    .onConflictDoNothing();
}
// ==== end of diagnostics block ====
// ==== Homework hand-ins (issue 33): Sam's hand-in for his course's homework, with one file. ====
const SAM_HAND_IN = 'matrix_hand_in_sam';
idRouteFixtures.push(
  { match: /^\/api\/homework-submissions\/course\/:courseId\/student$/, params: { courseId: COURSE_IDS.sam }, query: { student: SAM } },
  { match: /^\/api\/homework-submissions\/course\/:id(\/students)?$/, params: { id: COURSE_IDS.sam } },
  // A topic is catalogue content: the answer holds only the caller's own hand-ins, or those of students they may see.
  { match: /^\/api\/homework-submissions\/topic\/:topicId\/student$/, params: { topicId: 'topic_matrix' }, public: true },
  { match: /^\/api\/homework-submissions\/:id\/files\/:fileId$/, params: { id: SAM_HAND_IN, fileId: 'matrix_hand_in_file' } },
  { match: /^\/api\/(admin\/)?homework-submissions\/:id\/mark$/, params: { id: SAM_HAND_IN }, body: { mark: 1, outOf: 2 } },
  { match: /^\/api\/(admin\/)?homework-submissions\/:id$/, params: { id: SAM_HAND_IN } },
);
async function seedHandInMatrixRecords() {
  const file = { _id: 'matrix_hand_in_file', key: `${TENANT}/homework/matrix.pdf`, name: 'matrix.pdf', size: 9, contentType: 'application/pdf' };
  await db.insert(homeworkSubmissions).values({
    _id: SAM_HAND_IN,
    tenantId: TENANT,
    sectionId: COURSE_IDS.homework,
    courseId: COURSE_IDS.sam,
    studentId: SAM,
    text: 'Matrix answers',
    files: [file],
    handedInAt: new Date('2029-12-01T00:00:00Z'),
  });
}
// ==== end of homework hand-ins block ====
// ==== Lesson feedbacks (issue 33): Theo's feedback to Sam and Sam's to Theo, on Sam's lesson. ====
const FEEDBACK_IDS = { tutor: 'matrix_feedback_theo_sam', student: 'matrix_feedback_sam_theo' } as const;
idRouteFixtures.push(
  { match: /^\/api\/(admin\/)?lesson-tutor-feedbacks\/:id$/, params: { id: FEEDBACK_IDS.tutor }, body: { stars: 1 } },
  { match: /^\/api\/(admin\/)?lesson-student-feedbacks\/:id$/, params: { id: FEEDBACK_IDS.student }, body: { stars: 1 } },
);
async function seedFeedbackMatrixRecords() {
  const lesson = { tenantId: TENANT, sectionId: COURSE_IDS.lesson, courseId: COURSE_IDS.sam, tutorId: DEMO_USERS.tutor._id, studentId: SAM, stars: 4 };
  await db.insert(lessonFeedbacks).values([
    { _id: FEEDBACK_IDS.tutor, ...lesson, author: 'TUTOR', rewards: ['STAR_LEARNER'] },
    { _id: FEEDBACK_IDS.student, ...lesson, author: 'STUDENT' },
  ]);
}
// ==== end of lesson feedbacks block ====
// ==== Essay responses for markers (issue 33, part two): Sam's marked answer to the seeded essay question. ====
const SAM_ESSAY_RESPONSE = 'matrix_essay_response_sam';
idRouteFixtures.push({ match: /^\/api\/essay-questions\/responses\/:id$/, params: { id: SAM_ESSAY_RESPONSE } });
async function seedEssayResponseMatrixRecords() {
  await db
    .insert(essayResponses)
    .values({
      _id: SAM_ESSAY_RESPONSE,
      tenantId: TENANT,
      essayQuestionId: SEED_ESSAY_IDS.percentages,
      userId: SAM,
      stem: 'Matrix stem',
      subQuestions: [],
      answers: [],
      givenMarks: 0,
      totalMarks: 6,
      source: 'offline',
      version: 'offline-1',
    })
    .onConflictDoNothing();
}
// ==== end of essay responses block ====

/**
 * What marks a record as Sam's: his id and address, and the ids of the private records the fixtures seed for him.
 * The access matrix (tests/api/access-matrix.test.ts) holds that no answer to anyone else carries one of them.
 */
export const samsPrivateMarkers = () => [
  SAM,
  DEMO_USERS.student.email,
  ...[ids.experience, ids.qualification, ids.achievement, ids.language, ids.subject, ids.note],
  ...[CHAT_PUSH_ID, SAM_TEAM_THREAD, QUIZ_IDS.samSubmission, trialIds().trial, 'matrix_session_sam', meetingRequestId(), LEDGER_MATRIX.history],
  ...[SAM_PAYMENT, SAM_PAYMENT_RECORD, SAM_TRANSACTION_LOG, SAM_INVOICE, SAM_DIAGNOSTIC, SAM_CALLBACK, SAM_HAND_IN, SAM_ESSAY_RESPONSE],
  ...Object.values(FEEDBACK_IDS),
];
