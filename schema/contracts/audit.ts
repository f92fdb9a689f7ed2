import { z } from 'zod';
import { type AuditAction, type AuditActorKind, type AuditKind, type AuditSubjectType, auditKindNames } from './audit-enums';
import { DEFAULT_PAGE_SIZE, isTimeZone, MAX_PAGE_SIZE, recordId } from './common';

export const REASON_MIN = 10;
export const REASON_MAX = 300;

/** Why an admin acts as someone: a sentence a teammate can read later in the audit log. */
export const auditReason = z
  .string({ error: 'is required: say in a sentence why you need to act as this person' })
  .trim()
  .min(1, 'is required: say in a sentence why you need to act as this person')
  .min(REASON_MIN, `needs at least ${REASON_MIN} characters: say in a sentence why you need to act as this person`)
  .max(REASON_MAX, `can be at most ${REASON_MAX} characters`);

const day = z.iso.date({ error: 'must be a date such as 2024-12-03' });

/**
 * GET /api/admin/audit-log: newest first. `from` and `to` are whole days in `timezone` (the reader's), both included;
 * `personId` finds entries by, as, or about the person.
 */
export const auditLogQuery = z
  .object({
    limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
    offset: z.coerce.number().int().min(0).default(0),
    kind: z.enum(auditKindNames as [AuditKind, ...AuditKind[]], { error: `must be one of ${auditKindNames.join(', ')}` }).optional(),
    actorId: recordId.optional(),
    personId: recordId.optional(),
    from: day.optional(),
    to: day.optional(),
    timezone: z.string().trim().max(64).refine(isTimeZone, 'must be a time zone such as Asia/Singapore').default('UTC'),
  })
  .superRefine((q, ctx) => {
    if (q.from && q.to && q.to < q.from) ctx.addIssue({ code: 'custom', path: ['to'], message: 'must not be before the first day' });
  });
export type AuditLogQuery = z.output<typeof auditLogQuery>;

export interface AuditPerson {
  _id: string;
  name: string;
}

/** One entry as the log screen reads it; `actor` is null when Stripe acted. */
export interface AuditEntry {
  _id: string;
  action: AuditAction;
  actorKind: AuditActorKind;
  actor: AuditPerson | null;
  actingAs: AuditPerson | null;
  subject: { type: AuditSubjectType; _id: string; label: string };
  subjectAt: string | null;
  movedTo: string | null;
  summary: string;
  reason: string | null;
  request: { method: string; route: string; status: number } | null;
  createdAt: string;
}

/** Who last cancelled or moved a lesson, for the admin's lesson page. */
export interface LessonChange {
  action: 'lesson.cancel' | 'lesson.reschedule';
  actor: AuditPerson | null;
  actingAs: AuditPerson | null;
  createdAt: string;
}
