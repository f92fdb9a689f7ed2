import type { CurriculumListItem } from '../../../schema/contracts/learning';

const unique = (values: string[]) => [...new Set(values)];

export const curriculumNames = (catalogue: CurriculumListItem[]) => catalogue.map((c) => c.curriculum);

export const subjectsOf = (catalogue: CurriculumListItem[], curriculum: string) => catalogue.find((c) => c.curriculum === curriculum)?.subjects ?? [];

export const gradesOf = (catalogue: CurriculumListItem[], curriculum: string, subject: string) =>
  subjectsOf(catalogue, curriculum)
    .find((s) => s.subject === subject)
    ?.grade.map((g) => g.grade) ?? [];

/** Every grade any subject of the curriculum is taught at, in catalogue order. */
export const gradesOfCurriculum = (catalogue: CurriculumListItem[], curriculum: string) =>
  unique(subjectsOf(catalogue, curriculum).flatMap((s) => s.grade.map((g) => g.grade)));

export const subjectsAtGrade = (catalogue: CurriculumListItem[], curriculum: string, grade: string) =>
  subjectsOf(catalogue, curriculum)
    .filter((s) => s.grade.some((g) => g.grade === grade))
    .map((s) => s.subject);
