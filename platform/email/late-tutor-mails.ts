import { html } from './html';
import type { OutgoingMail } from './provider';

interface LateMail {
  to: string;
  firstname: string;
  lessonTitle: string;
  tutorName: string;
  waitingCount: number;
  link: string;
}

const waitingLine = (count: number) =>
  count === 0 ? 'Nobody is in the waiting room yet.' : count === 1 ? '1 person is in the waiting room.' : `${count} people are in the waiting room.`;

/** To the tutor: the lesson has started without them. */
export function lateTutorMail({ to, firstname, lessonTitle, waitingCount, link }: LateMail): OutgoingMail {
  const greeting = firstname ? `Hi ${firstname},` : 'Hi,';
  const text = [greeting, '', `Your lesson "${lessonTitle}" started more than a minute ago. ${waitingLine(waitingCount)}`, '', `Join now: ${link}`].join('\n');
  const body = html`<p>${greeting}</p>
    <p>Your lesson "${lessonTitle}" started more than a minute ago. ${waitingLine(waitingCount)}</p>
    <p><a href="${link}">Join the lesson now</a></p>`;
  return { to, subject: `Your lesson has started: ${lessonTitle}`, text, html: body };
}

/** To the admins who read call logs: a tutor is late, so someone can step in. */
export function lateTutorAdminMail({ to, firstname, lessonTitle, tutorName, waitingCount, link }: LateMail): OutgoingMail {
  const greeting = firstname ? `Hi ${firstname},` : 'Hi,';
  const text = [
    greeting,
    '',
    `${tutorName} has not joined "${lessonTitle}" a minute after its start. ${waitingLine(waitingCount)}`,
    '',
    `Waiting room: ${link}`,
  ].join('\n');
  const body = html`<p>${greeting}</p>
    <p>${tutorName} has not joined "${lessonTitle}" a minute after its start. ${waitingLine(waitingCount)}</p>
    <p><a href="${link}">Open the waiting room</a></p>`;
  return { to, subject: `Tutor late: ${lessonTitle}`, text, html: body };
}

/** To the lesson's tutors: a student is waiting for them. */
export function userWaitingMail({
  to,
  firstname,
  lessonTitle,
  waiterName,
  link,
}: Omit<LateMail, 'waitingCount' | 'tutorName'> & { waiterName: string }): OutgoingMail {
  const greeting = firstname ? `Hi ${firstname},` : 'Hi,';
  const text = [greeting, '', `${waiterName} is waiting for you in the waiting room of "${lessonTitle}".`, '', `Join: ${link}`].join('\n');
  const body = html`<p>${greeting}</p>
    <p>${waiterName} is waiting for you in the waiting room of "${lessonTitle}".</p>
    <p><a href="${link}">Open the waiting room</a></p>`;
  return { to, subject: `${waiterName} is waiting: ${lessonTitle}`, text, html: body };
}
