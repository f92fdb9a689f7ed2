import { html } from './html';
import type { OutgoingMail } from './provider';

interface ResetMail {
  to: string;
  /** The reset token itself, for people whose mail app will not open the link. */
  code: string;
  firstname: string;
  productName: string;
  link: string;
  minutes: number;
}

/** The reset-password mail; names and links are HTML-escaped by the html tag. */
export function resetPasswordMail({ to, code, firstname, productName, link, minutes }: ResetMail): OutgoingMail {
  const greeting = firstname ? `Hi ${firstname},` : 'Hi,';
  const text = [
    greeting,
    '',
    `Someone asked to reset the password of your ${productName} account. Open this link to choose a new one:`,
    link,
    '',
    `If the link does not open, paste this code on the reset page: ${code}`,
    '',
    `The link works once and expires in ${minutes} minutes. If you did not ask for this, ignore this e-mail; your password stays as it is.`,
  ].join('\n');
  const body = html`<p>${greeting}</p>
    <p>Someone asked to reset the password of your ${productName} account.</p>
    <p><a href="${link}">Choose a new password</a></p>
    <p>If the link does not open, paste this code on the reset page: <code>${code}</code></p>
    <p>The link works once and expires in ${minutes} minutes. If you did not ask for this, ignore this e-mail; your password stays as it is.</p>`;
  return { to, subject: `Reset your ${productName} password`, text, html: body };
}
