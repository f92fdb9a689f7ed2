import { useState } from 'react';
import { fieldErrorsOf } from '../lib/form-errors';
import { useFocusFirstInvalid } from './focus-first-invalid';
import { useToast } from './toast/use-toast';

type FieldErrors = Record<string, string>;

/**
 * A form's save call: busy while it runs; a failure the server pinned on fields shows beside those fields (renamed to
 * the form's own names where they differ), any other failure as a toast.
 */
export function useFormSave(formFieldsOf: (fields: FieldErrors) => FieldErrors = (fields) => fields) {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const invalid = useFocusFirstInvalid(errors);
  const save = async (run: () => Promise<void>) => {
    invalid.mark();
    setBusy(true);
    try {
      await run();
    } catch (error) {
      const fields = fieldErrorsOf(error);
      setErrors(formFieldsOf(fields));
      if (Object.keys(fields).length === 0) toast.error(error);
    } finally {
      setBusy(false);
    }
  };
  return { busy, errors, setErrors, save };
}
