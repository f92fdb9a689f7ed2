import type { ZodError } from 'zod';
import { ApiFailure } from './api';

/** A form's messages by field, keyed by dotted path as the API keys the errors of a 400 answer (spec 1, section 5). */
export type FieldErrors = Record<string, string>;

type Issue = { path: readonly PropertyKey[]; message: string };

/**
 * The first message per field of a failed parse, keyed the way the API keys its own, so a form reads its own check
 * and the server's under the same names; an issue about the whole input is keyed `body`, as the API keys it.
 */
export function issuesByField(issues: readonly Issue[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const path = issue.path.map(String).join('.') || 'body';
    errors[path] ??= issue.message;
  }
  return errors;
}

export const zodFieldErrors = (error: ZodError): FieldErrors => issuesByField(error.issues);

const nonEmpty = (value: unknown): value is string => typeof value === 'string' && value.length > 0;

/** The field errors of a failed API call (`{message, errors:[{path, message}]}`); empty when it names no field. */
export function fieldErrorsOf(error: unknown): FieldErrors {
  const data = error instanceof ApiFailure ? error.data : undefined;
  const errors = data && typeof data === 'object' ? (data as { errors?: unknown }).errors : undefined;
  if (!Array.isArray(errors)) return {};
  const result: FieldErrors = {};
  for (const entry of errors as { path?: unknown; message?: unknown }[]) {
    if (nonEmpty(entry.path) && nonEmpty(entry.message)) result[entry.path] = entry.message;
  }
  return result;
}

/**
 * A form's problems as sentences naming each field the way the form labels it, since the schema's words
 * ("cannot be above 100%") name no field: ("Percentage in band 2", "cannot be above 100%") → "Percentage in band 2 cannot be above 100%."
 */
export function sentencesOf(errors: Partial<FieldErrors>, labelOf: (path: string) => string): FieldErrors {
  const sentences: FieldErrors = {};
  for (const [path, problem] of Object.entries(errors)) {
    if (!problem) continue;
    const sentence = `${labelOf(path)} ${problem}`.trim();
    sentences[path] = /[.!?]$/.test(sentence) ? sentence : `${sentence}.`;
  }
  return sentences;
}
