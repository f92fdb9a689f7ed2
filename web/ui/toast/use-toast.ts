import { useSetAtom } from 'jotai';
import { useMemo } from 'react';
import { errorToastText } from '../../lib/errors';
import { pushToastAtom } from '../toast-atoms';

/** `toast.error(anyError)` applies the spec's error-text rules; `toast.success(text)` shows text as given. */
export function useToast() {
  const push = useSetAtom(pushToastAtom);
  return useMemo(
    () => ({
      error: (error: unknown) => push({ kind: 'error', text: errorToastText(error) }),
      success: (text: string) => push({ kind: 'success', text }),
    }),
    [push],
  );
}
