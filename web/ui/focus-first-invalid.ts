import { useEffect, useRef } from 'react';

/**
 * After a submit that found problems, the first invalid control of the form that was submitted is brought into
 * view and focused, so its error is read at once; its scroll margin (styles.css) keeps it clear of the sticky header,
 * which would otherwise cover a control scrolled to the top. Call `mark()` when the submit starts: the form is the
 * one holding the focus then (its submit button, or the field Enter was pressed in).
 */
export function useFocusFirstInvalid(errors: Partial<Record<string, string>>) {
  const scope = useRef<ParentNode | null>(null);
  useEffect(() => {
    const within = scope.current;
    if (!within || !Object.values(errors).some(Boolean)) return;
    scope.current = null;
    const first = within.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (!first) return;
    first.scrollIntoView({ block: 'nearest' });
    first.focus({ preventScroll: true });
  }, [errors]);
  return {
    mark: () => {
      scope.current = document.activeElement?.closest('form') ?? document;
    },
  };
}
