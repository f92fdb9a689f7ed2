import { useEffect, useState } from 'react';
import type { CurriculumListItem } from '../../../schema/contracts/learning';
import { api } from '../../lib/api';
import { useToast } from '../../ui/toast/use-toast';

/** The tenant's curricula with subjects and grades, as the curriculum list call answers them. */
export function useCatalogue() {
  const [catalogue, setCatalogue] = useState<CurriculumListItem[] | null>(null);
  const toast = useToast();
  useEffect(() => {
    const controller = new AbortController();
    api<CurriculumListItem[]>('/curriculums/list-with-grades', { signal: controller.signal })
      .then(setCatalogue)
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setCatalogue([]);
        toast.error(error);
      });
    return () => controller.abort();
  }, [toast]);
  return catalogue;
}

const unique = (values: string[]) => [...new Set(values)];

export const curriculumNames = (catalogue: CurriculumListItem[]) => catalogue.map((c) => c.curriculum);

export const subjectsOf = (catalogue: CurriculumListItem[], curriculum: string) => catalogue.find((c) => c.curriculum === curriculum)?.subjects ?? [];

export const gradesOfSubject = (catalogue: CurriculumListItem[], curriculum: string, subject: string) =>
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
