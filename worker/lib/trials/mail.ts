import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { html } from 'hono/html';
import type { OutgoingMail } from '../../../platform/email/outbox';

interface TrialMail {
  to: string;
  firstname: string;
  productName: string;
  subject: string;
  grade: string;
  start: Date;
  timezone: string;
  tutorName: string;
  link: string;
}

/** The booking confirmation, with the time in the student's own zone; names are HTML-escaped by hono's html tag. */
export async function trialBookedMail(m: TrialMail): Promise<OutgoingMail> {
  const when = `${format(new TZDate(m.start.getTime(), m.timezone), "EEEE d MMMM yyyy 'at' hh:mm a")} (${m.timezone})`;
  const greeting = m.firstname ? `Hi ${m.firstname},` : 'Hi,';
  const text = [
    greeting,
    '',
    `Your free ${m.subject} (${m.grade}) trial class with ${m.tutorName} is booked for ${when}.`,
    '',
    `See it and join from your portal: ${m.link}`,
  ].join('\n');
  const body = await html`<p>${greeting}</p>
    <p>Your free ${m.subject} (${m.grade}) trial class with ${m.tutorName} is booked for ${when}.</p>
    <p><a href="${m.link}">Open it in your portal</a></p>`;
  return { to: m.to, subject: `Your free ${m.productName} trial class is booked`, text, html: body.toString() };
}
