import type { PublicUser } from '../../schema/contracts/auth';
import { hasPermission, type PermissionMap } from '../../schema/contracts/permissions';

export interface NavItem {
  to: string;
  label: string;
  end?: boolean;
}

/** A signed-in person's Home is their own (`/portal`); a guest's is the landing page. */
export function navItems(signedIn: boolean): NavItem[] {
  if (!signedIn) return [{ to: '/', label: 'Home', end: true }];
  return [
    { to: '/portal', label: 'Home', end: true },
    { to: '/dashboard', label: 'Dashboard' },
    { to: '/portal/courses', label: 'Courses' },
    { to: '/portal/schedule', label: 'Schedule' },
  ];
}

export type AccountLinkKey =
  | 'profile'
  | 'manageAccounts'
  | 'users'
  | 'roles'
  | 'meetings'
  | 'callLogs'
  | 'content'
  | 'pastPapers'
  | 'essayAnswers'
  | 'diagnosticTests'
  | 'trials'
  | 'callbackRequests'
  | 'tutorSorting'
  | 'pricing'
  | 'lessonHistory'
  | 'lessonFeedbacks'
  | 'payRuns'
  | 'auditLog'
  | 'meetingRequests'
  | 'penaltyWaivers'
  | 'cancellationPolicy'
  | 'availability'
  | 'myPay'
  | 'billing'
  | 'plans'
  | 'paymentHistory'
  | 'transactionLogs'
  | 'invoices'
  | 'myInvoices'
  | 'courseTemplates'
  | 'teamInbox'
  | 'branding';

export interface AccountLink extends NavItem {
  key: AccountLinkKey;
}

/**
 * The account menu's links: the profile for everyone signed in, the account switcher for parents, Billing and Plans
 * for students and parents where the site takes payments (its tenant grants billing), their invoices wherever they
 * are billed, and a tutor's availability and pay. The admin screens are `adminLinks`.
 */
export function accountLinks(user: PublicUser, permissions: PermissionMap | null, tenantPermissions: PermissionMap | null = null): AccountLink[] {
  const links: AccountLink[] = [{ key: 'profile', to: '/portal/profile', label: 'Profile' }];
  if (user.userMapper.length > 0) links.push({ key: 'manageAccounts', to: '/manage-accounts', label: 'Manage accounts' });
  if ((user.role.name === 'STUDENT' || user.role.name === 'PARENT') && hasPermission(tenantPermissions, { billing: ['view'] })) {
    links.push({ key: 'billing', to: '/portal/billing', label: 'Billing' });
    links.push({ key: 'plans', to: '/subscriptions', label: 'Plans' });
  }
  if (user.role.name === 'PARENT' || user.role.name === 'STUDENT') links.push({ key: 'myInvoices', to: '/portal/invoices', label: 'My invoices' });
  if (user.role.name === 'TUTOR') {
    links.push({ key: 'availability', to: '/portal/availability', label: 'Availability' });
    links.push({ key: 'myPay', to: '/portal/my-pay', label: 'My lessons and pay' });
    links.push({ key: 'essayAnswers', to: '/portal/essay-answers', label: 'Essay answers' });
  }
  return links;
}

/**
 * The admin screens an admin's role grants (the server refuses the others anyway), for the header's Admin menu, the
 * phone menu and the admin's home alike; nobody else gets any.
 */
