/** The query flag that the trial booking adds when it sends a new user to the portal (spec 1, section 2). */
export const TRIAL_CREATED_FLAG = 'trialClassCreated';
