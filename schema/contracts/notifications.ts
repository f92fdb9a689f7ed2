import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, recordId } from './common';

/** What a notice is about, as a person chooses what reaches them. */
export const notificationKinds = ['lessons', 'requests', 'chat', 'payments', 'progress'] as const;
export type NotificationKind = (typeof notificationKinds)[number];

export const notificationChannels = ['inApp', 'email', 'push'] as const;
export type NotificationChannel = (typeof notificationChannels)[number];

export const notificationKindWords: Record<NotificationKind, { label: string; hint: string }> = {
  lessons: { label: 'Lessons', hint: 'Bookings, cancellations, new times and reminders before a lesson.' },
  requests: { label: 'Requests and approvals', hint: 'Answers to requests to cancel or move a lesson.' },
  chat: { label: 'Chat', hint: 'New messages while you are away.' },
  payments: { label: 'Payments', hint: 'Payments, invoices and lesson time that is about to expire.' },
  progress: { label: 'Progress', hint: 'Lesson reports, marked homework and quiz results.' },
};

export const notificationChannelWords: Record<NotificationChannel, string> = { inApp: 'In the app', email: 'By e-mail', push: 'Push' };

const channelChoices = z.object(
  Object.fromEntries(notificationChannels.map((c) => [c, z.boolean({ error: 'must be on or off' })])) as Record<NotificationChannel, z.ZodBoolean>,
);

/** Every kind with every channel: what the preferences page saves and answers. */
export const notificationPreferencesInput = z.object(
  Object.fromEntries(notificationKinds.map((k) => [k, channelChoices])) as Record<NotificationKind, typeof channelChoices>,
);
export type NotificationPreferences = z.infer<typeof notificationPreferencesInput>;

export const defaultNotificationPreferences = (): NotificationPreferences =>
  Object.fromEntries(notificationKinds.map((k) => [k, { inApp: true, email: true, push: true }])) as NotificationPreferences;

export const notificationListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).default(0),
  unread: z.enum(['true', 'false'], { error: 'must be true or false' }).optional(),
});

export const markReadInput = z
  .object({ ids: z.array(recordId).max(100, 'can name at most 100 notices').optional(), all: z.literal(true).optional() })
  .refine((input) => input.all === true || (input.ids?.length ?? 0) > 0, { message: 'Name the notices to mark read, or all of them', path: ['ids'] });

export interface NotificationRecord {
  _id: string;
  kind: NotificationKind;
  title: string;
  body: string;
  link: string | null;
  readAt: string | null;
  createdAt: string;
}

export interface NotificationPage {
  docs: NotificationRecord[];
  totalDocs: number;
  limit: number;
  offset: number;
  unread: number;
}
