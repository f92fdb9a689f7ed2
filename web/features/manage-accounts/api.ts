import type { MappedStudent } from '../../../schema/contracts/profile';
import { api } from '../../lib/api';

/** The students a parent's account may act for. */
export const manageAccountCalls = {
  mappedStudents: (signal: AbortSignal) => api<MappedStudent[]>('/user/mapped-students', { signal }),
};
