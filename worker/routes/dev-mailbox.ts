import { count, desc, eq, or } from 'drizzle-orm';
import { Hono } from 'hono';
import { ApiError } from '../../platform/errors';
import { mailboxQuery, type OutboxMail } from '../../schema/contracts/mail';
import { emailOutbox } from '../../schema/tables';
import type { AppBindings } from '../env';
import { paged, sortBy } from '../lib/pagination';
import { contains } from '../lib/search';
import { tenantDb } from '../lib/tenant-db';
import { validate } from '../middleware/validate';

/** Where e-mails can be read without a provider; a deployed Worker answers as if the route did not exist. */
const MAILBOX_ENVS = new Set(['local', 'test']);

export const devMailboxRoutes = new Hono<AppBindings>().get(
  '/dev/mailbox',
  async (c, next) => {
    if (!MAILBOX_ENVS.has(c.env.APP_ENV)) throw new ApiError(404, `No route for GET ${new URL(c.req.url).pathname}`);
    await next();
  },
  validate('query', mailboxQuery),
  async (c) => {
    const tdb = tenantDb(c);
    const query = c.req.valid('query');
    const where = tdb.where(
      emailOutbox,
      query.to ? eq(emailOutbox.to, query.to.toLowerCase()) : undefined,
      query.searchText ? or(contains(emailOutbox.to, query.searchText), contains(emailOutbox.subject, query.searchText)) : undefined,
    );
    const order = sortBy(query, { createdAt: emailOutbox.createdAt, to: emailOutbox.to }, desc(emailOutbox.createdAt));
    const [rows, total] = await Promise.all([
      tdb.db.select().from(emailOutbox).where(where).orderBy(order, desc(emailOutbox._id)).limit(query.limit).offset(query.offset).all(),
      tdb.db.select({ n: count() }).from(emailOutbox).where(where).get(),
    ]);
    const docs: OutboxMail[] = rows.map((row) => ({
      _id: row._id,
      to: row.to,
      subject: row.subject,
      text: row.text,
      html: row.html,
      status: row.status,
      provider: row.provider,
      error: row.error,
      createdAt: row.createdAt.toISOString(),
      sentAt: row.sentAt?.toISOString() ?? null,
      attachments: row.attachments,
    }));
    return c.json(paged(docs, total?.n ?? 0, query));
  },
);
