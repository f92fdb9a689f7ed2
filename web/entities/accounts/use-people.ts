import { useEffect, useState } from 'react';
import type { DropdownUser } from '../../../schema/contracts/admin-users';
import { api } from '../../lib/api';
import { fullName } from '../../lib/people';

/** Students and tutors for the admin pickers and filters (trials, meeting requests, waivers): the first hundred of each, by name. */
export function usePeople() {
  const [people, setPeople] = useState<{ students: DropdownUser[]; tutors: DropdownUser[] }>({ students: [], tutors: [] });
  useEffect(() => {
    const controller = new AbortController();
    const load = (userTypes: string) => api<DropdownUser[]>('/admin/users/dropdown-list', { query: { userTypes, limit: 100 }, signal: controller.signal });
    Promise.all([load('STUDENT'), load('TUTOR')]).then(
      ([students, tutors]) => setPeople({ students, tutors }),
      () => undefined,
    );
    return () => controller.abort();
  }, []);
  return people;
}

export const personOption = (p: DropdownUser) => ({ value: p._id, label: fullName(p, p.email ?? p._id) });
