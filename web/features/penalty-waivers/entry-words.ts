import type { TutorAmountData, TutorPaymentStatus } from '../../../schema/contracts/lesson-history';
import { formatMoney } from '../../../schema/contracts/money';
import type { PenaltyWaiverRecord, SettingsCategory } from '../../../schema/contracts/penalty-waivers';
import { lessonTime } from '../../entities/lessons/lesson-time';
import { fullName } from '../../lib/people';

type AdjustmentType = PenaltyWaiverRecord['type'];
type AppealStatus = NonNullable<PenaltyWaiverRecord['appealStatus']>;

export const typeLabels: Record<AdjustmentType, string> = { ADDITION: 'Addition to pay', DEDUCTION: 'Deduction from pay' };
export const paymentLabels: Record<TutorPaymentStatus, string> = { PROCESSING: 'Processing', PAID: 'Paid' };
export const appealLabels: Record<AppealStatus, string> = { PENDING: 'Appeal waiting', ACCEPTED: 'Appeal accepted', REJECTED: 'Appeal rejected' };
export const categoryLabels: Record<SettingsCategory, string> = {
  PAYMENT: 'Payment',
  ADJUSTMENTS: 'Adjustments',
  COURSE_TOPUP: 'Course top-up',
  OTHERS: 'Others',
};

/** An adjustment's day is a date without a time, kept as midnight UTC, so it is read in UTC or it could move a day. */
const day = (iso: string) => new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', day: 'numeric', month: 'short', year: 'numeric' }).format(new Date(iso));

/** "SGD 5.00 taken from Theo Tutor's pay for IGCSE Mathematics on Mon, 7 Jan, 09:00 GMT." */
export function entrySentence(entry: PenaltyWaiverRecord, zone: string) {
  const money = formatMoney(entry.amount, entry.currency);
  const tutor = fullName(entry.tutor, 'the tutor');
  const what = entry.type === 'ADDITION' ? `${money} added to ${tutor}'s pay` : `${money} taken from ${tutor}'s pay`;
  const course = entry.course?.title ? ` for ${entry.course.title}` : '';
  if (!entry.startDate) return `${what}${course}.`;
  return entry.manual ? `${what}${course}, dated ${day(entry.startDate)}.` : `${what}${course} on ${lessonTime(entry.startDate, zone)}.`;
}

/** Someone's words quoted as a sentence of their own: “The room failed.” */
const said = (text: string) => `“${text}${/[.!?]$/.test(text) ? '' : '.'}”`;

/** What became of the tutor's appeal, in words; null when there was none. */
export function appealSentence(entry: PenaltyWaiverRecord) {
  if (!entry.appealStatus) return null;
  const asked = `${fullName(entry.tutor, 'The tutor')} appealed: ${said(entry.appealTutorNote ?? '')}`;
  if (entry.appealStatus === 'PENDING') return `${asked} The appeal is waiting for an answer.`;
  const by = entry.appealRespondedBy ? ` by ${fullName(entry.appealRespondedBy)}` : '';
  const answer = entry.appealAdminNote ? `: ${said(entry.appealAdminNote)}` : '.';
  const outcome = entry.appealStatus === 'ACCEPTED' ? ' The deduction no longer counts.' : '';
  return `${asked} ${appealLabels[entry.appealStatus]}${by}${answer}${outcome}`;
}

/** "additions SGD 10.00, deductions SGD 5.00, net SGD 5.00 over 3 entries", one clause per currency. */
export function totalsSentence(totals: TutorAmountData[]) {
  const parts = totals.map(
    (t) =>
      `additions ${formatMoney(t.amount, t.currency)}, deductions ${formatMoney(t.penalty, t.currency)}, net ${formatMoney(t.net, t.currency)} over ${entryCount(t.count)}`,
  );
  return parts.length ? parts.join('; ') : null;
}

export const entryCount = (n: number) => (n === 1 ? '1 entry' : `${n} entries`);
