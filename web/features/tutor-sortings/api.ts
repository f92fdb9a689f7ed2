import type { ListResponse } from '../../../schema/contracts/common';
import type { TutorSorting } from '../../../schema/contracts/tutor-sortings';
import { type ApiOptions, api } from '../../lib/api';

/** The tutor sorting page's calls: the saved orders by curriculum, subject and grade, and saving one. */
export const tutorSortingCalls = {
  list: (query: ApiOptions['query']) => api<ListResponse<TutorSorting>>('/admin/tutor-sortings', { query }),
  save: (sorting: Pick<TutorSorting, 'curriculum' | 'subject' | 'grade'>, tutorIds: string[]) =>
    api<TutorSorting>('/admin/tutor-sortings', {
      method: 'PUT',
      json: { curriculum: sorting.curriculum, subject: sorting.subject, grade: sorting.grade, tutorIds },
    }),
};
