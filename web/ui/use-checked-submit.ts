import { useState } from 'react';
import type { ZodType } from 'zod';
import { errorToastText } from '../lib/errors';
import { type FieldErrors, fieldErrorsOf, zodFieldErrors } from '../lib/form-errors';
import { useFocusFirstInvalid } from './focus-first-invalid';
import { useToast } from './toast/use-toast';

interface SubmitOptions {
  /** Renames the fields the server pinned errors on to the form's own names. */
  fieldsOf?: (fromServer: FieldErrors) => Partial<FieldErrors>;
  /** Stays busy after a success, for a screen that moves on once it has sent. */
  staysBusy?: boolean;
}

/**
 * A form's submit checked with the schema the API checks with: a failed check shows beside the fields and sends
 * nothing; a failed call shows what the server pinned on fields beside them, and the failure as a toast and as
 * `formError` for a notice in the form.
 */
export function useCheckedSubmit({ fieldsOf = (fromServer) => fromServer, staysBusy = false }: SubmitOptions = {}) {
  const toast = useToast();
  const [errors, setErrors] = useState<Partial<FieldErrors>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const invalid = useFocusFirstInvalid(errors);
  const submit = async <T>(schema: ZodType<T>, input: unknown, send: (data: T) => Promise<void>) => {
    invalid.mark();
    setFormError(null);
    const parsed = schema.safeParse(input);
    if (!parsed.success) {
      setErrors(zodFieldErrors(parsed.error));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await send(parsed.data);
      if (!staysBusy) setBusy(false);
    } catch (error) {
      setErrors(fieldsOf(fieldErrorsOf(error)));
      setFormError(errorToastText(error));
      toast.error(error);
      setBusy(false);
    }
  };
  return { errors, setErrors, formError, setFormError, busy, submit };
}
