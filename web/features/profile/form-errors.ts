import type { ZodError } from 'zod';

/** The first message per field of a failed parse, keyed by its dotted path as the API's errors are. */
export function zodFieldErrors(error: ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const path = issue.path.map(String).join('.') || 'body';
    errors[path] ??= issue.message;
  }
  return errors;
}
