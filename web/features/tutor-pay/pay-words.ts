import clsx from 'clsx';
import type { LessonHistoryTutorRecord, TutorPaymentStatus } from '../../../schema/contracts/lesson-history';
import { formatMoney } from '../../../schema/contracts/money';
import { fullName } from '../../lib/people';
import { badgeClass } from '../../ui/badges';

type ConcernStatus = NonNullable<LessonHistoryTutorRecord['concernStatus']>;

export const paymentLabels: Record<TutorPaymentStatus, string> = { PROCESSING: 'Processing', PAID: 'Paid' };
export const concernLabels: Record<ConcernStatus, string> = {
  PENDING: 'Concern waiting',
  RESOLVED: 'Concern resolved',
  REJECTED: 'Concern declined',
};

const tone = {
  green: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-500/15 dark:text-emerald-300',
  amber: 'bg-amber-100 text-amber-800 dark:bg-amber-500/15 dark:text-amber-300',
  rose: 'bg-rose-100 text-rose-800 dark:bg-rose-500/15 dark:text-rose-300',
  grey: 'bg-slate-200 text-slate-700 dark:bg-slate-700 dark:text-slate-200',
};
const pill = (colour: string) => clsx(badgeClass, 'whitespace-nowrap', colour);

/** Spec 1 section 4's timing words as the row holds them: on time green, "N Min Late" amber, missed rose, not started grey. */
export const timingBadge = (status: string) =>
  pill(status === 'On Time' ? tone.green : status.endsWith('Min Late') ? tone.amber : status === 'Missed' ? tone.rose : tone.grey);
export const paymentBadge = (status: TutorPaymentStatus) => pill(status === 'PAID' ? tone.green : tone.amber);
export const concernBadge = (status: ConcernStatus) => pill(status === 'RESOLVED' ? tone.green : status === 'REJECTED' ? tone.grey : tone.rose);
export const toneBadge = (colour: keyof typeof tone) => pill(tone[colour]);

/** Money always with its currency; a lesson no rate applied to has none, and the rate explanation says why. */
export const moneyText = (amount: number | null, currency: string | null) => (amount === null || !currency ? 'No pay recorded' : formatMoney(amount, currency));

export const studentNames = (people: { firstname: string; lastname: string }[]) => people.map((p) => fullName(p, 'Unnamed student')).join(', ') || 'No student';

/** Seconds in the lesson room as whole minutes, which is how a tutor counts a lesson: "54 min", "under a minute". */
export function minutesInRoom(seconds: number) {
  if (seconds <= 0) return 'not in the room';
  if (seconds < 60) return 'under a minute in the room';
  return `${Math.floor(seconds / 60)} min in the room`;
}

/** Someone's words quoted as a sentence of their own: “The room failed.” */
export const quoted = (text: string) => `“${text}${/[.!?]$/.test(text) ? '' : '.'}”`;

export const lessonCount = (n: number) => (n === 1 ? '1 lesson' : `${n} lessons`);
