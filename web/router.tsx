import { createBrowserRouter, matchRoutes, type Params, type RouteObject } from 'react-router-dom';
import type { AreaKey } from './features/coming-soon/areas';
import { preloadLessonNotes } from './features/lesson-rooms/notes/use-lesson-notes';
import AppShell from './layout/AppShell';
import RequireSignIn from './layout/RequireSignIn';
import { BASENAME } from './lib/paths';
import { type LazyPage, lazyPage } from './ui/lazy-page';

const HomePage = lazyPage(() => import('./pages/HomePage'));
const LoginPage = lazyPage(() => import('./features/auth/LoginPage'));
const DashboardPage = lazyPage(() => import('./pages/DashboardPage'));
const PortalHomePage = lazyPage(() => import('./pages/portal/PortalHomePage'));
const ComingSoonPage = lazyPage<{ area: AreaKey }>(() => import('./features/coming-soon/ComingSoonPage'));
const NotFoundPage = lazyPage(() => import('./ui/NotFoundPage'));
const SubjectPastPapersPage = lazyPage(() => import('./features/past-papers/SubjectPastPapersPage'));
const TopicalPastPapersPage = lazyPage(() => import('./features/past-papers/TopicalPastPapersPage'));
const PastPapersAdminPage = lazyPage(() => import('./features/past-papers-admin/PastPapersAdminPage'));
const SignUpPage = lazyPage(() => import('./features/sign-up/SignUpPage'));
const ForgotPasswordPage = lazyPage(() => import('./features/passwords/ForgotPasswordPage'));
const ResetPasswordPage = lazyPage(() => import('./features/passwords/ResetPasswordPage'));
const DevMailboxPage = lazyPage(() => import('./features/dev-mailbox/DevMailboxPage'));
const DevCheckoutPage = lazyPage(() => import('./features/dev-checkout/DevCheckoutPage'));
const DevCustomerPortalPage = lazyPage(() => import('./features/dev-checkout/DevCustomerPortalPage'));
const PaymentSuccessPage = lazyPage(() => import('./features/payment-result/PaymentSuccessPage'));
const PaymentCancelledPage = lazyPage(() => import('./features/payment-result/PaymentCancelledPage'));
const PaymentFailedPage = lazyPage(() => import('./features/payment-result/PaymentFailedPage'));
const PlansPage = lazyPage(() => import('./features/plans/PlansPage'));
const BillingPage = lazyPage(() => import('./features/billing/BillingPage'));
const PaymentHistoryPage = lazyPage(() => import('./features/admin-payments/PaymentHistoryPage'));
const TransactionLogsPage = lazyPage(() => import('./features/admin-payments/TransactionLogsPage'));
const ProfilePage = lazyPage(() => import('./features/profile/ProfilePage'));
const ManageAccountsPage = lazyPage(() => import('./features/manage-accounts/ManageAccountsPage'));
const OnboardingPage = lazyPage(() => import('./features/onboarding/OnboardingPage'));
const AdminUsersPage = lazyPage(() => import('./features/admin-users/AdminUsersPage'));
const AdminUserDetailPage = lazyPage(() => import('./pages/AdminUserDetailPage'));
const RolesPage = lazyPage(() => import('./features/roles/RolesPage'));
const CoursesPage = lazyPage(() => import('./features/courses/CoursesPage'));
const CoursePage = lazyPage(() => import('./pages/CoursePage'));
const CourseTemplatesPage = lazyPage(() => import('./features/courses/CourseTemplatesPage'));
const WaitingRoomPage = lazyPage(() => import('./features/waiting-room/WaitingRoomPage'));
const CallLogsPage = lazyPage(() => import('./features/call-logs/CallLogsPage'));
const SchedulePage = lazyPage(() => import('./features/schedule/SchedulePage'));
const AdminMeetingsPage = lazyPage(() => import('./features/schedule/AdminMeetingsPage'));
const LessonHistoryPage = lazyPage(() => import('./features/lesson-history/LessonHistoryPage'));
const AdminLessonFeedbacksPage = lazyPage(() => import('./features/lesson-feedbacks/AdminLessonFeedbacksPage'));
const PayRunsPage = lazyPage(() => import('./features/lesson-history/PayRunsPage'));
const AuditLogPage = lazyPage(() => import('./features/audit-log/AuditLogPage'));
const StartSubmissionPage = lazyPage(() => import('./features/quiz/StartSubmissionPage'));
const QuizPlayerPage = lazyPage(() => import('./features/quiz/QuizPlayerPage'));
const QuizAboutPage = lazyPage(() => import('./features/quiz/QuizAboutPage'));
const QuizCataloguePage = lazyPage(() => import('./features/quiz/QuizCataloguePage'));
const QuickCheckPage = lazyPage(() => import('./features/quiz/QuickCheckPage'));
const EssayPage = lazyPage(() => import('./features/essays/EssayPage'));
const EssayMarkingPage = lazyPage(() => import('./features/essay-marking/EssayMarkingPage'));
const DiagnosticTestsAdminPage = lazyPage(() => import('./features/diagnostics-admin/DiagnosticTestsAdminPage'));
const CurriculumPage = lazyPage(() => import('./features/content/CurriculumPage'));
const SubjectPage = lazyPage(() => import('./features/content/SubjectPage'));
const SubTopicPage = lazyPage(() => import('./features/content/SubTopicPage'));
const ContentAdminPage = lazyPage(() => import('./features/content-admin/ContentAdminPage'));
const SubTopicAdminPage = lazyPage(() => import('./features/content-admin/SubTopicAdminPage'));
const MyTrialsPage = lazyPage(() => import('./features/trials/MyTrialsPage'));
const AdminTrialsPage = lazyPage(() => import('./features/admin-trials/AdminTrialsPage'));
const TutorSortingPage = lazyPage(() => import('./features/tutor-sortings/TutorSortingPage'));
const PricingPage = lazyPage(() => import('./features/pricing/PricingPage'));
const TeamInboxPage = lazyPage(() => import('./features/team-inbox/TeamInboxPage'));
const NotificationsPage = lazyPage(() => import('./features/notifications/NotificationsPage'));
const LessonRoomPage = lazyPage(() => import('./features/lesson-rooms/LessonRoomPage'));
const AvailabilityPage = lazyPage(() => import('./features/availability/AvailabilityPage'));
const TrialRecordingPage = lazyPage(() => import('./features/lesson-rooms/TrialRecordingPage'));
const StudentQuizHistoryPage = lazyPage(() => import('./features/quiz-review/StudentQuizHistoryPage'));
const AttemptReviewPage = lazyPage(() => import('./features/quiz-review/AttemptReviewPage'));
const TeamMessagesPage = lazyPage(() => import('./features/chat/TeamMessagesPage'));
const LessonReportPage = lazyPage(() => import('./features/lesson-reports/LessonReportPage'));
const MeetingRequestsPage = lazyPage(() => import('./features/meeting-requests/MeetingRequestsPage'));
const PenaltyWaiversPage = lazyPage(() => import('./features/penalty-waivers/PenaltyWaiversPage'));
const CancellationPolicyPage = lazyPage(() => import('./features/cancellation-policy/CancellationPolicyPage'));
const MyPayPage = lazyPage(() => import('./features/tutor-pay/MyPayPage'));
const AdminInvoicesPage = lazyPage(() => import('./features/invoices/AdminInvoicesPage'));
const MyInvoicesPage = lazyPage(() => import('./features/invoices/MyInvoicesPage'));
const InvoicePage = lazyPage(() => import('./features/invoices/InvoicePage'));
const BrandingPage = lazyPage(() => import('./features/branding/BrandingPage'));
const DiagnosticsPage = lazyPage(() => import('./features/diagnostics/DiagnosticsPage'));
const TakeDiagnosticPage = lazyPage(() => import('./features/diagnostics/TakeDiagnosticPage'));
const DiagnosticResultPage = lazyPage(() => import('./features/diagnostics/DiagnosticResultPage'));
const DiagnosticPaymentPage = lazyPage(() => import('./features/diagnostics/DiagnosticPaymentPage'));
const CallbackRequestsPage = lazyPage(() => import('./features/diagnostics/CallbackRequestsPage'));
const ProgressHomePage = lazyPage(() => import('./features/progress/ProgressHomePage'));
const LearnerProgressPage = lazyPage(() => import('./features/progress/LearnerProgressPage'));
const SubjectProgressPage = lazyPage(() => import('./features/progress/SubjectProgressPage'));
const UnsubscribePage = lazyPage(() => import('./features/progress/UnsubscribePage'));

