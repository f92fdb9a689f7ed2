import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, recordId } from './common';

/**
 * Who works the team inbox, assigning threads and marking them done: admins whose role (and tenant) grant the admin
 * chat, who already read and answer every one of those conversations.
 */
export const TEAM_INBOX_PERMISSION = { adminCourseChat: ['view'] };

export const teamThreadStatuses = ['OPEN', 'DONE'] as const;
export type TeamThreadStatus = (typeof teamThreadStatuses)[number];

export const teamInboxQuery = z.object({
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).default(0),
  status: z.enum([...teamThreadStatuses, 'ALL'], { error: 'must be OPEN, DONE or ALL' }).default('OPEN'),
  /** `me`, `unassigned`, or anyone (left out). */
  assignee: z.enum(['me', 'unassigned'], { error: 'must be me or unassigned' }).optional(),
});
export type TeamInboxQuery = z.input<typeof teamInboxQuery>;

export const teamThreadUpdate = z
  .object({
    status: z.enum(teamThreadStatuses, { error: 'must be OPEN or DONE' }).optional(),
    /** A teammate's id, or null to leave it with nobody. */
    assigneeId: recordId.nullable().optional(),
  })
  .refine((input) => input.status !== undefined || input.assigneeId !== undefined, {
    message: 'Say what to change: the status or who looks after it',
    path: ['status'],
  });
export type TeamThreadUpdate = z.input<typeof teamThreadUpdate>;

export interface TeamPerson {
  _id: string;
  firstname: string;
  lastname: string;
}

export interface TeamThread {
  _id: string;
  conversationId: string;
  user: TeamPerson & { role: string };
  status: TeamThreadStatus;
  assignee: TeamPerson | null;
  lastMessage: string | null;
  lastMessageAt: string | null;
  /** The user's messages since the team last wrote. */
  waiting: number;
  updatedAt: string;
}

export interface TeamInboxPage {
  docs: TeamThread[];
  totalDocs: number;
  limit: number;
  offset: number;
  /** Everyone who may be given a thread: the tenant's admins who work the inbox. */
  teammates: TeamPerson[];
}
