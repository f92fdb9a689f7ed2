import { useEffect, useState } from 'react';
import type { CurriculumListItem } from '../../../schema/contracts/learning';
import { api } from '../../lib/api';

/** The tenant's curriculum → subject → grade catalogue for the course pickers and filters. */
export function useCatalogue() {
  const [catalogue, setCatalogue] = useState<CurriculumListItem[]>([]);
  useEffect(() => {
    const controller = new AbortController();
    api<CurriculumListItem[]>('/curriculums/list-with-grades', { signal: controller.signal })
      .then(setCatalogue)
      .catch(() => undefined);
    return () => controller.abort();
  }, []);
  return catalogue;
}

export const subjectsOf = (catalogue: CurriculumListItem[], curriculum: string) => catalogue.find((c) => c.curriculum === curriculum)?.subjects ?? [];
export const gradesOf = (catalogue: CurriculumListItem[], curriculum: string, subject: string) =>
  subjectsOf(catalogue, curriculum)
    .find((s) => s.subject === subject)
    ?.grade.map((g) => g.grade) ?? [];
