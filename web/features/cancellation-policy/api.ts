import type { CancellationRules, PolicyWithVersions } from '../../../schema/contracts/cancellation-policy';
import { api } from '../../lib/api';

/** The tenant's cancellation policy: the version in force with its history, and saving the next version. */
export const policyCalls = {
  read: (signal: AbortSignal) => api<PolicyWithVersions>('/admin/cancellation-policy', { signal }),
  save: (rules: CancellationRules) => api<PolicyWithVersions>('/admin/cancellation-policy', { method: 'PUT', json: rules }),
};
