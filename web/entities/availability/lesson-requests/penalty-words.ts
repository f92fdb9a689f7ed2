import type { PenaltyPreview } from '../../../../schema/contracts/meeting-requests';
import { formatMoney } from '../../../../schema/contracts/money';

const sentence = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;

/** The penalty the policy will apply, in words: a headline with the amount and its currency, and why. */
export function penaltyWords(preview: PenaltyPreview) {
  const charged = preview.penalty && preview.penaltyAmount > 0 && preview.currency;
  return {
    headline: charged ? `Penalty: ${formatMoney(preview.penaltyAmount, preview.currency!)}` : 'No penalty',
    why: sentence(preview.reason),
    version: `Cancellation policy version ${preview.policyVersion}.`,
  };
}
