import type { TenantDb } from '../tenant-db';

/** A course's sections as a nested tree ordered by sortingKey. */
export async function loadSectionTree(_tdb: TenantDb, _courseId: string): Promise<unknown[]> {
  return [];
}
