import { Hono } from 'hono';
import type { AppBindings } from './env';
import { dbMiddleware } from './middleware/db';
import { notFound, onError } from './middleware/errors';
import { sameOriginMiddleware } from './middleware/same-origin';
import { tenantMiddleware } from './middleware/tenant';
import { authRoutes } from './routes/auth';
import { availabilityRoutes } from './routes/availability';
import { chatRoutes } from './routes/chat';
import { lessonRoomRoutes } from './routes/lesson-rooms';
import { lessonSessionRoutes } from './routes/lesson-sessions';
import { courseRoutes } from './routes/courses';
import { courseStudentRoutes } from './routes/course-students';
import { courseTutorRoutes } from './routes/course-tutors';
import { courseTemplateRoutes } from './routes/course-templates';
import { courseSettingTemplateRoutes } from './routes/course-setting-templates';
import { sectionRoutes } from './routes/sections';
import { meetingRoutes } from './routes/meetings';
import { resourceRoutes } from './routes/resources';
import { scheduleRoutes } from './routes/schedule';
import { signUpRoutes } from './routes/sign-up';
import { passwordRoutes } from './routes/passwords';
import { devMailboxRoutes } from './routes/dev-mailbox';
import { profileRoutes } from './routes/profile';
import { userCollectionRoutes } from './routes/user-collections';
import { onboardingRoutes } from './routes/onboarding';
import { adminUserRoutes } from './routes/admin-users';
import { roleRoutes } from './routes/roles';
import { tutorRoleRoutes } from './routes/tutor-roles';
import { adminSettingRoutes } from './routes/admin-settings';
import { curriculumRoutes } from './routes/curricula';
import { topicRoutes } from './routes/topics';
import { subTopicRoutes } from './routes/sub-topics';
import { adminQuestionRoutes } from './routes/admin-questions';
import { healthRoutes } from './routes/health';
import { homeRoutes } from './routes/home';
import { metaTagRoutes } from './routes/meta-tags';
import { realtimeRoutes } from './routes/realtime';
import { tenantRoutes } from './routes/tenant';
import { userRoutes } from './routes/user';
import { waitingRoomRoutes } from './routes/waiting-room';
import { callLogRoutes } from './routes/call-logs';
import { trialRoutes } from './routes/trials';
import { tutorSortingRoutes } from './routes/tutor-sortings';
import { adminQuizRoutes, quizRoutes } from './routes/quizzes';
import { adminSubmissionRoutes, submissionRoutes } from './routes/submissions';
import { usageRoutes } from './routes/usages';
import { pricingPlanRoutes } from './routes/pricing-plans';
import { pricingRateRoutes } from './routes/pricing-rates';
import { pricingSetRoutes } from './routes/pricing-sets';

const app = new Hono<AppBindings>()
  .basePath('/api')
  .use(dbMiddleware)
  .route('/', healthRoutes)
  .use(tenantMiddleware)
  .use(sameOriginMiddleware)
  .route('/', realtimeRoutes)
  .route('/', chatRoutes)
  .route('/', lessonRoomRoutes)
  .route('/', lessonSessionRoutes)
  .route('/', tenantRoutes)
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
  .route('/', roleRoutes)
  .route('/', tutorRoleRoutes)
  .route('/', adminSettingRoutes)
  .route('/', courseRoutes)
  .route('/', courseTemplateRoutes)
  .route('/', courseSettingTemplateRoutes)
  .route('/', sectionRoutes)
  .route('/', meetingRoutes)
  .route('/', resourceRoutes)
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
  .route('/', trialRoutes)
  .route('/', tutorSortingRoutes)
  .route('/', quizRoutes)
  .route('/', adminQuizRoutes)
  .route('/', submissionRoutes)
  .route('/', adminSubmissionRoutes)
  .route('/', usageRoutes)
  .route('/', pricingPlanRoutes)
  .route('/', pricingSetRoutes)
  .route('/', pricingRateRoutes);

app.onError(onError);
app.notFound(notFound);

export { app };
