/** The spellings of spec 2 section 3 for plans and rates, shared by the tables, the contracts and the engine. */
export const planStatuses = ['ACTIVE', 'INACTIVE'] as const;
export type PlanStatus = (typeof planStatuses)[number];

export const flexibleDurationUnits = ['MINUTES', 'DAYS', 'WEEKS', 'MONTHS', 'YEARS'] as const;
export const subscriptionDurationUnits = ['DAYS', 'WEEKS', 'MONTHS', 'YEARS'] as const;
export const inclusionModes = ['ALL', 'INCLUDE', 'EXCLUDE'] as const;

export const dateBases = ['STUDENT_ASSIGNED_DATE', 'STUDENT_REGISTRATION_DATE', 'TUTOR_REGISTRATION_DATE'] as const;
export type DateBasis = (typeof dateBases)[number];
export const oneToOneDateBases = ['STUDENT_ASSIGNED_DATE', 'STUDENT_REGISTRATION_DATE'] as const;
export const groupDateBases = ['TUTOR_REGISTRATION_DATE'] as const;

export const comparisonOperators = ['GREATER_THAN', 'LESS_THAN', 'EQUAL', 'GREATER_THAN_OR_EQUAL', 'LESS_THAN_OR_EQUAL'] as const;
export type ComparisonOperator = (typeof comparisonOperators)[number];

/** Which table a rate version belongs to: tutor pay per lesson kind, or what a student pays for a plan. */
export const rateTables = ['ONE_TO_ONE_TUTOR', 'GROUP_TUTOR', 'STUDENT_FLEXIBLE', 'STUDENT_SUBSCRIPTION'] as const;
export type RateTable = (typeof rateTables)[number];

export const operatorSymbols: Record<ComparisonOperator, string> = {
  GREATER_THAN: '>',
  LESS_THAN: '<',
  EQUAL: '=',
  GREATER_THAN_OR_EQUAL: '≥',
  LESS_THAN_OR_EQUAL: '≤',
};

export const dateBasisWords: Record<DateBasis, string> = {
  STUDENT_ASSIGNED_DATE: 'student assigned',
  STUDENT_REGISTRATION_DATE: 'student registered',
  TUTOR_REGISTRATION_DATE: 'tutor registered',
};
