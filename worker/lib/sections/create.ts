import { eq, inArray } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { MeetingKind, Section, SectionAttendee } from '../../../schema/contracts/sections';
import { lessonSeries, sections } from '../../../schema/tables';
import { newId } from '../../../schema/tables/columns';
import type { TenantDb } from '../tenant-db';
import { assertParent, nextSortingKey } from './access';
import { attendeeInserts, joinUrlFor, weeklyStarts } from './meetings';
import { toSection } from './tree';

/** Runs the statements as one D1 batch (one transaction), so a call writes all of its rows or none. */
export async function runBatch(tdb: TenantDb, statements: BatchItem<'sqlite'>[]) {
  const [first, ...rest] = statements;
  if (first) await tdb.db.batch([first, ...rest]);
}

export async function readSections(tdb: TenantDb, ids: string[]) {
  const rows = await tdb.db
    .select()
    .from(sections)
    .where(tdb.where(sections, inArray(sections._id, ids)))
    .all();
  return ids.map((id) => rows.find((r) => r._id === id)!);
}

export interface PlacedInput {
  course: string;
  parent: string | null;
  title: string;
  description: string;
}

async function placement(tdb: TenantDb, input: PlacedInput) {
  await assertParent(tdb, input.course, input.parent);
  return { courseId: input.course, parentId: input.parent, sortingKey: await nextSortingKey(tdb, input.course, input.parent) };
}

export async function createPlainSection(tdb: TenantDb, userId: string, input: PlacedInput): Promise<Section> {
  const row = await tdb.db
    .insert(sections)
    .values(tdb.values(sections, { ...(await placement(tdb, input)), kind: 'SECTION', title: input.title, description: input.description, createdBy: userId }))
    .returning()
    .get();
  return toSection(row);
}

export interface MeetingPlan extends PlacedInput {
  starts: Date[];
  duration: number;
  lessonKind: 'TRIAL' | 'DUMMY' | 'LESSON';
  billingKind: 'BILLABLE' | 'NON_BILLABLE';
  joinUrl?: string;
  timezone?: string;
}

/** Writes one lesson, or a weekly series with one section per occurrence, with its attendees, in one batch. */
export async function createMeetings(tdb: TenantDb, userId: string, kind: MeetingKind, plan: MeetingPlan, attendees: SectionAttendee[]): Promise<Section[]> {
  const place = await placement(tdb, plan);
  const seriesId = plan.starts.length > 1 ? newId() : null;
  const statements: BatchItem<'sqlite'>[] = [];
  if (seriesId) {
    statements.push(
      tdb.db.insert(lessonSeries).values(
        tdb.values(lessonSeries, {
          _id: seriesId,
          courseId: plan.course,
          timezone: plan.timezone ?? 'UTC',
          firstStart: plan.starts[0]!,
          occurrences: plan.starts.length,
        }),
      ),
    );
  }
  const ids = plan.starts.map(() => newId());
  plan.starts.forEach((start, i) => {
    const _id = ids[i]!;
    statements.push(
      tdb.db.insert(sections).values(
        tdb.values(sections, {
          _id,
          ...place,
          sortingKey: place.sortingKey + i,
          kind,
          title: plan.title,
          description: plan.description,
          start,
          duration: plan.duration,
          lessonKind: plan.lessonKind,
          billingKind: plan.billingKind,
          joinUrl: joinUrlFor(_id, plan.joinUrl),
          seriesId,
          createdBy: userId,
        }),
      ),
      ...attendeeInserts(tdb, _id, attendees),
    );
  });
  await runBatch(tdb, statements);
  return (await readSections(tdb, ids)).map((row) => toSection(row, attendees));
}

export function planStarts(start: Date, repeat: { occurrences: number; timezone: string } | undefined) {
  return repeat ? weeklyStarts(start, repeat.occurrences, repeat.timezone) : [start];
}

export interface ResourcePlan extends PlacedInput {
  kind: 'RESOURCE' | 'HOMEWORK';
  link?: string;
  dueAt?: Date;
}

export async function createResource(tdb: TenantDb, userId: string, plan: ResourcePlan): Promise<Section> {
  const row = await tdb.db
    .insert(sections)
    .values(
      tdb.values(sections, {
        ...(await placement(tdb, plan)),
        kind: plan.kind,
        title: plan.title,
        description: plan.description,
        link: plan.link ?? null,
        dueAt: plan.dueAt ?? null,
        createdBy: userId,
      }),
    )
    .returning()
    .get();
  return toSection(row);
}

export async function readSection(tdb: TenantDb, id: string) {
  return tdb.db
    .select()
    .from(sections)
    .where(tdb.where(sections, eq(sections._id, id)))
    .get();
}
