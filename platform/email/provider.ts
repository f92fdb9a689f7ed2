import type { MailAttachment } from '../../schema/contracts/mail-attachment';
import type { Env } from '../env';

export interface OutgoingMail {
  /** The name the mail is sent under, before the configured address: the tenant's own (worker/lib/branding). */
  fromName?: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: MailAttachment[];
}

const base64Of = (text: string) => btoa(String.fromCharCode(...new TextEncoder().encode(text)));

/** Something that delivers a mail or throws with the reason it could not. */
export interface MailProvider {
  name: string;
  send(mail: OutgoingMail): Promise<void>;
}

/** Resend's public API; any service that speaks the same `POST /emails` shape can be named by EMAIL_API_URL. */
export const DEFAULT_EMAIL_API_URL = 'https://api.resend.com';

/** Longest provider error kept on the outbox row: enough to diagnose, not a whole HTML error page. */
const MAX_ERROR_LENGTH = 500;

/**
 * The From header: the tenant's sender name with the configured address, so every tenant sends from the one verified
 * address but under its own name. A name of letters, digits and spaces goes as it is; any other is quoted, with the
 * characters that could end the quotes or start an address dropped.
 */
export function senderOf(configured: string, name?: string) {
  if (!name) return configured;
  const address = /<([^>]+)>/.exec(configured)?.[1] ?? configured.trim();
  const phrase = /^[\p{L}\p{N} ]+$/u.test(name) ? name : `"${name.replace(/["<>\\]/g, '')}"`;
  return `${phrase} <${address}>`;
}

export function httpProvider(apiKey: string, from: string, baseUrl = DEFAULT_EMAIL_API_URL): MailProvider {
  return {
    name: 'http',
    async send(mail) {
      const response = await fetch(`${baseUrl.replace(/\/+$/, '')}/emails`, {
        method: 'POST',
        headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          from: senderOf(from, mail.fromName),
          to: [mail.to],
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          ...(mail.attachments?.length
            ? { attachments: mail.attachments.map((file) => ({ filename: file.filename, content: base64Of(file.content), content_type: file.contentType })) }
            : {}),
        }),
      });
      if (!response.ok) {
        const detail = (await response.text()).slice(0, MAX_ERROR_LENGTH);
        throw new Error(`${response.status} ${response.statusText}${detail ? `: ${detail}` : ''}`);
      }
    },
  };
}

/** The configured provider, or null: then mails stay in the outbox for the dev mailbox. */
export function mailProvider(env: Env): MailProvider | null {
  if (!env.EMAIL_API_KEY || !env.EMAIL_FROM) return null;
  return httpProvider(env.EMAIL_API_KEY, env.EMAIL_FROM, env.EMAIL_API_URL);
}
