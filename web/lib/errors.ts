import { ApiFailure } from './api';

/** Texts of spec 1, section 8. */
export const DEFAULT_ERROR_TEXT = 'Something went wrong';
export const STRUCTURED_FALLBACK_TEXT = 'An error occurred';

type Json = Record<string, unknown>;

function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  return '';
}

function parseObject(text: string): Json | null | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' ? (value as Json) : null;
  } catch {
    return undefined;
  }
}

const nonEmpty = (value: unknown): value is string => typeof value === 'string' && value.length > 0;

/**
 * The error toast's text: a JSON message with a data part gives data.error_description, overridden by
 * data.message; a message that is not JSON is shown as it is; anything else is "Something went wrong".
 */
export function errorToastText(error: unknown): string {
  const message = messageOf(error);
  if (!message) return DEFAULT_ERROR_TEXT;
  const parsed = parseObject(message);
  if (parsed === undefined) return message;
  const data = parsed?.data;
  if (!data || typeof data !== 'object') return DEFAULT_ERROR_TEXT;
  const { message: dataMessage, error_description: description } = data as Json;
  if (nonEmpty(dataMessage)) return dataMessage;
  if (nonEmpty(description)) return description;
  return DEFAULT_ERROR_TEXT;
}

/**
 * The second helper: from a structured (JSON) error, the data message, then its message, then "An error
 * occurred"; from an unstructured one, its plain message, else "Something went wrong".
 */
export function errorMessageText(error: unknown): string {
  const message = messageOf(error);
  const parsed = message ? parseObject(message) : undefined;
  if (parsed) {
    const data = parsed.data;
    const dataMessage = data && typeof data === 'object' ? (data as Json).message : undefined;
    if (nonEmpty(dataMessage)) return dataMessage;
    if (nonEmpty(parsed.message)) return parsed.message;
    return STRUCTURED_FALLBACK_TEXT;
  }
  return message || DEFAULT_ERROR_TEXT;
}

/** The HTTP status of a failed API call; undefined for anything else (a network failure never got an answer). */
export const statusOf = (error: unknown): number | undefined => (error instanceof ApiFailure ? error.status : undefined);
