import type { BatchItem } from 'drizzle-orm/batch';
import type { PaymentType } from '../../../schema/contracts/payments';
import type { paymentSessions } from '../../../schema/tables';
import { invoicePaid } from '../invoices/paid';
import type { TenantDb } from '../tenant-db';
import { enrolOnPayment } from './course-checkout';

export type PaidSession = typeof paymentSessions.$inferSelect;

/**
 * What a paid session does beyond its history row and credit entry, by what was bought (an invoice marked PAID, a
 * course enrolment, a premium upgrade). Each statement joins the webhook's one batch, so it must be idempotent by its
 * own guard or unique key: a duplicate or racing delivery runs it again.
 */
export type Fulfilment = (tdb: TenantDb, session: PaidSession, paidAt: Date) => BatchItem<'sqlite'>[];

const nothingMore: Fulfilment = () => [];

const fulfilments: Partial<Record<PaymentType, Fulfilment>> = { COURSE: enrolOnPayment, INVOICE: invoicePaid };

export const fulfilmentOf = (type: PaymentType): Fulfilment => fulfilments[type] ?? nothingMore;
