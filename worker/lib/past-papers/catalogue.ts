import { asc, desc, eq, or } from 'drizzle-orm';
import type { z } from 'zod';
import type { adminPastPaperQuery, PastPaperDoc, PastPaperYear, SubjectPastPapers, subjectPastPaperQuery } from '../../../schema/contracts/past-papers';
import { pastPapers } from '../../../schema/tables';
import { listPage } from '../pagination';
import { contains } from '../search';
import type { TenantDb } from '../tenant-db';

type PastPaperRow = typeof pastPapers.$inferSelect;

export const toPastPaperDoc = (row: PastPaperRow): PastPaperDoc => ({
  _id: row._id,
  board: row.board,
  subjectKey: row.subjectKey,
  subjectCode: row.subjectCode,
  year: row.year,
  session: row.session,
  label: row.label,
  code: row.code,
  link: row.link,
  marking: row.marking,
});

const yearNumber = (year: string) => Number(year.slice(0, 4));
const labelOrder = new Intl.Collator('en', { numeric: true });

/** Latest year first; within a year a specimen after the live series, then the series and labels in reading order. */
export function byYear(papers: PastPaperDoc[]): PastPaperYear[] {
  const sorted = [...papers].sort(
    (a, b) =>
      yearNumber(b.year) - yearNumber(a.year) ||
      labelOrder.compare(a.year, b.year) ||
      labelOrder.compare(a.session, b.session) ||
      labelOrder.compare(a.label, b.label),
  );
  const years: PastPaperYear[] = [];
  for (const paper of sorted) {
    const last = years.at(-1);
    if (last?.year === paper.year) last.papers.push(paper);
    else years.push({ year: paper.year, papers: [paper] });
  }
  return years;
}

/** One subject's catalogue for the per-subject page, matched by the board's code or the catalogue's subject key. */
export async function subjectPastPapers(tdb: TenantDb, query: z.infer<typeof subjectPastPaperQuery>): Promise<SubjectPastPapers> {
  const subject = or(
    query.subjectCode ? eq(pastPapers.subjectCode, query.subjectCode) : undefined,
    query.subjectKey ? eq(pastPapers.subjectKey, query.subjectKey.toLowerCase()) : undefined,
  );
  const rows = await tdb.db
    .select()
    .from(pastPapers)
    .where(tdb.where(pastPapers, subject, query.board ? eq(pastPapers.board, query.board) : undefined));
  const docs = rows.map(toPastPaperDoc);
  return { boards: [...new Set(docs.map((d) => d.board))].sort(), years: byYear(docs) };
}

/** Admin: the imported catalogue, a board at a time if asked, searchable by label or code. */
export async function pastPaperPage(tdb: TenantDb, query: z.infer<typeof adminPastPaperQuery>) {
  const search = query.searchText ? or(contains(pastPapers.label, query.searchText), contains(pastPapers.code, query.searchText)) : undefined;
  const where = tdb.where(pastPapers, query.board ? eq(pastPapers.board, query.board) : undefined, search);
  return listPage(tdb.db, pastPapers, where, query, async ({ limit, offset }) =>
    (
      await tdb.db
        .select()
        .from(pastPapers)
        .where(where)
        .orderBy(asc(pastPapers.board), asc(pastPapers.subjectKey), desc(pastPapers.year), asc(pastPapers.session), asc(pastPapers.label))
        .limit(limit)
        .offset(offset)
    ).map(toPastPaperDoc),
  );
}