/** A page the route renders as it is; its props, if any, are optional. */
type NoProps = Record<never, never>;

/** What createAppRouter reads from a route: how to fetch its page's code before the router renders it. */
interface PageHandle {
  preload?: (params: Params) => void;
  /** The page's own title, before the tenant's name: "Schedule · BrightPath Tutors" (layout/use-page-meta.ts). */
  title?: string;
}

const page = (path: string, Page: LazyPage<NoProps>, title: string): RouteObject => ({
  path,
  element: <Page />,
  handle: { preload: Page.preload, title } satisfies PageHandle,
});

/**
 * A reload that lands in a lesson room also fetches the notes editor and starts reading its board and notes from
 * IndexedDB, beside the room's code, instead of once the room's code has run.
 */
const warmUpLessonRoom = ({ sectionId }: Params) => {
  LessonRoomPage.preload();
  void preloadLessonNotes().catch(() => undefined);
  // Its own small chunk (Yjs and y-indexeddb), so the reading starts before the room's larger code has arrived.
  if (sectionId)
    void import('./features/lesson-rooms/device-docs').then(
      ({ readLessonDocsEarly }) => readLessonDocsEarly(sectionId),
      () => undefined,
    );
};

const signedIn = (path: string, Page: LazyPage<NoProps>, title: string): RouteObject => ({
  path,
  element: (
    <RequireSignIn>
      <Page />
    </RequireSignIn>
  ),
  handle: { preload: Page.preload, title } satisfies PageHandle,
});

