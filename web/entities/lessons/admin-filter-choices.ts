import { useEffect, useState } from 'react';
import type { DropdownUser } from '../../../schema/contracts/admin-users';
import type { ListResponse } from '../../../schema/contracts/common';
import type { Course } from '../../../schema/contracts/courses';
import { api } from '../../lib/api';

export interface AdminFilterChoices {
  courses: Course[];
  tutors: DropdownUser[];
  students: DropdownUser[];
}

/**
 * The course, tutor and student choices of the admin's lesson lists (meetings, lesson history). An admin whose role
 * may not list users or courses simply gets no choices for them.
 */
export function useAdminFilterChoices() {
  const [choices, setChoices] = useState<AdminFilterChoices>({ courses: [], tutors: [], students: [] });
  useEffect(() => {
    const controller = new AbortController();
    const { signal } = controller;
    const people = (userTypes: 'TUTOR' | 'STUDENT') =>
      api<DropdownUser[]>('/admin/users/dropdown-list', { query: { userTypes, limit: 100 }, signal }).catch(() => []);
    const courses = api<ListResponse<Course>>('/admin/courses', { query: { limit: 100 }, signal }).then(
      (page) => page.docs,
      () => [],
    );
    void Promise.all([courses, people('TUTOR'), people('STUDENT')]).then(([courses, tutors, students]) => {
      if (!signal.aborted) setChoices({ courses, tutors, students });
    });
    return () => controller.abort();
  }, []);
  return choices;
}
