import { ApiError } from '../../platform/errors';

export const isUniqueViolation = (error: unknown) =>
  error instanceof Error && /UNIQUE constraint failed/i.test(`${error.message} ${String(error.cause ?? '')}`);

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
