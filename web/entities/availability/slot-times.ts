import type { SlotOption } from '../../../schema/contracts/availability';

/** `hh:mm AM/PM` (spec 1 section 2) of an instant in a time zone. */
export function slotTime(iso: string, timeZone: string) {
  return new Intl.DateTimeFormat('en-US', { hour: '2-digit', minute: '2-digit', hour12: true, timeZone }).format(new Date(iso));
}

/** The tutor's wall-clock time for the slot, only where it reads differently from the viewer's. */
export function tutorTimeBeside(iso: string, viewerZone: string, tutorZone: string | undefined) {
  if (!tutorZone) return null;
  const theirs = slotTime(iso, tutorZone);
  return theirs === slotTime(iso, viewerZone) ? null : theirs;
}

/**
 * One button per start time: several tutors free at once are one choice for the student, and the first listed
 * (the admin's tutor sorting) is the one whose local time is shown; the server picks the tutor when booking.
 */
export function distinctStarts(slots: SlotOption[]): SlotOption[] {
  const seen = new Set<string>();
  return slots.filter((slot) => !seen.has(slot.start) && seen.add(slot.start));
}
