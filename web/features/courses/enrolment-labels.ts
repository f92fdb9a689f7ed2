const LABELS: Record<string, string> = {
  ONETIME: 'One-time',
  SUBSCRIPTION: 'Subscription',
  CREDIT: 'Credit',
  TRIAL: 'Trial',
  PRIMARY: 'Primary',
  SUBSTITUTE: 'Substitute',
};

/** How a payment type or tutor type reads to a person: `ONETIME` is "One-time", never "onetime". */
export const enrolmentTypeLabel = (type: string) => LABELS[type] ?? type.charAt(0) + type.slice(1).toLowerCase();
