import { eq } from 'drizzle-orm';
import { emailOutbox } from '../../schema/tables';
import type { Db, Env } from '../env';
import { mailProvider, type OutgoingMail } from './provider';

export type { OutgoingMail } from './provider';

export interface MailContext {
  db: Db;
  env: Env;
  tenantId: string;
  /** Lets delivery finish after the response (ExecutionContext.waitUntil); without it sendEmail waits for it. */
  waitUntil?: (promise: Promise<unknown>) => void;
}

export const LOCAL_PROVIDER = 'dev-mailbox';

/**
 * Writes the mail to the outbox first, so nothing is lost, then hands it to the configured provider and records
 * SENT, or FAILED with the provider's reason. With no provider it stays LOCAL, for the dev mailbox.
 * Delivery failures never throw: the caller's answer must not depend on the mail provider.
 */
export async function sendEmail(ctx: MailContext, mail: OutgoingMail) {
  const provider = mailProvider(ctx.env);
  const row = await ctx.db
    .insert(emailOutbox)
    .values({ tenantId: ctx.tenantId, ...mail, status: provider ? 'QUEUED' : 'LOCAL', provider: provider?.name ?? LOCAL_PROVIDER })
    .returning({ _id: emailOutbox._id, status: emailOutbox.status })
    .get();
  if (!provider) return row;

  const delivery = provider.send(mail).then(
    () => ({ status: 'SENT' as const, sentAt: new Date(), error: null }),
    (error: unknown) => ({ status: 'FAILED' as const, sentAt: null, error: error instanceof Error ? error.message : String(error) }),
  );
  const record = delivery.then(async (outcome) => {
    if (outcome.status === 'FAILED') console.error(`[email ${row._id}] delivery failed: ${outcome.error}`);
    await ctx.db.update(emailOutbox).set(outcome).where(eq(emailOutbox._id, row._id));
    return { _id: row._id, status: outcome.status };
  });
  if (ctx.waitUntil) {
    ctx.waitUntil(record);
    return row;
  }
  return record;
}
