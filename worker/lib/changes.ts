/** Compared as JSON, the way they travel, so a Date read and its ISO string written back count as the same. */
const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * The fields of `input` whose values differ from `current`'s. Writing back what was read then changes nothing, not
 * even updatedAt, and checks that only a change needs (a free e-mail, a role that may be handed out) are not run.
 */
export function changedFields<T extends object>(current: object, input: T): Partial<T> {
  const now = current as Record<string, unknown>;
  return Object.fromEntries(Object.entries(input).filter(([key, value]) => value !== undefined && !same(now[key], value))) as Partial<T>;
}

/**
 * Drops the keys a client echoes back unchanged from what it read but may not write (ids, e-mail, role, lists
 * kept elsewhere), so a strict schema still refuses a real attempt to change them.
 */
export function withoutEchoes(body: unknown, current: object, writable: readonly string[]): unknown {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return body;
  const now = current as Record<string, unknown>;
  return Object.fromEntries(Object.entries(body).filter(([key, value]) => writable.includes(key) || !Object.hasOwn(now, key) || !same(now[key], value)));
}
