import { z } from 'zod';
import { sessionView } from './lesson-sessions';

/** What the lesson room page needs about its lesson; the documents themselves come over the document rooms. */
export const lessonRoomInfo = z.object({
  section: z.object({
    _id: z.string(),
    title: z.string(),
    kind: z.enum(['ZOOM', 'TEAMS']),
    start: z.string().nullable(),
    duration: z.number().nullable(),
    joinUrl: z.string().nullable(),
  }),
  course: z.object({ _id: z.string(), title: z.string(), subject: z.string() }),
  /** The caller may draw and write (enrolled student, course tutor, admin who may edit courses). */
  canEdit: z.boolean(),
  /** Tutors and admins lead: "follow the tutor" follows them. */
  leads: z.boolean(),
  /** The lesson's questions by board page and whether it has ended; null until the tutor sets or ends one. */
  session: sessionView.nullable(),
});
export type LessonRoomInfo = z.infer<typeof lessonRoomInfo>;
