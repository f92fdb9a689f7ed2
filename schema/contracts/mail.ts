import { z } from 'zod';
import { listQuery } from './common';

export const outboxStatuses = ['QUEUED', 'SENT', 'FAILED', 'LOCAL'] as const;

/** One e-mail as the dev mailbox shows it. */
export const outboxMail = z.object({
  _id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  status: z.enum(outboxStatuses),
  provider: z.string(),
  error: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  attachments: z.array(z.object({ filename: z.string(), contentType: z.string(), content: z.string() })),
});
export type OutboxMail = z.infer<typeof outboxMail>;

/** GET /api/dev/mailbox: the list query plus an optional recipient. */
export const mailboxQuery = listQuery.and(z.object({ to: z.string().trim().max(254).optional() }));
