import { eq, sql } from 'drizzle-orm';
import { ApiError, fieldError } from '../../../platform/errors';
import type { MarkInput } from '../../../schema/contracts/homework';
import { homeworkSubmissions } from '../../../schema/tables';
import type { Actor } from '../../env';
import type { TenantDb } from '../tenant-db';
import { adminMaySubmissions, handInNotFound, homeworkFor, ownHandIn, visibleHandIn } from './access';
import { checkFiles, handInPrefix, removeFiles, storeFiles } from './files';
import { type HandInRow, oneView } from './views';

const markedAlready = () => new ApiError(409, 'This hand-in is marked, so it can no longer be changed.');

function needsSomething(text: string, fileCount: number) {
  if (!text && fileCount === 0) throw fieldError('file', 'is needed, or write your answer in the text box');
}

/** The homework a student may hand in for (an active one of their course), checked before the files are read. */
export async function handInTarget(tdb: TenantDb, actor: Actor, sectionId: string) {
  const { homework, access } = await homeworkFor(tdb, actor, sectionId);
  if (!access.handsIn) throw new ApiError(403, 'Homework is handed in by the student.');
  return homework;
}

/**
 * `POST /homework-submissions`: the student's first hand-in for a homework, files and text. Every file is checked
 * before anything is stored; a hand-in after the due date is taken and shown as late.
 */
export async function handIn(tdb: TenantDb, bucket: R2Bucket, actor: Actor, input: { section: string; text: string }, files: File[]) {
  const homework = await handInTarget(tdb, actor, input.section);
  const studentId = actor.actingUserId;
  const existing = await tdb.db
    .select({ _id: homeworkSubmissions._id })
    .from(homeworkSubmissions)
    .where(tdb.where(homeworkSubmissions, eq(homeworkSubmissions.sectionId, homework._id), eq(homeworkSubmissions.studentId, studentId)))
    .get();
  if (existing) throw new ApiError(409, 'You have already handed this in: change your hand-in instead.');
  needsSomething(input.text, files.length);
  const checked = await checkFiles(files);
  const stored = await storeFiles(bucket, handInPrefix(tdb.tenantId, homework.courseId, homework._id, studentId), checked);
  try {
    const row = await tdb.db
      .insert(homeworkSubmissions)
      .values(
        tdb.values(homeworkSubmissions, {
          sectionId: homework._id,
          courseId: homework.courseId,
          studentId,
          text: input.text,
          files: stored,
          handedInAt: new Date(),
        }),
      )
      .returning()
      .get();
    return oneView(tdb, row);
  } catch (error) {
    // Two hand-ins racing: the second's files go, and the UNIQUE failure answers 409.
    await removeFiles(bucket, stored);
    throw error;
  }
}

/** The owner's hand-in, found before the body is read; a marked one is refused. */
export async function replaceableHandIn(tdb: TenantDb, actor: Actor, id: string) {
  const { row } = await ownHandIn(tdb, actor, id);
  if (row.status === 'MARKED') throw markedAlready();
  return row;
}

/**
 * `PUT /homework-submissions/{id}`: the student changes their hand-in until it is marked: new text, the files they
 * keep (`keep`), and new files. The hand-in time becomes now, so a change after the due date makes it late.
 */
export async function replaceHandIn(tdb: TenantDb, bucket: R2Bucket, actor: Actor, id: string, input: { text: string; keep: string[] }, files: File[]) {
  const row = await replaceableHandIn(tdb, actor, id);
  const known = new Set(row.files.map((f) => f._id));
  if (input.keep.some((fileId) => !known.has(fileId))) throw fieldError('keep', 'must name files of this hand-in');
  const kept = row.files.filter((f) => input.keep.includes(f._id));
  needsSomething(input.text, kept.length + files.length);
  const checked = await checkFiles(files, kept.length);
  const stored = await storeFiles(bucket, handInPrefix(tdb.tenantId, row.courseId, row.sectionId, row.studentId), checked);
  const updated = await tdb.db
    .update(homeworkSubmissions)
    .set({ text: input.text, files: [...kept, ...stored], handedInAt: new Date() })
    .where(tdb.where(homeworkSubmissions, eq(homeworkSubmissions._id, row._id), eq(homeworkSubmissions.status, 'HANDED_IN')))
    .returning()
    .get();
  if (!updated) {
    await removeFiles(bucket, stored);
    throw markedAlready();
  }
  await removeFiles(
    bucket,
    row.files.filter((f) => !input.keep.includes(f._id)),
  );
  return oneView(tdb, updated);
}

async function deleteRow(tdb: TenantDb, bucket: R2Bucket, row: HandInRow, guard = sql`1 = 1`) {
  const gone = await tdb.db
    .delete(homeworkSubmissions)
    .where(tdb.where(homeworkSubmissions, eq(homeworkSubmissions._id, row._id), guard))
    .returning({ _id: homeworkSubmissions._id })
    .get();
  if (!gone) throw markedAlready();
  await removeFiles(bucket, row.files);
  return { _id: row._id };
}

/** `DELETE /homework-submissions/{id}`: the student withdraws an unmarked hand-in, and its files go with it. */
export async function withdrawHandIn(tdb: TenantDb, bucket: R2Bucket, actor: Actor, id: string) {
  const row = await replaceableHandIn(tdb, actor, id);
  return deleteRow(tdb, bucket, row, eq(homeworkSubmissions.status, 'HANDED_IN'));
}

/** `DELETE /admin/homework-submissions/{id}`: an admin with submissions delete removes any hand-in, marked or not. */
export async function removeHandIn(tdb: TenantDb, bucket: R2Bucket, actor: Actor, id: string) {
  if (!(await adminMaySubmissions(tdb, actor, 'delete'))) throw handInNotFound();
  const row = await tdb.db
    .select()
    .from(homeworkSubmissions)
    .where(tdb.where(homeworkSubmissions, eq(homeworkSubmissions._id, id)))
    .get();
  if (!row) throw handInNotFound();
  return deleteRow(tdb, bucket, row);
}

/** The hand-in a caller may mark, before the body is read: others' answer 404, a student or parent 403. */
export async function markableHandIn(tdb: TenantDb, actor: Actor, id: string) {
  const found = await visibleHandIn(tdb, actor, id);
  if (!found.access.marks) throw new ApiError(403, 'Your course role does not allow marking (RESOURCE: create)');
  return found.row;
}

/** `PUT /homework-submissions/{id}/mark`: the mark, what it is out of and the feedback; a mark can be corrected. */
export async function markHandIn(tdb: TenantDb, actor: Actor, id: string, input: Required<MarkInput>) {
  const row = await markableHandIn(tdb, actor, id);
  const updated = await tdb.db
    .update(homeworkSubmissions)
    .set({ status: 'MARKED', mark: input.mark, outOf: input.outOf, feedback: input.feedback || null, markedBy: actor.userId, markedAt: new Date() })
    .where(tdb.where(homeworkSubmissions, eq(homeworkSubmissions._id, row._id)))
    .returning()
    .get();
  if (!updated) throw handInNotFound();
  return oneView(tdb, updated);
}
