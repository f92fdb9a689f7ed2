import type { ListResponse } from '../../../schema/contracts/common';
import type { PremiumOffer, PremiumOfferInput } from '../../../schema/contracts/premium';
import type { Rate, RateExplanation, RateInput, VerifyDelete } from '../../../schema/contracts/pricing';
import type { RateTable } from '../../../schema/contracts/pricing-enums';
import { type ApiOptions, api } from '../../lib/api';
import { type PricingRow, type RecordKind, ratePaths } from './record-kinds';

/** Every call the pricing screens make, except the pick lists' names, which entities/pricing/options.ts loads. */
export const pricingCalls = {
  list: (kind: RecordKind, query: ApiOptions['query']) => api<ListResponse<PricingRow>>(kind.endpoint, { query }),
  /** Creates a record of this kind, or changes `editing` when one is given. */
  save: (kind: RecordKind, editing: PricingRow | null, input: unknown) =>
    api<PricingRow>(editing ? `${kind.endpoint}/${editing._id}` : kind.endpoint, { method: editing ? 'PUT' : 'POST', json: input }),
  verifyDelete: (kind: RecordKind, id: string) => api<VerifyDelete>(`${kind.endpoint}/verify-delete/${id}`),
  remove: (kind: RecordKind, id: string) => api(`${kind.endpoint}/${id}`, { method: 'DELETE' }),
  rates: (table: RateTable, versionId: string) => api<ListResponse<Rate>>(ratePaths[table], { query: { versionId, limit: 100 } }),
  createRate: (table: RateTable, input: RateInput) => api<Rate>(ratePaths[table], { method: 'POST', json: input }),
  updateRate: (table: RateTable, id: string, input: RateInput) => api<Rate>(`${ratePaths[table]}/${id}`, { method: 'PUT', json: input }),
  removeRate: (table: RateTable, id: string) => api(`${ratePaths[table]}/${id}`, { method: 'DELETE' }),
  /** The rate that would pay the tutor for this lesson, and the words saying why. */
  premiumOffer: () => api<{ offer: PremiumOffer | null }>('/admin/premium-offer'),
  savePremiumOffer: (input: PremiumOfferInput) => api<{ offer: PremiumOffer }>('/admin/premium-offer', { method: 'PUT', json: input }),
  explain: (query: Record<'tutorId' | 'studentId' | 'courseId' | 'minutes', string>) => api<RateExplanation>('/admin/rates/explain', { query }),
};
