import { Hono } from 'hono';
import type { AppBindings } from './env';
import { bodyLimits } from './middleware/body-limit';
import { dbMiddleware } from './middleware/db';
import { notFound, onError } from './middleware/errors';
import { sameOriginMiddleware } from './middleware/same-origin';
import { tenantMiddleware } from './middleware/tenant';
import { adminQuestionRoutes } from './routes/admin-questions';
import { adminSettingRoutes } from './routes/admin-settings';
import { adminUserRoutes } from './routes/admin-users';
import { auditLogRoutes } from './routes/audit-log';
import { authRoutes } from './routes/auth';
import { availabilityRoutes } from './routes/availability';
import { brandingRoutes } from './routes/branding';
import { callLogRoutes } from './routes/call-logs';
import { chatRoutes } from './routes/chat';
import { courseSettingTemplateRoutes } from './routes/course-setting-templates';
import { courseStudentRoutes } from './routes/course-students';
import { courseTemplateRoutes } from './routes/course-templates';
import { courseTutorRoutes } from './routes/course-tutors';
import { courseRoutes } from './routes/courses';
import { curriculumRoutes } from './routes/curricula';
import { devMailboxRoutes } from './routes/dev-mailbox';
import { adminDiagnosticRoutes, adminDiagnosticTestRoutes, diagnosticRoutes } from './routes/diagnostics';
import { adminEssayQuestionRoutes, essayQuestionRoutes } from './routes/essay-questions';
import { healthRoutes } from './routes/health';
import { homeRoutes } from './routes/home';
import { adminHomeworkSubmissionRoutes, homeworkSubmissionRoutes } from './routes/homework-submissions';
import { invoiceRoutes } from './routes/invoices';
import { ledgerExportRoutes } from './routes/ledger-exports';
import { lessonAvRoutes } from './routes/lesson-av';
import { lessonDocumentRoutes } from './routes/lesson-documents';
import { adminLessonFeedbackRoutes, lessonFeedbackRoutes } from './routes/lesson-feedbacks';
import { lessonHistoryRoutes } from './routes/lesson-history';
import { lessonRecordingRoutes } from './routes/lesson-recordings';
import { lessonReportRoutes } from './routes/lesson-reports';
import { lessonRoomRoutes } from './routes/lesson-rooms';
import { lessonSessionRoutes } from './routes/lesson-sessions';
import { meetingRequestRoutes } from './routes/meeting-requests';
import { meetingRoutes } from './routes/meetings';
import { metaTagRoutes } from './routes/meta-tags';
import { notificationRoutes } from './routes/notifications';
import { onboardingRoutes } from './routes/onboarding';
import { passwordRoutes } from './routes/passwords';
import { adminPastPaperRoutes, pastPaperRoutes } from './routes/past-papers';
import { payRunRoutes } from './routes/pay-runs';
import { paymentHistoryRoutes } from './routes/payment-history';
import { paymentRoutes } from './routes/payments';
import { penaltyWaiverRoutes } from './routes/penalty-waivers';
import { premiumRoutes } from './routes/premium';
import { pricingPlanRoutes } from './routes/pricing-plans';
import { pricingRateRoutes } from './routes/pricing-rates';
import { pricingSetRoutes } from './routes/pricing-sets';
import { profileRoutes } from './routes/profile';
import { progressRoutes } from './routes/progress';
import { questionRoutes } from './routes/questions';
import { adminQuizRoutes, quizRoutes } from './routes/quizzes';
import { realtimeRoutes } from './routes/realtime';
import { resourceRoutes } from './routes/resources';
import { roleRoutes } from './routes/roles';
import { scheduleRoutes } from './routes/schedule';
import { sectionRoutes } from './routes/sections';
import { signUpRoutes } from './routes/sign-up';
import { subTopicRoutes } from './routes/sub-topics';
import { adminSubmissionRoutes, submissionRoutes } from './routes/submissions';
import { teamInboxRoutes } from './routes/team-inbox';
import { tenantRoutes } from './routes/tenant';
import { topicRoutes } from './routes/topics';
import { transactionLogRoutes } from './routes/transaction-logs';
import { trialRoutes } from './routes/trials';
import { tutorRoleRoutes } from './routes/tutor-roles';
import { tutorSortingRoutes } from './routes/tutor-sortings';
import { usageRoutes } from './routes/usages';
import { userRoutes } from './routes/user';
import { userCollectionRoutes } from './routes/user-collections';
import { waitingRoomRoutes } from './routes/waiting-room';

