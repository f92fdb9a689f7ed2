import type { ManagedRole, SearchOption } from '../../../schema/contracts/admin-users';

export const roleLabels: Record<ManagedRole, string> = { STUDENT: 'Student', TUTOR: 'Tutor', PARENT: 'Parent', ADMIN: 'Admin' };

export const searchOptionLabels: Record<SearchOption, string> = { name: 'Name', email: 'Email', phone: 'Phone', _id: 'User ID' };

export const roleBadge: Record<ManagedRole, string> = {
  STUDENT: 'bg-sky-100 text-sky-800 dark:bg-sky-500/15 dark:text-sky-300',
  TUTOR: 'bg-violet-100 text-violet-800 dark:bg-violet-500/15 dark:text-violet-300',
  PARENT: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-500/15 dark:text-emerald-300',
  ADMIN: 'bg-amber-100 text-amber-900 dark:bg-amber-500/15 dark:text-amber-300',
};

/** The list's sort choices: one select works the same on a phone and a desktop. */
export const sortChoices = [
  { value: '', label: 'Newest first' },
  { value: 'createdAt:asc', label: 'Oldest first' },
  { value: 'firstname:asc', label: 'First name A–Z' },
  { value: 'firstname:desc', label: 'First name Z–A' },
  { value: 'lastname:asc', label: 'Last name A–Z' },
  { value: 'email:asc', label: 'Email A–Z' },
  { value: 'country:asc', label: 'Country' },
] as const;
