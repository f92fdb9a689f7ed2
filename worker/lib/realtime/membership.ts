import { eq, isNull } from 'drizzle-orm';
import type { WaitingRoom } from '../../../durable-objects/waiting-room';
import { ApiError } from '../../../platform/errors';
import type { ChatConnection } from '../../../platform/realtime/chat-connection';
import type { DocConnection } from '../../../platform/realtime/doc-connection';
import { hasPermission, hasTenantPermission, type PermissionMap } from '../../../schema/contracts/permissions';
import { parseDocName } from '../../../schema/contracts/realtime';
import { users } from '../../../schema/tables';
import type { Actor } from '../../env';
import { courseAccess } from '../courses/access';
import type { TenantDb } from '../tenant-db';
import { assertOpen, waitingLessonFor, waitingLessonOf } from '../waiting-room/lesson';

/**
 * Who may join which room, decided before the upgrade; the rooms enforce only what they are told. Each answer is
 * the connection the room is handed, or the refusal a stranger gets (the same 404 as a room that does not exist).
 */

const chatNotFound = () => new ApiError(404, 'Chat not found');
const docNotFound = () => new ApiError(404, 'Document not found');

/** A course's chat: its students and tutors, and admins who may read course chats (writing into others' only in edit mode). */
export async function courseChatConnection(
  tdb: TenantDb,
  actor: Actor,
  input: { courseId: string; tenantPermissions: PermissionMap; editMode: boolean },
): Promise<ChatConnection> {
  const access = await courseAccess(tdb, input.tenantPermissions, actor, input.courseId).catch((error: unknown) => {
    throw error instanceof ApiError && error.status === 404 ? chatNotFound() : error;
  });
  const readAll = hasPermission(access.asAdmin, { courseChat: ['view'] });
  if (!access.enrolled && !access.tutorPermissions && !readAll) throw new ApiError(403, 'You do not have permission to do this (courseChat: view)');
  const editMode = readAll && input.editMode && hasPermission(access.asAdmin, { adminCourse: ['edit'] });
  return { mode: 'user', room: `course:${input.courseId}`, courseId: input.courseId, readAll, canJoin: editMode, editMode };
}

/**
 * The admin chat about one user: that user, and admins whose role (`granted`, looked up by the route) and tenant
 * allow reading admin chats.
 */
export async function adminChatConnection(
  tdb: TenantDb,
  actor: Actor,
  input: { userId: string; tenantPermissions: PermissionMap; granted: PermissionMap | null },
): Promise<ChatConnection> {
  const own = actor.userId === input.userId;
  if (!own) {
    if (!hasTenantPermission(input.granted, input.tenantPermissions, { adminCourseChat: ['view'] })) {
      throw new ApiError(403, 'You do not have permission to do this (adminCourseChat: view)');
    }
    const subject = await tdb.db
      .select({ _id: users._id })
      .from(users)
      .where(tdb.where(users, eq(users._id, input.userId), isNull(users.deletedAt)))
      .get();
    if (!subject) throw chatNotFound();
  }
  return { mode: 'admin', room: `admin:${input.userId}`, courseId: null, readAll: !own, canJoin: !own, editMode: false };
}

/** A lesson's shared document: the course's people, read-only for those who may only look. */
export async function docConnection(tdb: TenantDb, actor: Actor, input: { name: string; tenantPermissions: PermissionMap }): Promise<DocConnection> {
  const doc = parseDocName(input.name);
  if (!doc) throw docNotFound();
  // The lesson's course is found inside the access check's own batch: one round trip for the whole gate.
  const access = await courseAccess(tdb, input.tenantPermissions, actor, { sectionId: doc.sectionId }).catch((error: unknown) => {
    throw error instanceof ApiError && error.status === 404 ? docNotFound() : error;
  });
  const leads = Boolean(access.tutorPermissions) || hasPermission(access.asAdmin, { adminCourse: ['edit'] });
  return { name: input.name, readOnly: !access.enrolled && !leads, leads };
}

/** A lesson's waiting room, told about the lesson as it stands now; refused once the lesson is cancelled or over. */
export async function openWaitingRoom(
  tdb: TenantDb,
  actor: Actor,
  input: { waitingId: string; tenantPermissions: PermissionMap; origin: string; room: DurableObjectStub<WaitingRoom> },
) {
  const lesson = await waitingLessonFor(tdb, input.tenantPermissions, actor, input.waitingId);
  assertOpen(lesson.section, false);
  const status = await input.room.arm(waitingLessonOf(lesson, tdb.tenantId, input.origin));
  assertOpen(lesson.section, status.closed);
}
