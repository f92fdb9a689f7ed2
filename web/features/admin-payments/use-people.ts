import { useEffect, useState } from 'react';
import type { DropdownUser } from '../../../schema/contracts/admin-users';
import { adminPaymentCalls } from './api';

/** The people a list can be narrowed to: students, and parents too where they pay. */
export function usePeople(userTypes: string) {
  const [people, setPeople] = useState<DropdownUser[]>([]);
  useEffect(() => {
    const controller = new AbortController();
    void adminPaymentCalls.people(userTypes, controller.signal).then((found) => {
      if (!controller.signal.aborted) setPeople(found);
    });
    return () => controller.abort();
  }, [userTypes]);
  return people;
}
