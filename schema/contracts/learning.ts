import { z } from 'zod';

/** GET /api/curriculums/getCurriculumsForHomePage: the public catalogue the landing page shows. */
export const homeCurriculum = z.object({
  _id: z.string(),
  curriculum: z.string(),
  slug: z.string(),
  description: z.string(),
  subjects: z.array(
    z.object({
      _id: z.string(),
      subject: z.string(),
      slug: z.string(),
      grade: z.array(z.object({ _id: z.string(), grade: z.string() })),
    }),
  ),
});
export type HomeCurriculum = z.infer<typeof homeCurriculum>;

/** GET /api/curriculums/list-with-grades: the spec's curriculum list item, used by trial booking. */
export const curriculumListItem = z.object({
  _id: z.string(),
  curriculum: z.string(),
  subjects: z.array(z.object({ subject: z.string(), grade: z.array(z.object({ grade: z.string() })) })),
});
export type CurriculumListItem = z.infer<typeof curriculumListItem>;
