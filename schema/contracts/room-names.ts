/**
 * The names of real-time rooms and shared documents, without zod: the lesson room reads its documents from the
 * device by these names before anything else of the room has loaded.
 */

/** Ids inside room names: what the app generates (uuids without dashes, readable seed ids). */
export const roomIdPattern = /^[A-Za-z0-9_-]{1,64}$/;

export const waitingRoomName = (waitingId: string) => `waiting-room/${waitingId}`;

/** A lesson's shared documents: its whiteboard and its notes. */
export const lessonDocParts = ['board', 'notes'] as const;
export type LessonDocPart = (typeof lessonDocParts)[number];

/** `lesson:{sectionId}:board` or `lesson:{sectionId}:notes`; null for any other name. */
export function parseDocName(name: string): { kind: 'lesson'; sectionId: string; part: LessonDocPart } | null {
  const [kind, sectionId, part, ...rest] = name.split(':');
  if (kind !== 'lesson' || rest.length > 0 || sectionId === undefined || !roomIdPattern.test(sectionId)) return null;
  const known = lessonDocParts.find((p) => p === part);
  return known ? { kind, sectionId, part: known } : null;
}

export const lessonDocName = (sectionId: string, part: LessonDocPart) => `lesson:${sectionId}:${part}`;
export const docRoomName = (docName: string) => `doc/${docName}`;
