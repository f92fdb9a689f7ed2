/** What the audit log records (zod-free, so the tables and the web app's entry chunk can share it). */
export const auditActions = [
  'impersonation.start',
  'impersonation.end',
  'lesson.cancel',
  'lesson.reschedule',
  'role.create',
  'role.update',
  'role.delete',
  'tutorRole.create',
  'tutorRole.update',
  'tutorRole.delete',
  'user.adminRole',
  'plan.create',
  'plan.update',
  'plan.delete',
  'rateVersion.create',
  'rateVersion.update',
  'rateVersion.delete',
  'rate.create',
  'rate.update',
  'rate.delete',
  'rate.replace',
  'premiumOffer.update',
  'payRun.create',
  'payment.refund',
  'payment.dispute',
  'payment.disputeClosed',
  'request',
] as const;
export type AuditAction = (typeof auditActions)[number];

export const auditActorKinds = ['person', 'stripe'] as const;
export type AuditActorKind = (typeof auditActorKinds)[number];

export const auditSubjectTypes = ['user', 'lesson', 'role', 'tutorRole', 'pricingPlan', 'rateVersion', 'rate', 'premiumOffer', 'payRun', 'payment'] as const;
export type AuditSubjectType = (typeof auditSubjectTypes)[number];

/** The groups the log screen filters by, each with the actions it holds. */
export const auditKinds = {
  logInAs: ['impersonation.start', 'impersonation.end'],
  lessons: ['lesson.cancel', 'lesson.reschedule'],
  roles: ['role.create', 'role.update', 'role.delete', 'tutorRole.create', 'tutorRole.update', 'tutorRole.delete', 'user.adminRole'],
  prices: [
    'plan.create',
    'plan.update',
    'plan.delete',
    'rateVersion.create',
    'rateVersion.update',
    'rateVersion.delete',
    'rate.create',
    'rate.update',
    'rate.delete',
    'rate.replace',
    'premiumOffer.update',
  ],
  payRuns: ['payRun.create'],
  refunds: ['payment.refund', 'payment.dispute', 'payment.disputeClosed'],
  requests: ['request'],
} as const satisfies Record<string, readonly AuditAction[]>;
export type AuditKind = keyof typeof auditKinds;
export const auditKindNames = Object.keys(auditKinds) as AuditKind[];
