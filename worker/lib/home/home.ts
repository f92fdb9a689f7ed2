import type { HomeData } from '../../../schema/contracts/home';
import type { Actor } from '../../env';
import type { TenantDb } from '../tenant-db';
import { studentHome } from './student-home';
import { type RoomPresence, waitingNow } from './waiting-now';

export interface HomeInput {
  now: Date;
  /** Reads a lesson's waiting room. */
  presence: RoomPresence;
}

/** The portal home's own read: the person's parts, and those of the role they sign in with. */
export async function homeOf(tdb: TenantDb, actor: Actor, input: HomeInput): Promise<HomeData> {
  const asThemselves = actor.actingUserId === actor.userId;
  const [own, waiting] = await Promise.all([studentHome(tdb, actor, input.now), asThemselves && actor.role === 'TUTOR' ? waitingNow(tdb, actor, input) : []]);
  return { ...own, waitingNow: waiting, lateTutors: [], children: [] };
}
