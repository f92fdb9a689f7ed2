import { type CancellationRules, percentWords, policyRequestTypes } from '../../../schema/contracts/cancellation-policy';
import { amountFromText, amountText } from '../../lib/money-field';
import { typeVerbs } from './policy-words';

type Tier = CancellationRules['tiers'][number];

/** One notice band as typed: numbers stay text until saving, so a half-typed value is never rewritten under the cursor. */
export interface BandForm {
  type: Tier['type'];
  requester: Tier['requester'];
  withinHours: string;
  kind: Tier['penalty']['kind'];
  percent: string;
  amount: string;
  currency: string;
}

export interface PolicyForm {
  whoMayAsk: CancellationRules['whoMayAsk'];
  askUntilHoursBefore: string;
  tiers: BandForm[];
  lateCancelHours: string;
  notStartedPay: string;
  studentNoShowPay: string;
}

const percentText = (basisPoints: number) => percentWords(basisPoints).slice(0, -1);

export const newBand = (currency: string): BandForm => ({
  type: 'ANY',
  requester: 'ANY',
  withinHours: '24',
  kind: 'PERCENT',
  percent: '50',
  amount: '',
  currency,
});

export function formOf(rules: CancellationRules, currency: string): PolicyForm {
  return {
    whoMayAsk: rules.whoMayAsk,
    askUntilHoursBefore: String(rules.askUntilHoursBefore),
    tiers: rules.tiers.map((t) => ({
      ...newBand(t.penalty.kind === 'FIXED' ? t.penalty.currency : currency),
      type: t.type,
      requester: t.requester,
      withinHours: String(t.withinHours),
      kind: t.penalty.kind,
      percent: t.penalty.kind === 'PERCENT' ? percentText(t.penalty.basisPoints) : '',
      amount: t.penalty.kind === 'FIXED' ? amountText(t.penalty.amount, t.penalty.currency) : '',
    })),
    lateCancelHours: String(rules.lateCancelHours),
    notStartedPay: percentText(rules.notStartedPayBasisPoints),
    studentNoShowPay: percentText(rules.studentNoShowPayBasisPoints),
  };
}

const hoursOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

/** "12.5" → 1250 from its digits; anything else goes to the schema as the number it is, which refuses it in words. */
export function basisPointsOf(text: string) {
  const match = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (match) return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return text.trim() === '' ? Number.NaN : Number(text) * 100;
}

/** The rules the form describes, for the schema to check, and the amounts that did not read as money. */
export function rulesOf(form: PolicyForm): { rules: unknown; amountErrors: Record<string, string> } {
  const amountErrors: Record<string, string> = {};
  const tiers = form.tiers.map((band, i) => {
    if (band.kind === 'PERCENT')
      return { ...band, withinHours: hoursOf(band.withinHours), penalty: { kind: 'PERCENT', basisPoints: basisPointsOf(band.percent) } };
    const parsed = amountFromText(band.amount, band.currency);
    if (parsed.error) amountErrors[`tiers.${i}.penalty.amount`] = parsed.error;
    return { ...band, withinHours: hoursOf(band.withinHours), penalty: { kind: 'FIXED', amount: parsed.amount, currency: band.currency } };
  });
  const rules = {
    whoMayAsk: form.whoMayAsk,
    askUntilHoursBefore: hoursOf(form.askUntilHoursBefore),
    tiers: tiers.map(({ type, requester, withinHours, penalty }) => ({ type, requester, withinHours, penalty })),
    lateCancelHours: hoursOf(form.lateCancelHours),
    notStartedPayBasisPoints: basisPointsOf(form.notStartedPay),
    studentNoShowPayBasisPoints: basisPointsOf(form.studentNoShowPay),
  };
  return { rules, amountErrors };
}

const bandFields: Record<string, string> = {
  withinHours: 'notice',
  type: 'kind of request',
  requester: 'requester',
  'penalty.basisPoints': 'percentage',
  'penalty.amount': 'amount',
  'penalty.currency': 'currency',
};

/** What the form calls the field at a schema path, to begin the sentence about its problem. */
export function policyFieldLabel(path: string) {
  const band = /^tiers\.(\d+)\.(.+)$/.exec(path);
  if (band) return `The ${bandFields[band[2]!] ?? 'value'} in band ${Number(band[1]) + 1}`;
  const type = policyRequestTypes.find((t) => path === `whoMayAsk.${t}`);
  if (type) return `Who may ask to ${typeVerbs[type]}`;
  const labels: Record<string, string> = {
    askUntilHoursBefore: 'The closing time',
    tiers: 'The list of notice bands',
    lateCancelHours: 'The late-cancel window',
    notStartedPayBasisPoints: 'The pay for a lesson nobody started',
    studentNoShowPayBasisPoints: 'The pay for a lesson the student missed',
  };
  return labels[path] ?? 'The policy';
}
