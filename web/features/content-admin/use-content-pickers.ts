import { useSearchParams } from 'react-router-dom';
import type { HomeCurriculum } from '../../../schema/contracts/learning';

/** Curriculum → subject → grade, kept in the address so a reload or a shared link opens the same place. */
export function usePickers(catalogue: HomeCurriculum[] | null) {
  const [params, setParams] = useSearchParams();
  const curriculum = catalogue?.find((c) => c._id === params.get('curriculum')) ?? catalogue?.[0];
  const subject = curriculum?.subjects.find((s) => s._id === params.get('subject')) ?? curriculum?.subjects[0];
  const grade = subject?.grade.find((g) => g._id === params.get('grade')) ?? subject?.grade.at(-1);
  const topicId = params.get('topic');
  const set = (next: Record<string, string | undefined>) => {
    const merged = new URLSearchParams(params);
    for (const [key, value] of Object.entries(next))
      if (value) merged.set(key, value);
      else merged.delete(key);
    setParams(merged, { replace: true });
  };
  return { curriculum, subject, grade, topicId, set };
}
