import { and, eq, inArray, lte } from 'drizzle-orm';
import type { RateTable } from '../../../schema/contracts/pricing-enums';
import { rates, rateVersions } from '../../../schema/tables';
import type { TenantDb } from '../tenant-db';
import { type CriterionValues, compileRateBook, criteria, type EngineRate, type RateBook } from './resolve';

type RateRow = typeof rates.$inferSelect;

export const engineRate = (row: RateRow): EngineRate => ({
  _id: row._id,
  versionId: row.versionId,
  amount: row.amount,
  currency: row.currency,
  match: Object.fromEntries(criteria.map((key) => [key, row[key]])) as CriterionValues,
});

/** The ACTIVE versions of one table with their rates, compiled; `asOf` leaves out versions made after it. */
export async function loadRateBook(tdb: TenantDb, table: RateTable, asOf?: Date): Promise<RateBook> {
  const versions = await tdb.db
    .select()
    .from(rateVersions)
    .where(tdb.where(rateVersions, eq(rateVersions.rateTable, table), eq(rateVersions.status, 'ACTIVE'), asOf ? lte(rateVersions.createdAt, asOf) : undefined))
    .all();
  const rows = versions.length
    ? await tdb.db
        .select()
        .from(rates)
        .where(
          and(
            tdb.where(
              rates,
              inArray(
                rates.versionId,
                versions.map((v) => v._id),
              ),
            ),
          ),
        )
        .all()
    : [];
  return compileRateBook(
    versions.map((v) => ({
      _id: v._id,
      table: v.rateTable,
      versionNumber: v.versionNumber,
      dateBasis: v.dateBasis,
      operator: v.operator,
      referenceDate: v.referenceDate,
    })),
    rows.map(engineRate),
  );
}
