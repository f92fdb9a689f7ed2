import { slugify } from '../contracts/slug';

/** Seed ids are readable and fixed, so reseeding skips what exists and tests can name records. */
export const idPart = (text: string) => slugify(text).replaceAll('-', '_');

export const subjectIdFor = (tenantKey: string, curriculumSlug: string, subjectSlug: string) =>
  `subject_${tenantKey}_${idPart(curriculumSlug)}_${idPart(subjectSlug)}`;

export const gradeIdFor = (subjectId: string, grade: string) => `grade_${subjectId.slice('subject_'.length)}_${idPart(grade)}`;
