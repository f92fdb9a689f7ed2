import { sendEmail } from '../../platform/email/outbox';
import type { Tenant } from '../../schema/tables';
import type { Db, Env } from '../env';

// No 0/O, 1/l/I: the person types this from an e-mail.
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
const LENGTH = 14;

/** A random password from an unambiguous alphabet, with no modulo bias. */
export function temporaryPassword() {
  const out: string[] = [];
  const limit = 256 - (256 % ALPHABET.length);
  while (out.length < LENGTH) {
    for (const byte of crypto.getRandomValues(new Uint8Array(LENGTH * 2))) {
      if (byte < limit && out.length < LENGTH) out.push(ALPHABET[byte % ALPHABET.length]!);
    }
  }
  return out.join('');
}

interface Recipient {
  email: string;
  firstname: string;
}

/** E-mails the temporary password with a link to the login page of the tenant the request came to. */
export async function mailTemporaryPassword(ctx: { db: Db; env: Env; tenant: Tenant; origin: string }, to: Recipient, password: string) {
  const loginUrl = `${ctx.origin}/learning-portal/login`;
  const greeting = `Hello ${to.firstname || 'there'},`;
  const lines = [
    greeting,
    `An administrator at ${ctx.tenant.name} has set a temporary password for your account.`,
    `Temporary password: ${password}`,
    `Sign in at ${loginUrl} and choose a new password when asked.`,
    'If you did not expect this e-mail, contact your administrator.',
  ];
  const escape = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
  return sendEmail(
    { db: ctx.db, env: ctx.env, tenantId: ctx.tenant._id },
    {
      to: to.email,
      subject: `Your temporary ${ctx.tenant.name} password`,
      text: lines.join('\n\n'),
      html: [
        `<p>${escape(greeting)}</p>`,
        `<p>An administrator at ${escape(ctx.tenant.name)} has set a temporary password for your account.</p>`,
        `<p>Temporary password: <strong><code>${escape(password)}</code></strong></p>`,
        `<p><a href="${escape(loginUrl)}">Sign in</a> and choose a new password when asked.</p>`,
        '<p>If you did not expect this e-mail, contact your administrator.</p>',
      ].join('\n'),
    },
  );
}
