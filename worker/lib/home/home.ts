import type { HomeData } from '../../../schema/contracts/home';
import type { PermissionMap } from '../../../schema/contracts/permissions';
import type { Actor } from '../../env';
import type { TenantDb } from '../tenant-db';
import { familyHome } from './family';
import { lateTutors } from './late-tutors';
import { studentHome } from './student-home';
import { type RoomPresence, waitingNow } from './waiting-now';

export interface HomeInput {
  now: Date;
  /** Reads a lesson's waiting room. */
  presence: RoomPresence;
  /** What the tenant grants its admins, for the admin's parts. */
  tenantPermissions: PermissionMap;
}

/** The portal home's own read: the person's parts, and those of the role they sign in with. */
export async function homeOf(tdb: TenantDb, actor: Actor, input: HomeInput): Promise<HomeData> {
  const asThemselves = actor.actingUserId === actor.userId;
  const [own, waiting, late, family] = await Promise.all([
    studentHome(tdb, actor, input.now),
    asThemselves && actor.role === 'TUTOR' ? waitingNow(tdb, actor, input) : [],
    lateTutors(tdb, actor, input),
    familyHome(tdb, actor, input.now),
  ]);
  return { ...own, waitingNow: waiting, lateTutors: late, ...family };
}
