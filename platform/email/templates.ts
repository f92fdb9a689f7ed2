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

interface SignInWarningMail {
  to: string;
  firstname: string;
  productName: string;
  /** When the attempts happened, already written out in the person's time zone. */
  time: string;
  /** "Singapore, SG", or null when the address could not be placed. */
  place: string | null;
  /** The forgot-password page for this account. */
  link: string;
}

/** The warning to an account's owner after a burst of wrong passwords; sent once per burst. */
export function signInWarningMail({ to, firstname, productName, time, place, link }: SignInWarningMail): OutgoingMail {
  const greeting = firstname ? `Hi ${firstname},` : 'Hi,';
  const where = place ? ` from near ${place}` : '';
  const happened = `Someone tried to sign in to your ${productName} account with wrong passwords several times, last at ${time}${where}.`;
  const stillYours = 'Your account is still yours: nobody got in, and you can keep signing in as usual.';
  const advice = 'If this was not you, choose a new password:';
  const text = [greeting, '', happened, stillYours, '', advice, link].join('\n');
  const body = html`<p>${greeting}</p>
    <p>${happened}</p>
    <p>${stillYours}</p>
    <p>${advice} <a href="${link}">reset your password</a></p>`;
  return { to, subject: 'Someone tried to sign in to your account', text, html: body };
}
