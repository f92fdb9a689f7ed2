/** Spec 2: trial status values. Zod-free, so table code and the web app can both import them. */
export const trialStatuses = ['COMPLETED', 'SCHEDULED', 'PENDING', 'CANCELED', 'SUCCEED'] as const;
export type TrialStatus = (typeof trialStatuses)[number];

/** Spec 2 section 9: the four trial outcome options, with the words admins see. */
export const trialOutcomeLabels = {
  ENROLLED: 'Trial successful and student enrolled',
  NOT_SUCCESSFUL: 'Trial not successful',
  AWAITING_PARENT_CONFIRMATION: 'Awaiting parent confirmation',
  PENDING_PAYMENT: 'Pending payment from the parent',
} as const;
export const trialOutcomes = Object.keys(trialOutcomeLabels) as [keyof typeof trialOutcomeLabels, ...(keyof typeof trialOutcomeLabels)[]];
export type TrialOutcome = keyof typeof trialOutcomeLabels;
