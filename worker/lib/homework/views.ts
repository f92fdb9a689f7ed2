import { inArray } from 'drizzle-orm';
import type { HandIn, HandInPerson } from '../../../schema/contracts/homework';
import { type homeworkSubmissions, sections, users } from '../../../schema/tables';
import type { TenantDb } from '../tenant-db';

export type HandInRow = typeof homeworkSubmissions.$inferSelect;
type HomeworkRow = Pick<typeof sections.$inferSelect, '_id' | 'title' | 'dueAt'>;

export async function peopleById(tdb: TenantDb, ids: string[]) {
  const unique = [...new Set(ids)];
  const rows = unique.length
    ? await tdb.db
        .select({ _id: users._id, firstname: users.firstname, lastname: users.lastname })
        .from(users)
        .where(tdb.where(users, inArray(users._id, unique)))
        .all()
    : [];
  return new Map(rows.map((r) => [r._id, r]));
}

export const personOf = (people: Map<string, HandInPerson>, id: string): HandInPerson => people.get(id) ?? { _id: id, firstname: '', lastname: '' };

export async function homeworkById(tdb: TenantDb, ids: string[]) {
  const unique = [...new Set(ids)];
  const rows = unique.length
    ? await tdb.db
        .select({ _id: sections._id, title: sections.title, dueAt: sections.dueAt })
        .from(sections)
        .where(tdb.where(sections, inArray(sections._id, unique)))
        .all()
    : [];
  return new Map(rows.map((r) => [r._id, r]));
}

export const isLate = (handedInAt: Date, dueAt: Date | null) => dueAt !== null && handedInAt.getTime() > dueAt.getTime();

export function handInView(row: HandInRow, homework: HomeworkRow | undefined, people: Map<string, HandInPerson>): HandIn {
  const dueAt = homework?.dueAt ?? null;
  return {
    _id: row._id,
    section: row.sectionId,
    course: row.courseId,
    student: personOf(people, row.studentId),
    status: row.status,
    text: row.text,
    files: row.files.map((f) => ({
      _id: f._id,
      name: f.name,
      size: f.size,
      contentType: f.contentType,
      download: `/api/homework-submissions/${row._id}/files/${f._id}`,
    })),
    handedInAt: row.handedInAt.toISOString(),
    late: isLate(row.handedInAt, dueAt),
    mark: row.mark,
    outOf: row.outOf,
    feedback: row.feedback,
    markedBy: row.markedBy ? personOf(people, row.markedBy) : null,
    markedAt: row.markedAt ? row.markedAt.toISOString() : null,
    homework: { _id: row.sectionId, title: homework?.title ?? '', dueAt: dueAt ? dueAt.toISOString() : null },
  };
}

/** Views of many rows, reading their people and homework in two queries. */
export async function handInViews(tdb: TenantDb, rows: HandInRow[]): Promise<HandIn[]> {
  const [people, homework] = await Promise.all([
    peopleById(
      tdb,
      rows.flatMap((r) => [r.studentId, ...(r.markedBy ? [r.markedBy] : [])]),
    ),
    homeworkById(
      tdb,
      rows.map((r) => r.sectionId),
    ),
  ]);
  return rows.map((row) => handInView(row, homework.get(row.sectionId), people));
}

export const oneView = async (tdb: TenantDb, row: HandInRow) => (await handInViews(tdb, [row]))[0]!;
