import { type CancellationRules, percentWords, type policyRequesters, policyRequestTypes } from '../../../schema/contracts/cancellation-policy';
import { formatMoney } from '../../../schema/contracts/money';

type Requester = (typeof policyRequesters)[number];
type Tier = CancellationRules['tiers'][number];

/** A parent asks for their child, so the student's right is the parent's too. */
export const requesterWords: Record<Requester | 'ANY', string> = { STUDENT: 'students (and their parents)', TUTOR: 'tutors', ADMIN: 'admins', ANY: 'anyone' };
const oneRequester: Record<Requester | 'ANY', string> = { STUDENT: 'a student or parent', TUTOR: 'a tutor', ADMIN: 'an admin', ANY: 'anyone' };
export const typeVerbs: Record<Tier['type'], string> = { CANCEL: 'cancel', RESCHEDULE: 'move', DELETE: 'delete', ANY: 'cancel, move or delete' };

const hours = (n: number) => (n === 1 ? '1 hour' : `${n} hours`);
const capital = (text: string) => text[0]!.toUpperCase() + text.slice(1);

function list(words: string[]) {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

export function penaltyWords(penalty: Tier['penalty']) {
  return penalty.kind === 'FIXED' ? `a fixed ${formatMoney(penalty.amount, penalty.currency)}` : `${percentWords(penalty.basisPoints)} of the lesson’s amount`;
}

/** The rules of a policy version as the sentences a person reads before they change them. */
export function policySentences(rules: CancellationRules): string[] {
  const who = policyRequestTypes.map((type) => {
    const askers = rules.whoMayAsk[type];
    return askers.length
      ? `${capital(list(askers.map((r) => requesterWords[r])))} may ask to ${typeVerbs[type]} a lesson.`
      : `Nobody may ask to ${typeVerbs[type]} a lesson.`;
  });
  const until = rules.askUntilHoursBefore
    ? `Requests close ${hours(rules.askUntilHoursBefore)} before the lesson starts.`
    : 'Requests can be made until the lesson starts.';
  const bands = rules.tiers.length
    ? rules.tiers.map(
        (t) =>
          `When ${oneRequester[t.requester]} asks to ${typeVerbs[t.type]} a lesson less than ${hours(t.withinHours)} before it starts, the penalty is ${penaltyWords(t.penalty)}.`,
      )
    : ['No request carries a penalty.'];
  const narrowest = rules.tiers.length > 1 ? ['Where several of these apply, the one with the shortest notice does.'] : [];
  const late = rules.lateCancelHours
    ? `A lesson a student or parent cancels less than ${hours(rules.lateCancelHours)} before it starts still counts as held for pay and charge (cancelled but chargeable).`
    : 'A cancelled lesson never counts as held.';
  return [
    ...who,
    until,
    ...bands,
    ...narrowest,
    late,
    `A tutor is paid ${percentWords(rules.notStartedPayBasisPoints)} of a lesson nobody started.`,
    `A tutor is paid ${percentWords(rules.studentNoShowPayBasisPoints)} of a lesson the student missed while the tutor came.`,
  ];
}
