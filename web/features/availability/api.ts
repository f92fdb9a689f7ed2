import type { AvailabilityInput, UserAvailability } from '../../../schema/contracts/availability';
import { api } from '../../lib/api';

/** The availability page's calls: one person's weekly hours and time off, read and replaced whole. */
export const availabilityCalls = {
  get: (userId: string) => api<UserAvailability>(`/user-availability/${encodeURIComponent(userId)}`),
  save: (userId: string, input: AvailabilityInput) => api<UserAvailability>(`/user-availability/${encodeURIComponent(userId)}`, { method: 'PUT', json: input }),
};
