/**
 * Who may use each route of the app, for tests/api/route-gates.test.ts. Every route the router holds must have an
 * entry here: a route added without one fails that test with its name. Keys are `METHOD /api/path` as Hono lists them.
 *
 * - public: anyone, signed in or not.
 * - ticket: a WebSocket entry, reached with a real-time ticket in the query; a bearer token alone never opens it.
 * - session: any session, a guest's included.
 * - account: signed in with an account (not a guest session).
 * - admin: any admin, whatever the role grants; parent: a parent.
 * - learner: someone who takes quizzes, a student or a guest on the free trial (worker/lib/quiz/learner.ts);
 *   guestLearner: a guest alone. acting: a session in which an admin acts as another user (none of the test's).
 * - flag: an admin whose role (and tenant) grant the named permission; an admin without it is refused.
 * - reviewer: a tutor (for the learners they teach), a parent (for their linked children), or an admin holding the
 *   named flag.
 * - only: an account of one of the listed roles (the test's student, tutor or flagless admin), checked on the person
 *   the caller acts for; no record is needed to decide it.
 * - record: an account, and the record named in the path decides. The test fills paths with Sam's records; Theo
 *   tutors Sam's courses, Maya (the student the test signs in as) is linked to none of them, and the admin without
 *   flags holds no admin permission. `members` lists which of those callers the record lets in.
 */
export type Member = 'student' | 'tutor' | 'admin';

export type Gate =
  | { kind: 'public' | 'ticket' | 'session' | 'account' | 'admin' | 'parent' | 'learner' | 'guestLearner' | 'acting' }
  | { kind: 'flag' | 'reviewer'; flag: string }
  | { kind: 'only' | 'record'; members: Member[] };

const publicRoute: Gate = { kind: 'public' };
const ticket: Gate = { kind: 'ticket' };
const session: Gate = { kind: 'session' };
const account: Gate = { kind: 'account' };
const learner: Gate = { kind: 'learner' };
const flag = (name: string): Gate => ({ kind: 'flag', flag: name });
const record = (...members: Member[]): Gate => ({ kind: 'record', members });
const only = (...members: Member[]): Gate => ({ kind: 'only', members });
/** Sam's course, its sections, lessons and materials: Theo tutors it as an Editor. */
const tutorsRecord = record('tutor');
/** A record of Sam's own (his profile rows, his attempts, his push subscription): nobody else's. */
const samsOwn = record();