const soon = (path: string, area: AreaKey, title: string): RouteObject => ({
  path,
  element: <ComingSoonPage area={area} />,
  handle: { title } satisfies PageHandle,
});

/** The route table of spec 1, section 2; every page is loaded on first use. */
export const routes: RouteObject[] = [
  {
    element: <AppShell />,
    children: [
      { index: true, element: <HomePage />, handle: { preload: HomePage.preload } },
      page('login', LoginPage, 'Sign in'),
      page('sign-up', SignUpPage, 'Sign up'),
      page('forgot-password', ForgotPasswordPage, 'Forgot password'),
      page('reset-password', ResetPasswordPage, 'Choose a new password'),
      page('dev/mailbox', DevMailboxPage, 'Mailbox'),
      // Reached by its session id alone, as a Stripe Checkout url is; the page is signed in or not.
      page('dev/checkout/:sessionId', DevCheckoutPage, 'Checkout'),
      signedIn('dev/customer-portal/:customerId', DevCustomerPortalPage, 'Customer portal'),
      signedIn('portal/profile', ProfilePage, 'Profile'),
      signedIn('portal/availability', AvailabilityPage, 'Availability'),
      signedIn('portal/availability/:userId', AvailabilityPage, 'Availability'),
      signedIn('portal/my-pay', MyPayPage, 'My lessons and pay'),
      signedIn('portal/billing', BillingPage, 'Billing'),
      signedIn('portal/admin/users', AdminUsersPage, 'Users'),
      signedIn('portal/admin/users/:userId', AdminUserDetailPage, 'User'),
      signedIn('portal/admin/roles', RolesPage, 'Roles'),
      signedIn('portal/courses', CoursesPage, 'Courses'),
      signedIn('portal/courses/:courseId', CoursePage, 'Course'),
      signedIn('portal/admin/course-templates', CourseTemplatesPage, 'Course templates'),
      signedIn('portal/admin/call-logs', CallLogsPage, 'Call logs'),
      signedIn('portal/admin/inbox', TeamInboxPage, 'Team inbox'),
      signedIn('portal/notifications', NotificationsPage, 'Notifications'),
      signedIn('portal/schedule', SchedulePage, 'Schedule'),
      signedIn('portal/admin/meetings', AdminMeetingsPage, 'Meetings'),
      signedIn('portal/admin/lesson-history', LessonHistoryPage, 'Lesson history'),
      signedIn('portal/admin/lesson-feedbacks', AdminLessonFeedbacksPage, 'Lesson feedback'),
      signedIn('portal/admin/pay-runs', PayRunsPage, 'Pay runs'),
      signedIn('portal/admin/payment-history', PaymentHistoryPage, 'Payment history'),
      signedIn('portal/admin/transaction-logs', TransactionLogsPage, 'Transaction logs'),
      signedIn('portal/admin/content', ContentAdminPage, 'Content'),
      signedIn('portal/admin/content/subtopics/:subTopicId', SubTopicAdminPage, 'Sub topic'),
      signedIn('portal/admin/past-papers', PastPapersAdminPage, 'Past papers'),
      signedIn('portal/essay-answers', EssayMarkingPage, 'Essay answers'),
      signedIn('portal/admin/diagnostic-tests', DiagnosticTestsAdminPage, 'Diagnostic tests'),
      signedIn('portal/trials', MyTrialsPage, 'My trials'),
      signedIn('portal/admin/trials', AdminTrialsPage, 'Trials'),
      signedIn('portal/admin/tutor-sorting', TutorSortingPage, 'Tutor sorting'),
      signedIn('portal/admin/pricing', PricingPage, 'Pricing'),
      signedIn('portal/admin/meeting-requests', MeetingRequestsPage, 'Meeting requests'),
      signedIn('portal/admin/penalty-waivers', PenaltyWaiversPage, 'Penalty waivers'),
      signedIn('portal/admin/cancellation-policy', CancellationPolicyPage, 'Cancellation policy'),
      signedIn('portal/admin/invoices', AdminInvoicesPage, 'Invoices'),
      signedIn('portal/admin/branding', BrandingPage, 'Branding'),
      signedIn('portal/admin/audit-log', AuditLogPage, 'Audit log'),
      signedIn('portal/admin/callback-requests', CallbackRequestsPage, 'Callback requests'),
      signedIn('portal/invoices', MyInvoicesPage, 'My invoices'),
      signedIn('portal/invoices/:id', InvoicePage, 'Invoice'),
      signedIn('portal/students/:userId/quizzes', StudentQuizHistoryPage, 'Quiz results'),
      signedIn('portal/students/:userId/quizzes/:submissionId', AttemptReviewPage, 'Quiz attempt'),
      signedIn('portal/messages', TeamMessagesPage, 'Messages'),
      signedIn('portal/lesson-reports/:sectionId', LessonReportPage, 'Lesson report'),
      signedIn('portal', PortalHomePage, 'Home'),
      signedIn('dashboard', DashboardPage, 'Dashboard'),
      page('dashboard/:curriculum/:subject/:subjectLevel/:subjectCode/past-papers', SubjectPastPapersPage, 'Past papers'),
      // Guests on the 1 day free trial take quizzes too, so these two pages do not require an account.
      page('dashboard/:curriculum/:subject/:topic/:subTopic/:subTopicId/quiz/:submissionId', QuizPlayerPage, 'Quiz'),
      signedIn('dashboard/progress', ProgressHomePage, 'Progress'),
      signedIn('dashboard/progress/:userId', LearnerProgressPage, 'Progress'),
      signedIn('dashboard/progress/:userId/:subjectId', SubjectProgressPage, 'Subject progress'),
      page('dashboard/*', NotFoundPage, 'Page not found'),
      signedIn('trial-recording/:trialId', TrialRecordingPage, 'Trial recording'),
      soon('verifyNotesLink', 'verifyNotesLink', 'Lesson notes'),
      page('startSubmission/:quizId', StartSubmissionPage, 'Quiz'),
      signedIn('quizzes', QuizCataloguePage, 'Quiz catalogue'),
      signedIn('quizzes/:quizId', QuizAboutPage, 'About this quiz'),
      signedIn('quick-check/:subTopicId', QuickCheckPage, 'Quick check'),
      signedIn('essays/:subTopicId', EssayPage, 'Structured question'),
      // Visitors take diagnostics too, and a parent opens a shared result from the e-mail without an account.
      page('diagnostics', DiagnosticsPage, 'Diagnostic tests'),
      page('diagnostics/take/:testId', TakeDiagnosticPage, 'Diagnostic test'),
      page('diagnostics/:diagnosticId', DiagnosticResultPage, 'Diagnostic result'),
      // Checkout's return pages; these fixed paths rank above the diagnostic payment's parameter.
      signedIn('payment/success', PaymentSuccessPage, 'Payment received'),
      signedIn('payment/cancelled', PaymentCancelledPage, 'Payment cancelled'),
      signedIn('payment/failed', PaymentFailedPage, 'Payment failed'),
      // A visitor's own result, or a parent's from the e-mailed link (?share=), is paid from here once signed in.
      page('payment/:diagnosticId', DiagnosticPaymentPage, 'Payment'),
      signedIn('subscriptions', PlansPage, 'Plans'),
      page('topical-past-papers', TopicalPastPapersPage, 'Topical past papers'),
      signedIn('manage-accounts', ManageAccountsPage, 'Manage accounts'),
      // The weekly digest's "stop these e-mails" link: the token in it names the person, so no sign-in.
      page('unsubscribe/progress', UnsubscribePage, 'Progress e-mails'),
      signedIn('onboarding', OnboardingPage, 'Welcome'),
      signedIn('waiting-room/:waitingId', WaitingRoomPage, 'Waiting room'),
      {
        ...signedIn('lesson-room/:sectionId', LessonRoomPage, 'Lesson room'),
        handle: { preload: warmUpLessonRoom, title: 'Lesson room' } satisfies PageHandle,
      },
      page(':curriculum', CurriculumPage, 'Curriculum'),
      page(':curriculum/:subject', SubjectPage, 'Subject'),
      page(':curriculum/:subject/*', SubTopicPage, 'Topic'),
      page('*', NotFoundPage, 'Page not found'),
    ],
  },
];

export function createAppRouter() {
  // The page a reload lands on is fetched beside the start-up requests, so it is there when the shell is ready.
  for (const match of matchRoutes(routes, location, BASENAME) ?? []) (match.route.handle as PageHandle | undefined)?.preload?.(match.params);
  return createBrowserRouter(routes, { basename: BASENAME });
}
