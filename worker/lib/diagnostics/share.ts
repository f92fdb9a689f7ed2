import { count, eq } from 'drizzle-orm';
import { html } from '../../../platform/email/html';
import { outboxRow } from '../../../platform/email/outbox';
import { ApiError } from '../../../platform/errors';
import { diagnosticToasts, MAX_SHARES_PER_DIAGNOSTIC, type ShareWithParentInput } from '../../../schema/contracts/diagnostics';
import { diagnosticShares } from '../../../schema/tables';
import { newId } from '../../../schema/tables/columns';
import type { Actor } from '../../env';
import type { MailFrom } from '../mail-from';
import type { TenantDb } from '../tenant-db';
import { familyDiagnostic, newShareToken, tokenHash } from './access';
import { diagnosticDoc } from './read';

/** The link a parent opens: the result page, with the token that lets them read it without an account. */
export const sharedResultUrl = (origin: string, diagnosticId: string, token: string) =>
  `${origin}/learning-portal/diagnostics/${encodeURIComponent(diagnosticId)}?share=${encodeURIComponent(token)}`;

/**
 * Sends the result to a parent's address. The share row and its mail go in one batch, so a mail is never sent for
 * a share that was not kept, nor the other way round. A result goes to a few addresses at most.
 */
export async function shareWithParent(tdb: TenantDb, actor: Actor, input: ShareWithParentInput, mail: MailFrom) {
  const { row, access } = await familyDiagnostic(tdb, actor, input.diagnosticId);
  const sent = await tdb.db
    .select({ n: count() })
    .from(diagnosticShares)
    .where(tdb.where(diagnosticShares, eq(diagnosticShares.diagnosticId, row._id)))
    .get();
  if ((sent?.n ?? 0) >= MAX_SHARES_PER_DIAGNOSTIC)
    throw new ApiError(409, `This result has already been sent to ${MAX_SHARES_PER_DIAGNOSTIC} addresses, which is as many as it can go to`);
  const doc = await diagnosticDoc(tdb, row, access);
  const token = newShareToken();
  const link = sharedResultUrl(mail.origin, row._id, token);
  const { recommendation: r } = doc;
  const greeting = input.name ? `Hi ${input.name},` : 'Hi,';
  const result = `${doc.learnerName} took the ${doc.title} on ${mail.productName} and scored ${doc.score} of ${doc.maxScore} (${doc.percent}%).`;
  const advice = `We recommend the ${r.level} level${r.plan ? ` with ${r.plan.name}` : ` and ${r.hours} hours of lessons`}${r.course ? ` on the course “${r.course.title}”` : ''}.`;
  const act = 'Open the result to see the marks by topic and why we recommend this. From there you can ask us to call you, or pay for the lessons.';
  const share = { _id: newId(), email: input.email };
  const outbox = outboxRow(
    { db: tdb.db, env: mail.env, tenantId: tdb.tenantId, waitUntil: mail.waitUntil },
    {
      to: input.email,
      subject: `${doc.learnerName}’s ${doc.subject} diagnostic result`,
      text: [greeting, '', result, advice, '', act, link].join('\n'),
      html: html`<p>${greeting}</p>
        <p>${result}</p>
        <p>${advice}</p>
        <p>${act}</p>
        <p><a href="${link}">Open the result</a></p>`,
    },
  );
  await tdb.db.batch([
    tdb.db.insert(diagnosticShares).values(
      tdb.values(diagnosticShares, {
        _id: share._id,
        diagnosticId: row._id,
        sharedBy: actor.userId,
        email: input.email,
        name: input.name ?? null,
        tokenHash: await tokenHash(token),
      }),
    ),
    outbox.insert,
  ]);
  await outbox.deliver();
  return { message: diagnosticToasts.shared, share };
}
