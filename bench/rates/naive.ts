import { applies, compare, type EngineRate, type EngineVersion, moreSpecific, newerVersion, type PricingSubject } from '../../worker/lib/pricing/resolve';

/**
 * The textbook answer, and the bench's peer: every version checked and sorted, then every rate of the table
 * scanned and sorted, for each lesson. The property tests hold the engine to it.
 */
export function naiveResolve(versions: EngineVersion[], rates: EngineRate[], subject: PricingSubject): { versionId: string; rateId: string | null } | null {
  const matching = versions
    .filter((v) => v.table === subject.table)
    .filter((v) => {
      const date = subject.dates[v.dateBasis];
      return date !== undefined && compare(date, v.operator, v.referenceDate);
    })
    .sort(newerVersion);
  const version = matching[0];
  if (!version) return null;
  const candidates = rates.filter((rate) => rate.versionId === version._id && applies(rate, subject.values)).sort(moreSpecific);
  return { versionId: version._id, rateId: candidates[0]?._id ?? null };
}
