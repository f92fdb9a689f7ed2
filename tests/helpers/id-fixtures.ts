import { DEMO_USERS, TENANT_IDS } from '../../schema/seed';
import { users } from '../../schema/tables';
import { db } from './seed';

/**
 * How the id matrix (tests/api/id-matrix.test.ts) fills each route's ids: with records that belong to Sam (a student
 * of the main tenant) or to the main tenant's admin area. A route with an id must have an entry here.
 */
export interface RouteFixture {
  match: RegExp;
  method?: string;
  params: Record<string, string>;
  query?: Record<string, string>;
  headers?: Record<string, string>;
  /** A valid body, so the refusal comes from the access check and not from validation. */
  body?: unknown;
  /** Public content (no owner): left out of the matrix, with the reason beside it. */
  public?: true;
}

const SAM = DEMO_USERS.student._id;
const TENANT = TENANT_IDS.studyhall;

export const MATRIX_IDS = {
  sam: SAM,
  tenant: TENANT,
} as const;

export const idRouteFixtures: RouteFixture[] = [
  { match: /^\/api\/rt\/waiting-room\/:waitingId$/, params: { waitingId: 'matrix-room' }, headers: { upgrade: 'websocket' } },
];

/** Records the fixtures point at, beyond the demo seed. */
export async function seedMatrixRecords() {
  await db.batch([db.select().from(users).limit(1)]);
}
