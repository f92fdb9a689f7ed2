import { html } from '../../../platform/email/html';
import type { OutgoingMail } from '../../../platform/email/provider';
import { formatDuration } from '../../../schema/contracts/durations';

interface ExpiryMail {
  to: string;
  firstname: string;
  studentName: string;
  /** True when the reader is the student whose minutes they are. */
  own: boolean;
  minutes: number;
  expiresAt: Date;
  timezone: string;
  productName: string;
  link: string;
}

/** A week's notice that bought lesson time is about to lapse, with when and how much, and where to use it. */
export function expiryWarningMail(m: ExpiryMail): OutgoingMail {
  const when = new Intl.DateTimeFormat('en-GB', { dateStyle: 'full', timeStyle: 'short', timeZone: m.timezone }).format(m.expiresAt);
  const greeting = m.firstname ? `Hi ${m.firstname},` : 'Hi,';
  const whose = m.own ? 'your' : `${m.studentName}'s`;
  const line = `${formatDuration(m.minutes)} of ${whose} lesson time will expire on ${when}. Book lessons before then to use it.`;
  const text = [greeting, '', line, '', `See the balance in ${m.productName}: ${m.link}`].join('\n');
  const body = html`<p>${greeting}</p>
    <p>${line}</p>
    <p><a href="${m.link}">See the balance in ${m.productName}</a></p>`;
  return { to: m.to, subject: `${formatDuration(m.minutes)} of lesson time will expire soon`, text, html: body };
}