export function adminLinks(user: PublicUser, permissions: PermissionMap | null): AccountLink[] {
  if (user.role.name !== 'ADMIN') return [];
  const links: AccountLink[] = [];
  if (hasPermission(permissions, { adminCourseChat: ['view'] })) links.push({ key: 'teamInbox', to: '/portal/admin/inbox', label: 'Team inbox' });
  if (hasPermission(permissions, { adminUsers: ['view'] })) links.push({ key: 'users', to: '/portal/admin/users', label: 'Users' });
  if (hasPermission(permissions, { roles: ['view'], tutorRoles: ['view'] })) links.push({ key: 'roles', to: '/portal/admin/roles', label: 'Roles' });
  if (hasPermission(permissions, { callLogs: ['view'] })) links.push({ key: 'callLogs', to: '/portal/admin/call-logs', label: 'Call logs' });
  if (hasPermission(permissions, { adminCourse: ['view'] })) {
    links.push({ key: 'meetings', to: '/portal/admin/meetings', label: 'Meetings' });
    links.push({ key: 'courseTemplates', to: '/portal/admin/course-templates', label: 'Course templates' });
    links.push({ key: 'lessonFeedbacks', to: '/portal/admin/lesson-feedbacks', label: 'Lesson feedback' });
  }
  if (hasPermission(permissions, { lessonHistory: ['view'] }))
    links.push({ key: 'lessonHistory', to: '/portal/admin/lesson-history', label: 'Lesson history' });
  if (hasPermission(permissions, { payRuns: ['view'] })) links.push({ key: 'payRuns', to: '/portal/admin/pay-runs', label: 'Pay runs' });
  if (hasPermission(permissions, { paymentHistory: ['view'] }))
    links.push({ key: 'paymentHistory', to: '/portal/admin/payment-history', label: 'Payment history' });
  if (hasPermission(permissions, { transactionLogs: ['view'] }))
    links.push({ key: 'transactionLogs', to: '/portal/admin/transaction-logs', label: 'Transaction logs' });
  if (hasPermission(permissions, { invoices: ['view'] })) links.push({ key: 'invoices', to: '/portal/admin/invoices', label: 'Invoices' });
  if (hasPermission(permissions, { adminContent: ['view'], questionBank: ['view'] }))
    links.push({ key: 'content', to: '/portal/admin/content', label: 'Content' });
  if (hasPermission(permissions, { adminContent: ['view'] }))
    links.push({ key: 'diagnosticTests', to: '/portal/admin/diagnostic-tests', label: 'Diagnostic tests' });
  if (hasPermission(permissions, { submissions: ['view'] })) links.push({ key: 'essayAnswers', to: '/portal/essay-answers', label: 'Essay answers' });
  if (hasPermission(permissions, { pastPapers: ['view'] })) links.push({ key: 'pastPapers', to: '/portal/admin/past-papers', label: 'Past papers' });
  if (hasPermission(permissions, { trialClasses: ['view'] })) {
    links.push({ key: 'trials', to: '/portal/admin/trials', label: 'Trials' });
    links.push({ key: 'callbackRequests', to: '/portal/admin/callback-requests', label: 'Callback requests' });
  }
  if (hasPermission(permissions, { tutorSorting: ['view'] })) links.push({ key: 'tutorSorting', to: '/portal/admin/tutor-sorting', label: 'Tutor sorting' });
  const pricing = {
    flexiblePlans: ['view'],
    subscriptionPlans: ['view'],
    groups: ['view'],
    tutorRates: ['view'],
    studentRates: ['view'],
    pricingTemplates: ['view'],
  };
  if (hasPermission(permissions, pricing)) links.push({ key: 'pricing', to: '/portal/admin/pricing', label: 'Pricing' });
  if (hasPermission(permissions, { meetingRequests: ['view'] }))
    links.push({ key: 'meetingRequests', to: '/portal/admin/meeting-requests', label: 'Meeting requests' });
  // The screen's second tab is the manual adjustments, which a role may hold without the waivers.
  if (hasPermission(permissions, { penaltyWaivers: ['view', 'appealRequest'], manualAdjustments: ['view'] }))
    links.push({ key: 'penaltyWaivers', to: '/portal/admin/penalty-waivers', label: 'Penalty waivers' });
  if (hasPermission(permissions, { cancellationPolicy: ['view'] }))
    links.push({ key: 'cancellationPolicy', to: '/portal/admin/cancellation-policy', label: 'Cancellation policy' });
  if (hasPermission(permissions, { branding: ['view'] })) links.push({ key: 'branding', to: '/portal/admin/branding', label: 'Branding' });
  if (hasPermission(permissions, { auditLog: ['view'] })) links.push({ key: 'auditLog', to: '/portal/admin/audit-log', label: 'Audit log' });
  return links;
}
