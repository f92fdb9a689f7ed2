import { useEffect, useState } from 'react';
import type { CurriculumListItem } from '../../../schema/contracts/learning';
import { api } from '../../lib/api';
import { useToast } from '../../ui/toast/use-toast';

/**
 * The tenant's curriculum → subject → grade catalogue, null until it has loaded. A failed load leaves it empty; a
 * form that cannot go on without it (profile, onboarding) asks for `toastFailure` to say why, while a filter or a
 * picker just offers no choices.
 */
export function useCatalogue({ toastFailure = false }: { toastFailure?: boolean } = {}) {
  const [catalogue, setCatalogue] = useState<CurriculumListItem[] | null>(null);
  const toast = useToast();
  useEffect(() => {
    const controller = new AbortController();
    api<CurriculumListItem[]>('/curriculums/list-with-grades', { signal: controller.signal })
      .then(setCatalogue)
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setCatalogue([]);
        if (toastFailure) toast.error(error);
      });
    return () => controller.abort();
  }, [toast, toastFailure]);
  return catalogue;
}
