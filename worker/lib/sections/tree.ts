import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Section, SectionAttendee } from '../../../schema/contracts/sections';
import { sectionAttendees, sections } from '../../../schema/tables';
import { joinWindow, lessonTimes, wireWindow } from '../lessons/join-window';
import type { TenantDb } from '../tenant-db';

export type SectionRow = typeof sections.$inferSelect;

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export const downloadPath = (sectionId: string) => `/api/resources-and-homeworks/${sectionId}/download`;

/** A lesson's status and join window by the one rule; other sections have none. */
function lessonWindow(row: SectionRow) {
  if ((row.kind !== 'ZOOM' && row.kind !== 'TEAMS') || !row.start) return {};
  return wireWindow(joinWindow(lessonTimes(row), new Date()));
}

/** One section on the wire; the R2 key stays server-side, members fetch the file through `download`. */
export function toSection(row: SectionRow, attendees: SectionAttendee[] = [], children: Section[] = []): Section {
  return {
    _id: row._id,
    course: row.courseId,
    parent: row.parentId,
    sortingKey: row.sortingKey,
    kind: row.kind,
    title: row.title,
    description: row.description,
    status: row.status,
    start: iso(row.start),
    duration: row.duration,
    lessonKind: row.lessonKind,
    billingKind: row.billingKind,
    joinUrl: row.joinUrl,
    series: row.seriesId,
    cancelReason: row.cancelReason,
    link: row.link,
    dueAt: iso(row.dueAt),
    fileName: row.fileName,
    fileSize: row.fileSize,
    contentType: row.contentType,
    download: row.fileKey ? downloadPath(row._id) : null,
    attendees,
    sections: children,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    ...lessonWindow(row),
  };
}

/** The course's live (not deleted) section rows in sortingKey order. */
export function liveSectionRows(tdb: TenantDb, courseId: string) {
  return tdb.db
    .select()
    .from(sections)
    .where(tdb.where(sections, eq(sections.courseId, courseId), isNull(sections.deletedAt)))
    .orderBy(asc(sections.sortingKey), asc(sections.createdAt))
    .all();
}

export async function attendeesOf(tdb: TenantDb, sectionId: string): Promise<SectionAttendee[]> {
  return tdb.db
    .select({ user: sectionAttendees.userId, kind: sectionAttendees.kind })
    .from(sectionAttendees)
    .where(tdb.where(sectionAttendees, eq(sectionAttendees.sectionId, sectionId)))
    .all();
}

/**
 * A course's sections as a nested tree ordered by sortingKey, deleted ones left out. With `activeOnly` (what
 * students see) cancelled and completed sections are left out too, and so is anything below a section left out.
 */
export async function loadSectionTree(tdb: TenantDb, courseId: string, options: { activeOnly?: boolean } = {}): Promise<Section[]> {
  const [rows, attendeeRows] = await Promise.all([
    liveSectionRows(tdb, courseId),
    tdb.db
      .select({ sectionId: sectionAttendees.sectionId, user: sectionAttendees.userId, kind: sectionAttendees.kind })
      .from(sectionAttendees)
      .innerJoin(sections, and(eq(sections._id, sectionAttendees.sectionId), eq(sections.courseId, courseId)))
      .where(tdb.where(sectionAttendees))
      .all(),
  ]);
  const attendees = new Map<string, SectionAttendee[]>();
  for (const { sectionId, user, kind } of attendeeRows) attendees.set(sectionId, [...(attendees.get(sectionId) ?? []), { user, kind }]);

  const visible = options.activeOnly ? rows.filter((row) => row.status === 'ACTIVE') : rows;
  const byId = new Map(visible.map((row) => [row._id, toSection(row, attendees.get(row._id) ?? [])]));
  const roots: Section[] = [];
  for (const row of visible) {
    const node = byId.get(row._id)!;
    if (row.parentId === null) roots.push(node);
    else byId.get(row.parentId)?.sections.push(node);
  }
  return roots;
}
