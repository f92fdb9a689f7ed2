import type { WaitingRoomKind } from '../../schema/contracts/realtime';

/** What the Worker tells a waiting room about its lesson each time someone arrives (so a reschedule is picked up). */
export interface WaitingLesson {
  tenantId: string;
  sectionId: string;
  courseId: string;
  title: string;
  /** ms since the epoch */
  start: number;
  /** minutes */
  duration: number;
  /** Enabled tutors of the lesson, the primary first. */
  tutorIds: string[];
  studentIds: string[];
  /** Where links in the alert mails point, e.g. `https://studyhall.app`. */
  origin: string;
}

/** The kind comes from the signed-in role, so nobody can claim to be an admin or the tutor. */
export function kindForRole(role: string): WaitingRoomKind {
  if (role === 'ADMIN') return 'ADMIN';
  if (role === 'TUTOR') return 'TUTOR';
  return 'STUDENT';
}
