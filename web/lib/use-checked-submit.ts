import { useState } from 'react';
import type { ZodType } from 'zod';
import { useToast } from '../ui/toast/use-toast';
import { type FieldErrors, fieldErrorsOf, zodFieldErrors } from './form-errors';

/**
 * A form's submit checked with the schema the API checks with: a failed check shows beside the fields and sends
 * nothing; a failed call shows what the server pinned on fields beside them and the failure as a toast.
 */
export function useCheckedSubmit() {
  const toast = useToast();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const submit = async <T>(schema: ZodType<T>, input: unknown, send: (data: T) => Promise<void>) => {
    const parsed = schema.safeParse(input);
    if (!parsed.success) {
      setErrors(zodFieldErrors(parsed.error));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await send(parsed.data);
    } catch (error) {
      setErrors(fieldErrorsOf(error));
      toast.error(error);
    } finally {
      setBusy(false);
    }
  };
  return { errors, setErrors, busy, submit };
}
