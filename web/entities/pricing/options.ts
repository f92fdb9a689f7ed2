import type { ListResponse } from '../../../schema/contracts/common';
import { api } from '../../lib/api';

export interface Option {
  value: string;
  label: string;
}

interface Named {
  _id: string;
  name?: string;
  title?: string;
  firstname?: string;
  lastname?: string;
  kind?: string;
}

const labelOf = (row: Named) => row.name ?? row.title ?? `${row.firstname ?? ''} ${row.lastname ?? ''}`.trim();

/** Where a picker's choices come from: the dropdown calls, and the admin course list for group courses. */
export const optionSources = {
  groups: () => api<Named[]>('/admin/groups/dropdown-list'),
  students: () => api<Named[]>('/admin/users/dropdown-list', { query: { userTypes: 'STUDENT', limit: 100 } }),
  tutors: () => api<Named[]>('/admin/users/dropdown-list', { query: { userTypes: 'TUTOR', limit: 100 } }),
  studentTypes: () => api<Named[]>('/admin/one-to-one-student-types/dropdown-list'),
  courseTypes: () => api<Named[]>('/admin/group-tutor-rate-course-types/dropdown-list'),
  flexiblePlans: () => api<Named[]>('/admin/flexible-plans/dropdown-list'),
  subscriptionPlans: () => api<Named[]>('/admin/subscription-plans/dropdown-list'),
  courses: async () => (await api<ListResponse<Named>>('/admin/courses', { query: { limit: 100 } })).docs,
  groupCourses: async () => (await api<ListResponse<Named>>('/admin/courses', { query: { limit: 100, type: 'Group' } })).docs,
} as const;
export type OptionSource = keyof typeof optionSources;

const cache = new Map<OptionSource, Promise<Option[]>>();

/** Choices load once per page visit; a failed load is forgotten so the next open tries again. */
export function loadOptions(source: OptionSource, fresh = false): Promise<Option[]> {
  let pending = fresh ? undefined : cache.get(source);
  if (!pending) {
    pending = optionSources[source]().then((rows) => rows.map((row) => ({ value: row._id, label: labelOf(row) })));
    pending.catch(() => cache.delete(source));
    cache.set(source, pending);
  }
  return pending;
}

/** "Sam, Maya ... and 3 more": label lists show two, then a count (spec 2, section 9). */
export function labelList(labels: string[], empty: string) {
  if (labels.length === 0) return empty;
  return labels.length <= 2 ? labels.join(', ') : `${labels.slice(0, 2).join(', ')} ... and ${labels.length - 2} more`;
}
