import { ApiError } from '../../../platform/errors';
import type { VerifyDelete } from '../../../schema/contracts/pricing';

/** A row as the API sends it: no tenant column, dates as ISO text. */
export function toWire<T extends { tenantId: string; createdAt: Date; updatedAt: Date }>({ tenantId: _tenant, ...row }: T) {
  return { ...row, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}

/** The verify-delete answer from what depends on a record: any dependent means DISABLE only. */
export function verdict(_id: string, what: string, dependents: { what: string; count: number }[], refusal?: string): VerifyDelete {
  const using = dependents.filter((d) => d.count > 0);
  if (refusal) return { _id, type: 'DISABLE', canDelete: false, message: refusal, dependents };
  if (using.length === 0) return { _id, type: 'DELETE', canDelete: true, message: `Nothing uses this ${what}: it can be deleted.`, dependents };
  const list = using.map((d) => `${d.count} ${d.what}`).join(' and ');
  return { _id, type: 'DISABLE', canDelete: false, message: `This ${what} is used by ${list}: set it to INACTIVE instead of deleting it.`, dependents };
}

/** Delete refuses with the same answer verify-delete gave. */
export function assertDeletable(check: VerifyDelete) {
  if (!check.canDelete) throw new ApiError(409, check.message);
}

/** YYYY-MM-DD of an instant, in UTC: rate versions compare calendar days. */
export const utcDay = (at: Date) => at.toISOString().slice(0, 10);
