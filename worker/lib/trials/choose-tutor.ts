import { ApiError, fieldError } from '../../../platform/errors';
import { TRIAL_MINUTES } from '../../../schema/contracts/availability';
import { TRIAL_SLOT_TAKEN } from '../../../schema/contracts/trials';
import { type CatalogueKey, slotsFor, trialTutors } from '../availability/slot-options';
import type { TenantDb } from '../tenant-db';

/**
 * The tutors who could take a trial starting at `start`, best first: the named tutor alone when one is given,
 * else every teaching tutor free then, in the admin's tutor sorting order. The slots are checked the way the dialog
 * got them (same availability, guards and lessons), so a time the dialog never offered cannot be booked.
 */
export async function tutorsFreeAt(tdb: TenantDb, key: CatalogueKey, start: Date, tutorId: string) {
  const { tutors } = await trialTutors(tdb, key);
  const asked = tutorId ? tutors.filter((t) => t._id === tutorId) : tutors;
  if (tutorId && asked.length === 0) throw fieldError('tutorId', `does not give ${key.subject} trials for ${key.grade}`);
  const day = start.toISOString().slice(0, 10);
  const slots = await slotsFor(tdb, asked, day, 'UTC', TRIAL_MINUTES);
  const at = start.toISOString();
  const free = asked.filter((t) => slots.some((s) => s.user === t._id && s.start === at)).map((t) => t._id);
  if (free.length === 0) throw new ApiError(409, TRIAL_SLOT_TAKEN);
  return free;
}
