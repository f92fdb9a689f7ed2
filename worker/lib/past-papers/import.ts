import { inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { fieldError } from '../../../platform/errors';
import type { PastPaperImportResult, pastPaperImportInput } from '../../../schema/contracts/past-papers';
import { pastPapers } from '../../../schema/tables';
import type { TenantDb } from '../tenant-db';

type Row = z.infer<typeof pastPaperImportInput>['rows'][number];

/** A paper without the board's own reference is known by where it sits in the catalogue. */
const codeOf = (row: Row) => row.code || [row.board, row.subjectKey, row.year, row.session, row.label].filter(Boolean).join(' · ');

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * Imports a catalogue upload all or nothing: every row was checked field by field by the contract, a paper named
 * twice is refused here with both rows, and only then is the whole upload written in one batch. A paper already in
 * the catalogue (same code) takes the new links, so a board's corrected list can be uploaded again.
 */
export async function importPastPapers(tdb: TenantDb, input: z.infer<typeof pastPaperImportInput>): Promise<PastPaperImportResult> {
  const seen = new Map<string, number>();
  input.rows.forEach((row, i) => {
    const code = codeOf(row);
    const first = seen.get(code);
    if (first !== undefined) throw fieldError(`rows.${i}.code`, `repeats the paper of row ${first + 1} (${code})`);
    seen.set(code, i);
  });
  const codes = [...seen.keys()];
  const existing = new Set<string>();
  // D1 binds at most 100 parameters a statement, so the lookup goes in slices.
  for (let i = 0; i < codes.length; i += 90) {
    const slice = codes.slice(i, i + 90);
    const found = await tdb.db
      .select({ code: pastPapers.code })
      .from(pastPapers)
      .where(tdb.where(pastPapers, inArray(pastPapers.code, slice)));
    for (const f of found) existing.add(f.code);
  }
  const now = new Date();
  const statements = input.rows.map((row) => {
    const values = {
      board: row.board,
      subjectKey: row.subjectKey,
      subjectCode: row.subjectCode || null,
      year: row.year,
      session: row.session ?? '',
      label: row.label,
      code: codeOf(row),
      link: row.link,
      marking: row.marking ?? '',
    };
    return tdb.db
      .insert(pastPapers)
      .values(tdb.values(pastPapers, values))
      .onConflictDoUpdate({
        target: [pastPapers.tenantId, pastPapers.code],
        set: { ...values, updatedAt: now },
      });
  });
  const [first, ...rest] = statements;
  if (first) await tdb.db.batch([first, ...rest]);
  const updated = codes.filter((c) => existing.has(c)).length;
  const created = codes.length - updated;
  return { created, updated, message: `Imported ${plural(codes.length, 'paper')}: ${created} new, ${updated} updated.` };
}