const app = new Hono<AppBindings>()
  .basePath('/api')
  .use(bodyLimits)
  .use(dbMiddleware)
  .route('/', healthRoutes)
  .use(tenantMiddleware)
  .use(sameOriginMiddleware)
  .route('/', realtimeRoutes)
  .route('/', chatRoutes)
  .route('/', lessonRoomRoutes)
  .route('/', lessonDocumentRoutes)
  .route('/', lessonAvRoutes)
  .route('/', lessonRecordingRoutes)
  .route('/', lessonSessionRoutes)
  .route('/', tenantRoutes)
  .route('/', brandingRoutes)
  .route('/', authRoutes)
  .route('/', signUpRoutes)
  .route('/', passwordRoutes)
  .route('/', devMailboxRoutes)
  // Before userRoutes: GET /user/enrolment-course-* would otherwise be read as GET /user/:id.
  .route('/', courseStudentRoutes)
  .route('/', courseTutorRoutes)
  .route('/', userRoutes)
  .route('/', profileRoutes)
  .route('/', userCollectionRoutes)
  .route('/', onboardingRoutes)
  .route('/', adminUserRoutes)
  .route('/', auditLogRoutes)
  .route('/', roleRoutes)
  .route('/', tutorRoleRoutes)
  .route('/', adminSettingRoutes)
  .route('/', courseRoutes)
  .route('/', courseTemplateRoutes)
  .route('/', courseSettingTemplateRoutes)
  .route('/', sectionRoutes)
  .route('/', meetingRoutes)
  .route('/', resourceRoutes)
  .route('/', homeworkSubmissionRoutes)
  .route('/', adminHomeworkSubmissionRoutes)
  .route('/', availabilityRoutes)
  .route('/', scheduleRoutes)
  .route('/', metaTagRoutes)
  .route('/', curriculumRoutes)
  .route('/', waitingRoomRoutes)
  .route('/', homeRoutes)
  .route('/', callLogRoutes)
  .route('/', topicRoutes)
  .route('/', subTopicRoutes)
  .route('/', adminQuestionRoutes)
  .route('/', adminEssayQuestionRoutes)
  .route('/', essayQuestionRoutes)
  .route('/', questionRoutes)
  .route('/', trialRoutes)
  .route('/', tutorSortingRoutes)
  .route('/', quizRoutes)
  .route('/', adminQuizRoutes)
  .route('/', pastPaperRoutes)
  .route('/', adminPastPaperRoutes)
  .route('/', submissionRoutes)
  .route('/', adminSubmissionRoutes)
  .route('/', usageRoutes)
  .route('/', diagnosticRoutes)
  .route('/', adminDiagnosticRoutes)
  .route('/', adminDiagnosticTestRoutes)
  .route('/', progressRoutes)
  // Before meetingRequestRoutes: GET /admin/meeting-requests/export.csv would otherwise be read as /admin/meeting-requests/:id.
  .route('/', ledgerExportRoutes)
  .route('/', meetingRequestRoutes)
  .route('/', lessonHistoryRoutes)
  .route('/', lessonReportRoutes)
  .route('/', lessonFeedbackRoutes)
  .route('/', adminLessonFeedbackRoutes)
  .route('/', penaltyWaiverRoutes)
  .route('/', payRunRoutes)
  .route('/', pricingPlanRoutes)
  .route('/', pricingSetRoutes)
  .route('/', pricingRateRoutes)
  .route('/', paymentRoutes)
  .route('/', premiumRoutes)
  .route('/', teamInboxRoutes)
  .route('/', notificationRoutes)
  .route('/', paymentHistoryRoutes)
  .route('/', transactionLogRoutes)
  .route('/', invoiceRoutes);

app.onError(onError);
app.notFound(notFound);

export { app };
