import { formatMoney } from '../../../schema/contracts/money';
import type { PenaltyWaiverRecord } from '../../../schema/contracts/penalty-waivers';
import { lessonTime } from '../../entities/lessons/lesson-time';
import { fullName } from '../../lib/people';
import { quoted } from './pay-words';

type AppealStatus = NonNullable<PenaltyWaiverRecord['appealStatus']>;

export const appealLabels: Record<AppealStatus, string> = { PENDING: 'Appeal waiting', ACCEPTED: 'Appeal accepted', REJECTED: 'Appeal rejected' };

/** An adjustment's own day is a date kept as midnight UTC, so it is read in UTC or it could move a day. */
const day = (iso: string) => new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', day: 'numeric', month: 'short', year: 'numeric' }).format(new Date(iso));

/** "SGD 5.00 taken from your pay for IGCSE Mathematics on Mon, 7 Jan, 17:00 SGT." */
export function waiverSentence(entry: PenaltyWaiverRecord, zone: string) {
  const money = formatMoney(entry.amount, entry.currency);
  const what = entry.type === 'ADDITION' ? `${money} added to your pay` : `${money} taken from your pay`;
  const course = entry.course?.title ? ` for ${entry.course.title}` : '';
  if (!entry.startDate) return `${what}${course}.`;
  return entry.manual ? `${what}${course}, dated ${day(entry.startDate)}.` : `${what}${course} on ${lessonTime(entry.startDate, zone)}.`;
}

/**
 * Whether the tutor may appeal, as the server decides it: `open` for a deduction not yet appealed and not yet paid,
 * `paid` for one paid out before it was appealed, `none` for an addition or a deduction already appealed.
 */
export function appealState(entry: PenaltyWaiverRecord): 'open' | 'paid' | 'none' {
  if (entry.type !== 'DEDUCTION' || entry.appealStatus) return 'none';
  return entry.paymentStatus === 'PAID' || entry.payRunId ? 'paid' : 'open';
}

/** The appeal in words: what the tutor wrote, and the admin's answer once there is one. */
export function appealSentence(entry: PenaltyWaiverRecord) {
  if (!entry.appealStatus) return null;
  const asked = `You appealed: ${quoted(entry.appealTutorNote ?? '')}`;
  if (entry.appealStatus === 'PENDING') return `${asked} An admin has not answered yet.`;
  const by = entry.appealRespondedBy ? ` by ${fullName(entry.appealRespondedBy, 'an admin')}` : '';
  const answer = entry.appealAdminNote ? `: ${quoted(entry.appealAdminNote)}` : '.';
  const outcome = entry.appealStatus === 'ACCEPTED' ? ' The deduction no longer counts against your pay.' : '';
  return `${asked} ${appealLabels[entry.appealStatus]}${by}${answer}${outcome}`;
}
