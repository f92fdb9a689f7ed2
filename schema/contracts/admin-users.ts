import { z } from 'zod';
import { auditReason } from './audit';
import type { TokenResponse } from './auth';
import { DEFAULT_PAGE_SIZE, isTimeZone, listQuery, MAX_PAGE_SIZE, MAX_SEARCH_TEXT } from './common';

/** The roles the admin users screens manage; guests are visitors, not accounts. */
export const managedRoles = ['STUDENT', 'TUTOR', 'PARENT', 'ADMIN'] as const;
export type ManagedRole = (typeof managedRoles)[number];

export const searchOptions = ['name', 'email', 'phone', '_id'] as const;
export type SearchOption = (typeof searchOptions)[number];

export const availabilityStates = ['available', 'notAvailable', 'onABreak', 'resigned', 'demoStage', 'notAvailableAdmin', 'notInterested'] as const;

const role = z.enum(managedRoles, { error: `must be one of ${managedRoles.join(', ')}` });
/** ISO 3166-1 alpha-2, so names can come from Intl.DisplayNames in the reader's language. */
const country = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, 'must be a two-letter country code');
const page = {
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).default(0),
};

/** GET /api/admin/users. */
export const adminUserListQuery = listQuery.and(
  z.object({
    searchOption: z.enum(searchOptions, { error: `must be one of ${searchOptions.join(', ')}` }).default('name'),
    role: role.optional(),
    country: country.optional(),
  }),
);

/** GET /api/admin/users/dropdown-list: `userTypes` is a comma list of roles; `level` is the learner's grade. */
export const adminUserDropdownQuery = z.object({
  ...page,
  name: z.string().trim().max(MAX_SEARCH_TEXT).optional(),
  country: country.optional(),
  level: z.string().trim().max(60).optional(),
  userTypes: z
    .string()
    .transform((value) =>
      value
        .split(',')
        .map((s) => s.trim().toUpperCase())
        .filter(Boolean),
    )
    .pipe(z.array(role))
    .optional(),
});

/** GET /api/admin/users/students. */
export const adminStudentsQuery = z.object({ ...page, searchText: z.string().trim().max(MAX_SEARCH_TEXT).optional() });

const name = (label: string) => z.string({ error: 'is required' }).trim().min(1, `${label} is required`).max(60, 'must be at most 60 characters');
const email = z.string({ error: 'is required' }).trim().toLowerCase().pipe(z.email('must be a valid email address').max(320));
const phone = z
  .string()
  .trim()
  .regex(/^\+?[0-9 ()-]{6,20}$/, 'must be a phone number, e.g. +65 6123 4567');
const timezone = z.string().trim().refine(isTimeZone, 'must be an IANA time zone, e.g. Asia/Singapore');
const currency = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{3}$/, 'must be a three-letter currency code');
/** Empty form fields mean "not set". */
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === '' ? undefined : value), schema.optional());
const nullable = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === '' ? null : value), schema.nullable().optional());

const profileFields = {
  firstname: name('First name'),
  lastname: name('Last name'),
  email,
  phone: nullable(phone),
  country: nullable(country),
  timezone: optional(timezone),
  currency: optional(currency),
  curriculum: nullable(z.string().trim().max(100)),
  grade: nullable(z.string().trim().max(60)),
  availabilityState: nullable(z.enum(availabilityStates)),
  adminRoleId: nullable(z.string().trim().min(1).max(64)),
};

/** POST /api/admin/users: an admin account needs a tenant role. */
export const createAdminUser = z.object({ role, ...profileFields }).superRefine((user, ctx) => {
  if (user.role === 'ADMIN' && !user.adminRoleId) ctx.addIssue({ code: 'custom', path: ['adminRoleId'], message: 'is required for an admin' });
});
export type CreateAdminUser = z.input<typeof createAdminUser>;

/** PUT /api/admin/users/{id}: every field optional; the role is fixed once the account exists. */
export const updateAdminUser = z.object(profileFields).partial();
export type UpdateAdminUser = z.input<typeof updateAdminUser>;

/** PUT /api/admin/users/plans/{id}. */
export const userPlansInput = z.object({
  flexiblePlans: z.array(z.string().trim().min(1).max(64)).max(100),
  subscriptionPlans: z.array(z.string().trim().min(1).max(64)).max(100),
});
export type UserPlansInput = z.output<typeof userPlansInput>;

export const adminNoteInput = z.object({ note: z.string({ error: 'is required' }).trim().min(1, 'is required').max(2000, 'must be at most 2000 characters') });
export const adminNoteDeleteQuery = z.object({ noteId: z.string({ error: 'is required' }).trim().min(1, 'is required').max(64) });

/** POST /api/admin/users/log-in-as-user: the person, and why (kept with the audit entry). */
export const logInAsUserInput = z.object({ userId: z.string({ error: 'is required' }).trim().min(1, 'is required').max(64), reason: auditReason });
export type LogInAsUserInput = z.input<typeof logInAsUserInput>;

/** One row of the admin users list (also the answer of create and update). */
export interface AdminUserRow {
  _id: string;
  firstname: string;
  lastname: string;
  email: string | null;
  phone: string | null;
  role: ManagedRole;
  country: string | null;
  timezone: string;
  currency: string;
  curriculum: string | null;
  grade: string | null;
  availabilityState: string | null;
  adminRoleId: string | null;
  onboarded: boolean;
  mustChangePassword: boolean;
  createdAt: string;
}

export interface PersonRef {
  _id: string;
  firstname: string;
  lastname: string;
}

export interface AdminNote {
  _id: string;
  noteId: string;
  note: string;
  author: PersonRef | null;
  createdAt: string;
}

/** GET /api/admin/users/{id}. */
export interface AdminUserRecord extends AdminUserRow {
  bio: string;
  adminRole: { _id: string; name: string } | null;
  experiences: { _id: string; title: string; organisation: string; startDate: string | null; endDate: string | null; description: string }[];
  qualifications: { _id: string; title: string; institution: string; year: number | null; description: string }[];
  achievements: { _id: string; title: string; year: number | null; description: string }[];
  languages: { _id: string; language: string; proficiency: string }[];
  subjects: { _id: string; curriculum: string; subject: string; grade: string }[];
  adminNotes: AdminNote[];
  plans: { flexiblePlans: string[]; subscriptionPlans: string[] };
}

export interface DropdownUser {
  _id: string;
  firstname: string;
  lastname: string;
  email: string | null;
  role: ManagedRole;
}

export const TEMPORARY_PASSWORD_SENT = 'Temporary password sent!';

/** POST /api/admin/users/log-in-as-user: a token for the user, and who is acting. */
export interface LogInAsUserResponse extends TokenResponse {
  impersonator: PersonRef;
}
