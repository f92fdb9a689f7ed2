import type { StripeEventOutcome } from '../../../schema/contracts/payments';
import type { Runnable } from '../compiled';

/** What one webhook event does: its outcome, the session it is about, and the statements of its one batch. */
export interface Effects {
  outcome: StripeEventOutcome;
  sessionId: string | null;
  statements: Runnable[];
  /** The student whose balance the statements may change, so their family's tabs can be told. */
  balanceOf?: string;
}
