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

/** GET /api/curriculums/getSearchOptionsForHomePage: one entry per page a visitor can search for. */
export interface SearchOption {
  _id: string;
  type: 'CURRICULUM' | 'SUBJECT' | 'TOPIC' | 'SUB_TOPIC';
  label: string;
  /** The page under /learning-portal. */
  path: string;
}

/** POST /api/curriculums/subjectMapDataForSubjectCode: where a syllabus code sits in the catalogue. */
export interface SubjectMapData {
  subjectCode: string;
  curriculum: { _id: string; name: string; slug: string };
  subject: { _id: string; name: string; slug: string };
  grades: { _id: string; grade: string }[];
  path: string;
}
