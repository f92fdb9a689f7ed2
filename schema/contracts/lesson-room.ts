import { z } from 'zod';

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
});
export type LessonRoomInfo = z.infer<typeof lessonRoomInfo>;
