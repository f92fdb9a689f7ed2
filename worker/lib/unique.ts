import { ApiError } from '../../platform/errors';

/** D1 wraps SQLite's error, so the message may sit on any error of the cause chain. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    if (/UNIQUE constraint failed/i.test(e.message)) return true;
  }
  return false;
}

/** The 409 for a value another record already holds, naming the field. */
export const taken = (field: string, message: string) => new ApiError(409, `${field}: ${message}`, [{ path: field, message }]);

/**
 * Runs a write whose uniqueness the database decides. A check before the write cannot: two requests at the same
 * moment both pass it, and the loser's insert fails on the unique index. Here that loss is the field's 409.
 */
export async function uniqueWrite<T>(write: () => Promise<T>, conflict: () => ApiError): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict();
    throw error;
  }
}
