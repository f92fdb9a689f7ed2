import type { BatchItem } from 'drizzle-orm/batch';
import type { StripeEventOutcome } from '../../../schema/contracts/payments';

/** What one webhook event does: its outcome, the session it is about, and the statements of its one batch. */
export interface Effects {
  outcome: StripeEventOutcome;
  sessionId: string | null;
  statements: BatchItem<'sqlite'>[];
  /** The student whose balance the statements may change, so their family's tabs can be told. */
  balanceOf?: string;
}
