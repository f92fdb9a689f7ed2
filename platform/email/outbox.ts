import { and, eq, getTableColumns, type SQL, sql } from 'drizzle-orm';
import { emailOutbox, tenants } from '../../schema/tables';
import { newId } from '../../schema/tables/columns';
import type { Db, Env } from '../env';
import { type MailProvider, mailProvider, type OutgoingMail } from './provider';

export type { OutgoingMail } from './provider';

export interface MailContext {
  db: Db;
  env: Env;
  tenantId: string;
  /** Lets delivery finish after the response (ExecutionContext.waitUntil); without it sendEmail waits for it. */
  waitUntil?: (promise: Promise<unknown>) => void;
}

export const LOCAL_PROVIDER = 'dev-mailbox';

type OutboxRow = { _id: string; status: (typeof emailOutbox.$inferSelect)['status'] };

/** The tenant's sender name (its branding's, else its name): every mail leaves under the tenant's own name. */
async function senderName(ctx: MailContext) {
  const tenant = await ctx.db.select({ name: tenants.name, branding: tenants.branding }).from(tenants).where(eq(tenants._id, ctx.tenantId)).get();
  return tenant?.branding?.email.senderName ?? tenant?.name;
}

/** Hands a written outbox row to the provider and records SENT, or FAILED with the provider's reason; never throws. */
function deliver(ctx: MailContext, provider: MailProvider, row: OutboxRow, mail: OutgoingMail): Promise<OutboxRow> {
  const delivery = senderName(ctx)
    .then((fromName) => provider.send({ ...mail, fromName }))
    .then(
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
    return Promise.resolve(row);
  }
  return record;
}

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
  return deliver(ctx, provider, row, mail);
}

/**
 * `INSERT … SELECT` of one outbox row that is written only if `condition` holds when the statement runs. The select
 * reads the tenant's own row, so it yields one row or none; its fields follow the table's columns, unset ones null.
 */
function insertWhen(ctx: MailContext, row: Partial<typeof emailOutbox.$inferInsert>, condition: SQL) {
  const record = row as Record<string, unknown>;
  const fields = Object.fromEntries(
    Object.entries(getTableColumns(emailOutbox)).map(([key, column]) => {
      const raw = record[key];
      // A JSON column (the attachments) is bound as its text, as drizzle writes it.
      const value = raw instanceof Date ? raw.getTime() : raw !== null && typeof raw === 'object' ? JSON.stringify(raw) : (raw ?? null);
      return [key, sql`${value}`.as(column.name)];
    }),
  );
  // The fields are the table's own columns, in its order (drizzle checks that as it builds), which the types cannot follow.
  return ctx.db.insert(emailOutbox).select(
    (qb) =>
      qb
        .select(fields)
        .from(tenants)
        .where(and(eq(tenants._id, ctx.tenantId), condition)) as never,
  );
}

/**
 * A mail as an outbox row for the caller's own D1 batch, so the mail and what it records (an invoice sent, a
 * reminder given) are written together or not at all; `deliver` hands it to the provider once the batch is in.
 * With `onlyIf`, the row is written only when that condition holds as the batch runs (a reminder not yet given), so
 * two batches racing write one mail; `deliver` then sends only a row that was written.
 */
export function outboxRow(ctx: MailContext, mail: OutgoingMail, onlyIf?: SQL) {
  const provider = mailProvider(ctx.env);
  const row: OutboxRow = { _id: newId(), status: provider ? 'QUEUED' : 'LOCAL' };
  const now = new Date();
  const values = { ...row, tenantId: ctx.tenantId, ...mail, attachments: mail.attachments ?? [], provider: provider?.name ?? LOCAL_PROVIDER };
  const insert = onlyIf ? insertWhen(ctx, { ...values, createdAt: now, updatedAt: now }, onlyIf) : ctx.db.insert(emailOutbox).values(values);
  const written = async () => !onlyIf || Boolean(await ctx.db.select({ _id: emailOutbox._id }).from(emailOutbox).where(eq(emailOutbox._id, row._id)).get());
  return {
    _id: row._id,
    insert,
    /** The row as delivered, or null when `onlyIf` kept it from being written. */
    deliver: async (): Promise<OutboxRow | null> => {
      if (!(await written())) return null;
      return provider ? deliver(ctx, provider, row, mail) : row;
    },
  };
}
