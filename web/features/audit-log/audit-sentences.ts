import type { AuditEntry } from '../../../schema/contracts/audit';
import type { AuditAction, AuditKind } from '../../../schema/contracts/audit-enums';
import { lessonTime } from '../../entities/lessons/lesson-time';

/** The filter's words for each kind of entry. */
export const auditKindLabels: Record<AuditKind, string> = {
  logInAs: 'Logging in as someone',
  lessons: 'Lessons cancelled or moved',
  roles: 'Roles and permissions',
  prices: 'Prices and rates',
  payRuns: 'Pay runs',
  refunds: 'Refunds and disputes',
  requests: 'Other changes made while logged in as someone',
};

/** What was done, as a verb phrase that reads after the one who did it. */
const verbs: Record<AuditAction, string> = {
  'impersonation.start': 'logged in as',
  'impersonation.end': 'returned to their own account from',
  'lesson.cancel': 'cancelled',
  'lesson.reschedule': 'moved',
  'role.create': 'created the admin role',
  'role.update': 'changed the admin role',
  'role.delete': 'deleted the admin role',
  'tutorRole.create': 'created the tutor role',
  'tutorRole.update': 'changed the tutor role',
  'tutorRole.delete': 'deleted the tutor role',
  'user.adminRole': 'changed the admin role of',
  'plan.create': 'created the plan',
  'plan.update': 'changed the plan',
  'plan.delete': 'deleted the plan',
  'rateVersion.create': 'created the rate version',
  'rateVersion.update': 'changed the rate version',
  'rateVersion.delete': 'deleted the rate version',
  'rate.create': 'added',
  'rate.update': 'changed',
  'rate.delete': 'deleted',
  'rate.replace': 'set the rates of',
  'premiumOffer.update': 'changed the premium offer',
  'payRun.create': 'made the pay run',
  'payment.refund': 'refunded',
  'payment.dispute': 'reported a dispute of',
  'payment.disputeClosed': 'closed the dispute of',
  request: 'made a change to',
};

const quoted = (text: string) => `“${text}”`;

/**
 * One entry as a sentence: "Ada Admin, logged in as Theo Tutor, cancelled Maths with Theo on Tue 3 Dec, 16:00 SGT".
 * Times read in the reader's zone; the one who acted comes first, and the person they acted as beside them.
 */
export function auditSentence(entry: AuditEntry, zone: string) {
  const who = entry.actorKind === 'stripe' ? 'Stripe' : (entry.actor?.name ?? 'Someone');
  // The end of a visit is done from inside it: "as Sam" would say the same twice.
  const as = entry.actingAs && entry.action !== 'impersonation.end' && entry.action !== 'request' ? `, logged in as ${entry.actingAs.name},` : '';
  const at = entry.subjectAt ? ` on ${lessonTime(entry.subjectAt, zone)}` : '';
  const to = entry.movedTo ? ` to ${lessonTime(entry.movedTo, zone)}` : '';
  if (entry.action === 'request') {
    const outcome = entry.request && entry.request.status >= 400 ? ' (refused)' : '';
    return `${who}, logged in as ${entry.subject.label}, sent a change the log does not describe in words${outcome}`;
  }
  if (entry.action === 'impersonation.start' && entry.reason) return `${who} logged in as ${entry.subject.label}: ${quoted(entry.reason)}`;
  return `${who}${as} ${verbs[entry.action]} ${entry.subject.label}${at}${to}`;
}

/** The line under the sentence: what changed, the reason given, or the request itself. */
export function auditDetail(entry: AuditEntry) {
  if (entry.action === 'request' && entry.request) return `${entry.request.method} ${entry.request.route}, answered ${entry.request.status}`;
  if (entry.action === 'impersonation.start' || entry.action === 'impersonation.end') return '';
  if (entry.action === 'lesson.cancel') return entry.reason ? `Reason: ${quoted(entry.reason)}` : '';
  if (entry.action === 'lesson.reschedule') return '';
  return entry.summary;
}
