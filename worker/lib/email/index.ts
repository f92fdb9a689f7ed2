import { emailOutbox } from '../../../schema/tables';
import type { Db, Env } from '../../env';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface MailContext {
  db: Db;
  env: Env;
  tenantId: string;
}

/** Writes the mail to the outbox; with no provider configured it stays there as LOCAL, for the dev mailbox. */
export async function sendEmail(ctx: MailContext, mail: OutgoingMail) {
  const row = await ctx.db
    .insert(emailOutbox)
    .values({ tenantId: ctx.tenantId, ...mail, status: 'LOCAL', provider: 'dev-mailbox' })
    .returning({ _id: emailOutbox._id, status: emailOutbox.status })
    .get();
  return row;
}