export const routeGates: Record<string, Gate> = {
  'GET /api/health': publicRoute,

  // Real time (worker/routes/realtime.ts, docs.ts, chat.ts)
  // A guest session may not join live rooms.
  'POST /api/rt/tickets': account,
  'GET /api/rt/waiting-room/:waitingId': ticket,
  'GET /api/rt/docs/:name': ticket,
  'GET /api/rt/chat/course/:courseId': ticket,
  'GET /api/rt/chat/admin/:userId': ticket,
  'GET /api/rt/inbox': ticket,
  'GET /api/chat/notifications': account,
  'GET /api/push/config': account,
  'POST /api/fcm-token': account,
  'DELETE /api/fcm-token/:id': samsOwn,
  'GET /api/dev/push-log': session,

  // Lesson room and lesson sessions (lesson-rooms.ts, lesson-sessions.ts)
  'GET /api/lesson-rooms/:sectionId': tutorsRecord,
  'POST /api/lesson-rooms/:sectionId/images': tutorsRecord,
  'GET /api/lesson-rooms/:sectionId/history/:part': tutorsRecord,
  'GET /api/lesson-rooms/:sectionId/images/:imageId': tutorsRecord,
  'POST /api/lesson-rooms/:sectionId/end': tutorsRecord,
  'POST /api/lesson-rooms/:sectionId/documents': tutorsRecord,
  'GET /api/lesson-rooms/:sectionId/documents/:documentId': tutorsRecord,
  'GET /api/lesson-rooms/:sectionId/av': tutorsRecord,
  'POST /api/lesson-rooms/:sectionId/av/sfu': tutorsRecord,
  'POST /api/lesson-rooms/:sectionId/recording': tutorsRecord,
  'POST /api/lesson-rooms/:sectionId/recording/consent': tutorsRecord,
  'POST /api/lesson-rooms/:sectionId/recordings/chunks': tutorsRecord,
  'GET /api/lesson-rooms/:sectionId/recordings': tutorsRecord,
  'GET /api/lesson-rooms/:sectionId/recordings/tracks/:trackId': tutorsRecord,
  // Course staff only: the role is checked before the body that names the lesson, course or section is read.
  'POST /api/sessions': only('tutor', 'admin'),
  'POST /api/sessions/list': account,
  'GET /api/sessions/:id': tutorsRecord,
  'POST /api/bookmarks': account,
  'GET /api/bookmarks': account,

  // Tenant, sign-in, sign-up, passwords, dev mailbox (tenant.ts, auth.ts, sign-up.ts, passwords.ts, dev-mailbox.ts)
  'GET /api/tenant': publicRoute,
  // The white label (branding.ts): the tenant's own admins with the branding flag.
  'GET /api/admin/branding': flag('branding.view'),
  'PUT /api/admin/branding': flag('branding.edit'),
  'POST /api/oauth/token': publicRoute,
  'POST /api/auth/id-token': account,
  'POST /api/auth/sign-out': session,
  'POST /api/sign-up': publicRoute,
  'POST /api/auth/forgot-password': publicRoute,
  'POST /api/auth/reset-password': publicRoute,
  'POST /api/auth/change-password': account,
  // Local and test only: a deployed Worker answers 404.
  'GET /api/dev/mailbox': publicRoute,

  // Enrolments and course tutors (course-students.ts, course-tutors.ts)
  'GET /api/admin/course-students': flag('adminCourse.view'),
  'GET /api/admin/course-students/verify-delete/:id': flag('adminCourse.delete'),
  'POST /api/admin/course-students': flag('adminCourse.create'),
  'PUT /api/admin/course-students/:id': flag('adminCourse.edit'),
  'DELETE /api/admin/course-students/:id': flag('adminCourse.delete'),
  'GET /api/user/enrolment-course-students': account,
  'GET /api/admin/course-tutors': flag('adminCourse.view'),
  'GET /api/admin/course-tutors/tutor/:tutorId': flag('adminCourse.view'),
  'GET /api/admin/course-tutors/verify-delete/:id': flag('adminCourse.delete|edit'),
  'POST /api/admin/course-tutors': flag('adminCourse.create'),
  'PUT /api/admin/course-tutors/:id': flag('adminCourse.edit'),
  'DELETE /api/admin/course-tutors/:id': flag('adminCourse.delete'),
  'GET /api/user/enrolment-course-tutors': account,

  // The signed-in user, profiles and their collections (user.ts, profile.ts, user-collections.ts, onboarding.ts)
  'GET /api/user/authUser': session,
  'GET /api/user/mapped-students': { kind: 'parent' },
  // Sam's profile: his tutor may read it; another student may not, nor an admin without adminUsers.
  'GET /api/user/:id': record('tutor'),
  'PUT /api/user': account,
  'PUT /api/user/page-guides': account,
  'PUT /api/user/delete': account,
  'POST /api/user/avatar': account,
  // Avatars are images an <img> loads without a token.
  'GET /api/files/avatars/:userId/:name': publicRoute,
  // Profile rows: anyone adds their own and changes only their own (the fixtures' rows are Sam's). Subjects are
  // added and removed, never edited.
  ...Object.fromEntries(
    ['experiences', 'qualifications', 'achievements', 'languages', 'subjects'].flatMap((name) => [
      [`POST /api/user/${name}`, account],
      [`DELETE /api/user/${name}/:id`, samsOwn],
      [`POST /api/admin/users/:userId/${name}`, flag('adminUsers.edit')],
      [`DELETE /api/admin/users/:userId/${name}/:id`, flag('adminUsers.edit')],
      ...(name === 'subjects'
        ? []
        : [
            [`PUT /api/user/${name}/:id`, samsOwn],
            [`PUT /api/admin/users/:userId/${name}/:id`, flag('adminUsers.edit')],
          ]),
    ]),
  ),
  'GET /api/onboarding': account,
  'POST /api/onboarding': only('student', 'tutor'),
  // A tutor's own rates, and what a lesson with one of their students pays (pricing-rates.ts).
  'GET /api/one-to-one-tutor-rates': only('tutor'),
  'GET /api/group-tutor-rates': only('tutor'),
  'GET /api/one-to-one-tutor-rates/student/:studentId': only('tutor'),

  // Admin users, impersonation, roles, settings (admin-users.ts, impersonation.ts, roles.ts, tutor-roles.ts, admin-settings.ts)
  'POST /api/admin/users/log-in-as-user': flag('adminUsers.logInAsUser'),
  // Only a session that is acting as someone has anywhere to return to.
  'POST /api/admin/users/return': { kind: 'acting' },
  'GET /api/admin/audit-log': flag('auditLog.view'),
  'GET /api/admin/audit-log/lessons/:id': flag('auditLog.view'),
  'GET /api/admin/users': flag('adminUsers.view'),
  'GET /api/admin/users/dropdown-list': flag('adminUsers.view'),
  'GET /api/admin/users/students': flag('adminUsers.view'),
  'GET /api/admin/users/:id': flag('adminUsers.view'),
  'POST /api/admin/users': flag('adminUsers.create'),
  'PUT /api/admin/users/plans/:id': flag('adminUsers.edit'),
  'PUT /api/admin/users/one-to-one-tutor-rates/:userId': flag('tutorRates.edit'),
  'PUT /api/admin/users/group-tutor-rates/:userId': flag('tutorRates.edit'),
  'PUT /api/admin/users/:id': flag('adminUsers.edit'),
  'POST /api/admin/users/resend-user-password/:userId': flag('adminUsers.resendPassword'),
  'POST /api/admin/users/admin-notes/:id': flag('adminUsers.edit'),
  'DELETE /api/admin/users/admin-notes/:id': flag('adminUsers.edit'),
  'GET /api/admin/roles': flag('roles.view'),
  'GET /api/admin/roles/dropdown-list': flag('roles.view|adminUsers.create|adminUsers.edit'),
  'GET /api/admin/roles/verify-delete/:id': flag('roles.delete'),
  'POST /api/admin/roles': flag('roles.create'),
  'PUT /api/admin/roles/:id': flag('roles.edit'),
  'DELETE /api/admin/roles/:id': flag('roles.delete'),
  'GET /api/admin/tutor-roles': flag('tutorRoles.view'),
  'GET /api/admin/tutor-roles/verify-delete/:id': flag('tutorRoles.delete'),
  'POST /api/admin/tutor-roles': flag('tutorRoles.create'),
  'PUT /api/admin/tutor-roles/:id': flag('tutorRoles.edit'),
  'DELETE /api/admin/tutor-roles/:id': flag('tutorRoles.delete'),
  // Any admin reads their own (possibly empty) map.
  'GET /api/admin/settings/permissions': { kind: 'admin' },

  // Courses and their templates (courses.ts, course-templates.ts, course-setting-templates.ts)
  'GET /api/admin/courses': flag('adminCourse.view'),
  'POST /api/admin/courses': flag('adminCourse.create'),
  'GET /api/admin/courses/:id': flag('adminCourse.view'),
  'PUT /api/admin/courses/:id': flag('adminCourse.edit'),
  'DELETE /api/admin/courses/:id': flag('adminCourse.delete'),
  'GET /api/courses': account,
  'GET /api/courses/:id': tutorsRecord,
  'PUT /api/courses/:id': tutorsRecord,
  'GET /api/admin/course-templates': flag('adminCourse.view'),
  'POST /api/admin/course-templates': flag('adminCourse.create'),
  'GET /api/admin/course-templates/:id': flag('adminCourse.view'),
  'PUT /api/admin/course-templates/:id': flag('adminCourse.edit'),
  'DELETE /api/admin/course-templates/:id': flag('adminCourse.delete'),
  'POST /api/admin/courses/from-template/:templateId': flag('adminCourse.create'),
  ...Object.fromEntries(
    (
      [
        ['course-permission-templates', 'adminCourse'],
        ['course-pricing-templates', 'pricingTemplates'],
      ] as const
    ).flatMap(([path, resource]) => [
      [`GET /api/admin/${path}`, flag(`${resource}.view`)],
      [`GET /api/admin/${path}/dropdown-list`, flag(`${resource}.view`)],
      [`GET /api/admin/${path}/verify-delete/:id`, flag(`${resource}.delete`)],
      [`POST /api/admin/${path}`, flag(`${resource}.create`)],
      [`PUT /api/admin/${path}/:id`, flag(`${resource}.edit`)],
      [`DELETE /api/admin/${path}/:id`, flag(`${resource}.delete`)],
    ]),
  ),

  // Sections, meetings and materials (sections.ts, meetings.ts, resources.ts). Without `?course=` the list routes
  // cannot know which course's role decides, so any account may ask (and is told the course is missing).
  'GET /api/sections': account,
  'GET /api/sections/access': account,
  'POST /api/sections': only('tutor', 'admin'),
  'PUT /api/sections/update-sorting-keys': only('tutor', 'admin'),
  'PUT /api/sections/:id': tutorsRecord,
  'DELETE /api/sections/:id': tutorsRecord,
  'GET /api/admin/sections': flag('adminCourse.view'),
  'GET /api/admin/sections/access': flag('adminCourse.view'),
  'POST /api/admin/sections': flag('adminCourse.create'),
  'PUT /api/admin/sections/update-sorting-keys': flag('adminCourse.edit'),
  'PUT /api/admin/sections/:id': flag('adminCourse.edit'),
  'DELETE /api/admin/sections/:id': flag('adminCourse.delete'),
  'POST /api/team-meetings/course-meeting-book': only('student', 'tutor'),
  ...Object.fromEntries(
    ['team-meetings', 'zoom-meetings'].flatMap((base) => [
      [`POST /api/${base}`, only('tutor', 'admin')],
      [`PUT /api/${base}/cancel/:id`, tutorsRecord],
      [`PUT /api/${base}/reschedule/:sectionId`, tutorsRecord],
      [`PUT /api/${base}/delete/:id`, tutorsRecord],
      [`PUT /api/${base}/:id`, tutorsRecord],
      [`DELETE /api/${base}/:id`, tutorsRecord],
    ]),
  ),
  'POST /api/resources-and-homeworks': only('tutor', 'admin'),
  'POST /api/resources-and-homeworks/upload': only('tutor', 'admin'),
  'GET /api/resources-and-homeworks/:id/download': tutorsRecord,
  'PUT /api/resources-and-homeworks/cancel/:id': tutorsRecord,
  'PUT /api/resources-and-homeworks/reschedule/:sectionId': tutorsRecord,
  'PUT /api/resources-and-homeworks/delete/:id': tutorsRecord,
  'PUT /api/resources-and-homeworks/:id': tutorsRecord,
  'DELETE /api/resources-and-homeworks/:id': tutorsRecord,

  // Availability and schedule (availability.ts, schedule.ts). A tutor's hours and free slots are readable by every
  // account of the tenant (the fixture names Sam, who is no tutor: a 404 or a 400 are both answers to a permitted
  // caller). Only the tutor (or an admin with adminUsers) writes them; the write points at Theo's own hours.
  'GET /api/user-availability/slots/:userId': account,
  'GET /api/user-availability/free-days/:userId': account,
  'POST /api/user-availability/slots/tutor': account,
  'POST /api/user-availability/slots/trial': session,
  'GET /api/user-availability/:userId': account,
  'PUT /api/user-availability/:userId': record('tutor'),
  'GET /api/schedule/feed': account,
  'POST /api/schedule/feed': account,
  'DELETE /api/schedule/feed': account,
  // A calendar app reaches the feed by its secret name alone.
  'GET /api/schedule/feed/:file': publicRoute,
  'GET /api/admin/schedule/meetings': flag('adminCourse.view'),
  'GET /api/schedule/list/:userId': samsOwn,
  'GET /api/schedule/:sectionId/ics': tutorsRecord,
  'GET /api/schedule/:sectionId': tutorsRecord,

  // Catalogue and landing pages (meta-tags.ts, curricula.ts, topics.ts, sub-topics.ts): public content.
  'POST /api/meta-tags/get': publicRoute,
  'GET /api/curriculums/getCurriculumsForHomePage': publicRoute,
  'GET /api/curriculums/list-with-grades': publicRoute,
  'GET /api/curriculums': publicRoute,
  'GET /api/curriculums/grades': publicRoute,
  'GET /api/curriculums/quiztopiya': publicRoute,
  'GET /api/curriculums/getSearchOptionsForHomePage': publicRoute,
  'POST /api/curriculums/subjectMapDataForSubjectCode': publicRoute,
  'GET /api/subjects': publicRoute,
  'GET /api/tags/list': publicRoute,
  'POST /api/topics': publicRoute,
  'POST /api/topics/getTopics': publicRoute,
  'GET /api/topics/getTopicsBySubjectData': publicRoute,
  'POST /api/admin/topics/updateSorting': flag('adminContent.edit'),
  'GET /api/subtopics/:id': publicRoute,
  'GET /api/subtopic/random/:id': session,
  'POST /api/groupedSubTopics': publicRoute,
  'GET /api/admin/subtopics': flag('adminContent.view'),
  'POST /api/admin/subtopics': flag('adminContent.create'),
  'PUT /api/admin/subtopics/:id': flag('adminContent.edit'),
  'DELETE /api/admin/subtopics/:id': flag('adminContent.delete'),
  ...Object.fromEntries(
    [
      'addResources',
      'removeResources',
      'addVideoLink',
      'editVideoLink',
      'removeVideoLink',
      'sortVideoLinks',
      'addContent',
      'editContent',
      'removeContent',
      'addFAQ',
      'editFAQ',
      'removeFAQ',
      'addReview',
      'editReview',
      'removeReview',
    ].map((edit) => [`PUT /api/admin/subtopics/:id/${edit}`, flag('adminContent.edit')]),
  ),
  'GET /api/admin/questions': flag('questionBank.view'),
  'GET /api/admin/questions/list': flag('questionBank.view'),
  'GET /api/admin/questions/:id': flag('questionBank.view'),
  'POST /api/admin/questions': flag('questionBank.create'),
  'POST /api/admin/questions/create-many': flag('questionBank.create'),
  'PUT /api/admin/questions/approve/:id': flag('questionBank.approve'),
  'PUT /api/admin/questions/delete/:id': flag('questionBank.delete'),
  'PUT /api/admin/questions/:id': flag('questionBank.edit'),
  // Structured essay questions (essay-questions.ts): the question bank's flags on the admin side; learners practise
  // approved ones; a tutor of the learner, or an admin who may mark, changes a part's mark.
  'GET /api/admin/essay-questions': flag('questionBank.view'),
  'POST /api/admin/essay-questions/gptQuestion': flag('questionBank.create'),
  'POST /api/admin/essay-questions/gpt/question': flag('questionBank.create'),
  'GET /api/admin/essay-questions/:id': flag('questionBank.view'),
  'POST /api/admin/essay-questions': flag('questionBank.create'),
  'PUT /api/admin/essay-questions/approve/:id': flag('questionBank.approve'),
  'PUT /api/admin/essay-questions/delete/:id': flag('questionBank.delete'),
  'PUT /api/admin/essay-questions/:id': flag('questionBank.edit'),
  'GET /api/essay-questions/random/:subTopicId': learner,
  'POST /api/essay-questions/aiResponse': learner,
  'POST /api/essay-questions/overrideMark': { kind: 'reviewer', flag: 'submissions.view' },
  'GET /api/essay-questions/responses': { kind: 'reviewer', flag: 'submissions.view' },
  'GET /api/essay-questions/responses/:id': { kind: 'reviewer', flag: 'submissions.view' },

  // Waiting room (waiting-room.ts): Sam's maths lesson, which Theo teaches.
  'GET /api/meeting-data/:waitingId': tutorsRecord,
  'POST /api/start-meeting': only('tutor', 'admin'),
  'POST /api/notify-user-joined-to-meeting': account,
  'POST /api/notify-user-waiting': account,
  'GET /api/admin/call-logs': flag('callLogs.view'),

  // Trials and tutor sorting (trials.ts, tutor-sortings.ts)
  'POST /api/trials/sign-up': publicRoute,
  // Booked by a student, or by a parent acting for one.
  'POST /api/trials': only('student'),
  'POST /api/trials/createFromQuiztopiya': only('student'),
  // Sam's trial with Theo: its student and tutor, or an admin with trialClasses.
  'GET /api/trials/trial-recordings/:id': tutorsRecord,
  'GET /api/trials': account,
  'GET /api/admin/trials': flag('trialClasses.view'),
  'POST /api/admin/trials': flag('trialClasses.create'),
  'PUT /api/admin/trials/:id': flag('trialClasses.edit'),
  'DELETE /api/admin/trials/:id': flag('trialClasses.delete'),
  'GET /api/admin/tutor-sortings': flag('tutorSorting.view'),
  'PUT /api/admin/tutor-sortings': flag('tutorSorting.edit'),
  'GET /api/admin/booking-defaults': flag('adminUsers.view'),
  'PUT /api/admin/booking-defaults': flag('adminUsers.edit'),

  // Pricing (pricing-plans.ts, pricing-sets.ts, pricing-rates.ts): every admin screen behind its own flag; the plan
  // lists a student picks from are open to every account.
  ...Object.fromEntries(
    (
      [
        ['flexible-plans', 'flexiblePlans'],
        ['subscription-plans', 'subscriptionPlans'],
        ['groups', 'groups'],
        ['one-to-one-student-types', 'tutorRates'],
        ['group-tutor-rate-course-types', 'tutorRates'],
        ['one-to-one-tutor-rate-versions', 'tutorRates'],
        ['group-tutor-rate-versions', 'tutorRates'],
        ['student-flexible-rate-versions', 'studentRates'],
        ['student-subscription-rate-versions', 'studentRates'],
      ] as const
    ).flatMap(([path, resource]) => [
      [`GET /api/admin/${path}`, flag(`${resource}.view`)],
      [`GET /api/admin/${path}/dropdown-list`, flag(`${resource}.view`)],
      [`GET /api/admin/${path}/verify-delete/:id`, flag(`${resource}.delete`)],
      [`GET /api/admin/${path}/:id`, flag(`${resource}.view`)],
      [`POST /api/admin/${path}`, flag(`${resource}.create`)],
      [`PUT /api/admin/${path}/:id`, flag(`${resource}.edit`)],
      [`DELETE /api/admin/${path}/:id`, flag(`${resource}.delete`)],
      ...(path.endsWith('-plans') ? [[`GET /api/admin/${path}/user/:userId`, flag(`${resource}.view`)]] : []),
    ]),
  ),
  ...Object.fromEntries(
    (
      [
        ['one-to-one-tutor-rates', 'tutorRates'],
        ['group-tutor-rates', 'tutorRates'],
        ['student-flexible-rates', 'studentRates'],
        ['student-subscription-rates', 'studentRates'],
      ] as const
    ).flatMap(([path, resource]) => [
      [`GET /api/admin/${path}`, flag(`${resource}.view`)],
      [`GET /api/admin/${path}/user/:id`, flag(`${resource}.view`)],
      [`GET /api/admin/${path}/:id`, flag(`${resource}.view`)],
      [`POST /api/admin/${path}`, flag(`${resource}.create`)],
      [`PUT /api/admin/${path}/:id`, flag(`${resource}.edit`)],
      [`DELETE /api/admin/${path}/:id`, flag(`${resource}.delete`)],
    ]),
  ),
  'GET /api/admin/rates/explain': flag('tutorRates.view'),
  'GET /api/admin/lesson-prices': flag('tutorRates.view'),
  'GET /api/flexible-plans': account,
  'GET /api/subscription-plans': account,

  // Quizzes, submissions and usage (quizzes.ts, submissions.ts, usages.ts)
  'GET /api/quizzes': session,
  'GET /api/quizzes/history': learner,
  'POST /api/quizzes/getBySubTopicId': session,
  // Which papers a sub topic's published quizzes have is catalogue information any session may read.
  'GET /api/quizzes/checkPapersBySubTopicId/:id': session,
  // Past papers (past-papers.ts): the catalogue and topical sets are for any session; the upload needs the import flag.
  'GET /api/past-papers': session,
  'GET /api/past-papers/topical': session,
  'GET /api/past-papers/topical/:subTopicId': session,
  'GET /api/admin/past-papers': flag('pastPapers.view'),
  'POST /api/admin/past-papers/import': flag('pastPapers.import'),
  'POST /api/quizzes/report-issue': learner,
  'POST /api/quizzes/resource': learner,
  // questions.ts: an admin holding submissions.aiAnswer may use ai-marking too; the test's callers hold no flag.
  'GET /api/questions/assess-questions': learner,
  'POST /api/questions/assess-questions/check': learner,
  'GET /api/questions/ai-marking': learner,
  // A draft quiz: no learner finds it.
  'GET /api/quizzes/:id': samsOwn,
  'GET /api/admin/quizzes': flag('quizzes.view'),
  'GET /api/admin/quizzes/user/:userId': flag('submissions.view'),
  'POST /api/admin/quizzes': flag('quizzes.create'),
  'GET /api/admin/quizzes/:id': flag('quizzes.view'),
  'PUT /api/admin/quizzes/publish/:id': flag('quizzes.edit'),
  'GET /api/submissions': learner,
  // Reads only the caller's own attempts at the quiz.
  'GET /api/submissions/quizHistory/:quizId': learner,
  'POST /api/submissions': learner,
  'POST /api/submissions/createByQuizId': learner,
  'POST /api/submissions/answer/add': learner,
  'POST /api/submissions/openEndedAnswer/add': learner,
  'POST /api/submissions/openEndedAnswer/grade': learner,
  'POST /api/submissions/finish': learner,
  'POST /api/submissions/question/get': learner,
  'POST /api/submissions/question/get-ai-explanation': learner,
  'POST /api/submissions/answer/get': learner,
  'POST /api/submissions/aiHint': learner,
  'POST /api/submissions/getQuizDataForAboutPage': learner,
  'POST /api/submissions/updateSubmissionCountdownSettings': learner,
  'POST /api/submissions/startSubmissionQuestionTimer': learner,
  'POST /api/submissions/endSubmissionQuestionTimer': learner,
  'POST /api/submissions/updateQuestionOpenAiFeedback': learner,
  'GET /api/submissions/get-ai-feedback/:submissionId': samsOwn,
  // A tutor overrides a mark on an attempt of a learner they teach (the attempt is named in the body), or a reviewing admin.
  'POST /api/submissions/overrideMark': { kind: 'reviewer', flag: 'submissions.view' },
  'GET /api/submissions/:id': samsOwn,
  'GET /api/admin/submissions/quizHistory/:userId': { kind: 'reviewer', flag: 'submissions.view' },
  'GET /api/admin/submissions/course-learners/:courseId': { kind: 'reviewer', flag: 'submissions.view' },
  'GET /api/admin/submissions/question/:questionId': { kind: 'reviewer', flag: 'submissions.view' },
  'GET /api/admin/submissions/:id': { kind: 'reviewer', flag: 'submissions.view' },

  // Progress (progress.ts, issue 33): a learner saves their own; students, parents, tutors and admins with "my
  // performance" read it, each only their own learners (Theo teaches Sam); the unsubscribe link needs no sign-in.
  'POST /api/progress': only('student'),
  'GET /api/progress/learners': only('student', 'tutor'),
  'POST /api/progress/getSubjectProgress': only('student', 'tutor'),
  'GET /api/progress/:id': record('tutor'),
  'POST /api/progress/unsubscribe': publicRoute,
  'GET /api/usages': learner,
  'POST /api/usages': learner,
  'POST /api/usages/quiz-trial': { kind: 'guestLearner' },
  // Diagnostics (diagnostics.ts): any session takes one (a visitor too); a result is its learner's, their parents',
  // or the holder's of its e-mailed link, so to everyone else it is not there.
  'GET /api/diagnostics/tests': session,
  'GET /api/diagnostics/tests/:id': session,
  'POST /api/diagnostics': learner,
  'GET /api/diagnostics/recommendation': learner,
  'GET /api/diagnostics/subTopic/subTopic': learner,
  'POST /api/diagnostics/shareWithParent': learner,
  'GET /api/diagnostics/submission/:id': samsOwn,
  'GET /api/diagnostics/requestCallback/:id': samsOwn,
  'GET /api/diagnostics/payment/:id': samsOwn,
  'POST /api/diagnostics/payment/:id': samsOwn,
  'GET /api/diagnostics/:id': samsOwn,
  'GET /api/admin/diagnostics/callbacks': flag('trialClasses.view'),
  'GET /api/admin/diagnostics/callbacks/teammates': flag('trialClasses.view'),
  'PUT /api/admin/diagnostics/callbacks/:id/assign': flag('trialClasses.edit'),
  'PUT /api/admin/diagnostics/callbacks/:id/close': flag('trialClasses.edit'),
  // The diagnostic-test editor: tests are learning content, so the content group gates them.
  'GET /api/admin/diagnostics/tests': flag('adminContent.view'),
  'GET /api/admin/diagnostics/tests/questions': flag('adminContent.view'),
  'GET /api/admin/diagnostics/tests/:id': flag('adminContent.view'),
  'POST /api/admin/diagnostics/tests': flag('adminContent.create'),
  'PUT /api/admin/diagnostics/tests/:id/publish': flag('adminContent.edit'),
  'PUT /api/admin/diagnostics/tests/:id': flag('adminContent.edit'),
  // The portal home (home.ts)
  'GET /api/home': account,
  // Meeting requests and the cancellation policy (issue 30)
  // Anyone with an account may ask about a lesson; the lesson named in the body then decides (a stranger gets 404).
  'POST /api/meeting-requests/preview': account,
  'POST /api/meeting-requests': account,
  // Lists only the requests on the caller's own lessons.
  'GET /api/meeting-requests': account,
  // The fixture is a request on Sam's lesson, which Theo tutors.
  'GET /api/meeting-requests/:id': tutorsRecord,
  'GET /api/admin/meeting-requests': flag('meetingRequests.view'),
  'GET /api/admin/meeting-requests/:id': flag('meetingRequests.view'),
  'PUT /api/admin/meeting-requests/respond/:requestId': flag('meetingRequests.respond'),
  'PUT /api/admin/meeting-requests/update-tutor-payment-status': flag('meetingRequests.respond'),
  'GET /api/admin/cancellation-policy': flag('cancellationPolicy.view'),
  'PUT /api/admin/cancellation-policy': flag('cancellationPolicy.edit'),

  // Lesson history, tutor pay, waivers, adjustments and pay runs (issue 30)
  // (lesson-history.ts, penalty-waivers.ts, pay-runs.ts, ledger-exports.ts). A tutor's and a learner's own rows; a
  // row is Sam's maths lesson, which Theo taught; the waiver is a deduction on Theo's pay.
  'GET /api/lesson-history': only('student', 'tutor'),
  'GET /api/lesson-history/my-pay': only('tutor'),
  // Lesson reports (lesson-reports.ts): the lesson's tutor writes them; a student or parent reads the sent ones.
  'GET /api/lesson-reports': only('student'),
  'GET /api/lesson-reports/:sectionId': record('tutor'),
  'PUT /api/lesson-reports/:sectionId/:studentId': record('tutor'),
  'POST /api/lesson-reports/:sectionId/:studentId/send': record('tutor'),
  'GET /api/lesson-history/:id': record('tutor'),
  'PUT /api/lesson-history/tutor-payments/raise-concern': only('tutor'),
  'GET /api/admin/lesson-history': flag('lessonHistory.view'),
  'PUT /api/lesson-history/tutor-payments/respond-to-concern': flag('lessonHistory.edit'),
  'PUT /api/lesson-history/tutor-payments/adjustments': flag('lessonHistory.edit'),
  'PUT /api/lesson-history/update-tutor-payment-status': flag('lessonHistory.edit'),
  'PUT /api/lesson-history/class-extension': flag('lessonHistory.edit'),
  'PUT /api/lesson-history/tutor-penalty': flag('lessonHistory.edit'),
  'PUT /api/lesson-history/trial-conversion': flag('lessonHistory.edit'),
  'POST /api/lesson-history/admin-notes/:id': flag('lessonHistory.edit'),
  'DELETE /api/lesson-history/admin-notes/:id': flag('lessonHistory.edit'),
  'GET /api/admin/lesson-history/export.csv': flag('lessonHistory.export'),
  'GET /api/admin/meeting-requests/export.csv': flag('lessonHistory.export'),
  'GET /api/admin/penalty-waivers': flag('penaltyWaivers.view'),
  'POST /api/admin/penalty-waivers': flag('penaltyWaivers.create'),
  'GET /api/admin/penalty-waivers/:id': flag('penaltyWaivers.view'),
  'PUT /api/admin/penalty-waivers/update-tutor-payment-status': flag('penaltyWaivers.create'),
  'PUT /api/admin/penalty-waivers/:penaltyWaiverId/appeal-respond': flag('penaltyWaivers.respond'),
  'GET /api/penalty-waivers': only('tutor'),
  'POST /api/penalty-waivers/:id/appeal': record('tutor'),
  'GET /api/admin/manual-adjustments': flag('manualAdjustments.view'),
  'POST /api/admin/manual-adjustments': flag('manualAdjustments.create'),
  'POST /api/admin/settings/payment-adjustments': flag('adjustments.create'),
  'GET /api/admin/pay-runs/preview': flag('payRuns.view'),
  'POST /api/admin/pay-runs': flag('payRuns.create'),
  'GET /api/admin/pay-runs': flag('payRuns.view'),
  'GET /api/admin/pay-runs/:id': flag('payRuns.view'),
  'GET /api/admin/pay-runs/:id/csv': flag('payRuns.view'),

  // Payments (payments.ts, issue 31). The webhook's credential is its signature, not a session; the simulated
  // checkout (local and test only) is reached by its session id as a Stripe Checkout url is; the balance is the
  // caller's own, or a linked child's.
  'POST /api/stripe/webhook': publicRoute,
  'GET /api/dev/checkout/:sessionId': publicRoute,
  'POST /api/dev/checkout/:sessionId/:action': publicRoute,
  'GET /api/credits': account,
  // A student buys for themselves and a parent for a linked child; tutors and admins buy nothing here.
  'POST /api/stripe/v2/flexible-session': only('student'),
  'POST /api/stripe/v2/subscription-session': only('student'),
  'POST /api/stripe/v2/subscribe-course': only('student'),
  'POST /api/stripe/createSession': only('student'),
  'GET /api/stripe/getProductPrice/:id': only('student'),
  'GET /api/stripe/customerPortal/:id': account,
  'POST /api/stripe/v2/top-up-course': only('student'),
  'GET /api/stripe/v2/course-subscription-session/:id': only('student'),
  'GET /api/stripe/v2/customer-portal-data': account,
  // Premium (premium.ts): one price for the tenant, shown to anyone; a student's status to them and their parents;
  // buying with details makes the account, so it needs none.
  'GET /api/admin/premium-offer': flag('subscriptionPlans.view'),
  'PUT /api/admin/premium-offer': flag('subscriptionPlans.edit'),
  'POST /api/stripe/premium/getProductPrice': publicRoute,
  'GET /api/stripe/premium/:id': account,
  'POST /api/stripe/premium/createSession': only('student'),
  'POST /api/stripe/premium/createSessionWithDetails': publicRoute,
  // The team inbox (team-inbox.ts): the admins who answer the admin chat.
  'GET /api/admin/team-inbox': flag('adminCourseChat.view'),
  'PUT /api/admin/team-inbox/:id': flag('adminCourseChat.view'),
  // Notifications (notifications.ts): always the caller's own.
  'GET /api/notifications': account,
  // A learner's usage: theirs, their parents', and admins with usage view (quiz/usage.ts).
  'GET /api/usages/:id': account,
  'POST /api/notifications/read': account,
  'GET /api/notification-preferences': account,
  'PUT /api/notification-preferences': account,
  // The simulated portal answers its own customer only (the signed-in payer); anyone else's id is not found.
  'GET /api/dev/customer-portal/:customerId': account,
  'POST /api/dev/customer-portal/:customerId/cancel/:subscriptionId': account,
  // A payment is read by its payer and its student alone (the fixture is Sam's, bought by his parent).
  'GET /api/payments/:id': samsOwn,

  // Payment history and transaction logs (payment-history.ts, transaction-logs.ts, issue 31): a student's own (a
  // parent's, their children's too, which the API tests cover); the admin lists and notes need the flags.
  'GET /api/payment-history': only('student'),
  'GET /api/admin/payment-history': flag('paymentHistory.view'),
  'POST /api/admin/payment-history/admin-notes/:id': flag('paymentHistory.edit'),
  'DELETE /api/admin/payment-history/admin-notes/:id': flag('paymentHistory.edit'),
  'GET /api/transaction-logs': only('student'),
  'GET /api/admin/transaction-logs': flag('transactionLogs.view'),
  'POST /api/admin/transaction-logs/admin-notes/:id': flag('transactionLogs.edit'),
  'DELETE /api/admin/transaction-logs/admin-notes/:id': flag('transactionLogs.edit'),
  // Invoices (invoices.ts, issue 31): the admin's calls behind the invoices flags; a payer's own (the fixture is an
  // invoice Sam pays himself), which another student cannot read or pay.
  'GET /api/admin/invoices': flag('invoices.view'),
  'GET /api/admin/invoices/:id': flag('invoices.view'),
  'POST /api/admin/invoices': flag('invoices.create'),
  'POST /api/admin/invoices/draw/preview': flag('invoices.create'),
  'POST /api/admin/invoices/draw': flag('invoices.create'),
  'PUT /api/admin/invoices/:id': flag('invoices.edit'),
  'POST /api/admin/invoices/send-mail/:id': flag('invoices.edit'),
  'POST /api/admin/invoices/admin-notes/:id': flag('invoices.edit'),
  'DELETE /api/admin/invoices/admin-notes/:id': flag('invoices.edit'),
  'GET /api/invoices': only('student'),
  'GET /api/invoices/:id': samsOwn,
  'POST /api/invoices/stripe': only('student'),
  'POST /api/invoices/stripe/session/:id': samsOwn,

  // Homework hand-ins (homework-submissions.ts, issue 33): the hand-in is Sam's on his course's homework, which Theo
  // tutors; only Sam changes it, only a student hands in, the admin's calls need the submissions flags.
  'GET /api/homework-submissions': account,
  'GET /api/homework-submissions/by-course': account,
  'GET /api/homework-submissions/course/:courseId/student': tutorsRecord,
  'GET /api/homework-submissions/course/:id/students': tutorsRecord,
  'GET /api/homework-submissions/course/:id': tutorsRecord,
  // A topic names no owner: the caller gets the hand-ins they may see in the topic's courses.
  'GET /api/homework-submissions/topic/:topicId/student': account,
  'POST /api/homework-submissions': only('student'),
  'GET /api/homework-submissions/:id/files/:fileId': tutorsRecord,
  'GET /api/homework-submissions/:id': tutorsRecord,
  'PUT /api/homework-submissions/:id/mark': tutorsRecord,
  'PUT /api/homework-submissions/:id': samsOwn,
  'DELETE /api/homework-submissions/:id': samsOwn,
  'GET /api/admin/homework-submissions': flag('submissions.view'),
  'GET /api/admin/homework-submissions/by-course': flag('submissions.view'),
  'PUT /api/admin/homework-submissions/:id/mark': flag('submissions.edit'),
  'DELETE /api/admin/homework-submissions/:id': flag('submissions.delete'),
  // Lesson feedbacks (lesson-feedbacks.ts, issue 33): Theo's feedback to Sam and Sam's to Theo on Sam's lesson; each
  // is edited by its author alone; the admin lists need the admin-course flags.
  'GET /api/lesson-tutor-feedbacks/feedback-rewards': account,
  // The course's lessons that take feedback, for members of the course (the test asks with no course: 400).
  'GET /api/lesson-tutor-feedbacks/lessons': account,
  'GET /api/lesson-tutor-feedbacks': only('student', 'tutor'),
  'POST /api/lesson-tutor-feedbacks': only('tutor'),
  'PUT /api/lesson-tutor-feedbacks/:id': tutorsRecord,
  'GET /api/lesson-student-feedbacks': only('student', 'tutor'),
  'POST /api/lesson-student-feedbacks': only('student'),
  'PUT /api/lesson-student-feedbacks/:id': samsOwn,
  'GET /api/admin/lesson-tutor-feedbacks/feedback-rewards': flag('adminCourse.view'),
  'GET /api/admin/lesson-tutor-feedbacks': flag('adminCourse.view'),
  'DELETE /api/admin/lesson-tutor-feedbacks/:id': flag('adminCourse.delete'),
  'GET /api/admin/lesson-student-feedbacks': flag('adminCourse.view'),
  'DELETE /api/admin/lesson-student-feedbacks/:id': flag('adminCourse.delete'),
};
