import { html } from '../../../platform/email/html';
import type { OutgoingMail } from '../../../platform/email/provider';
import { formatDuration } from '../../../schema/contracts/durations';
import type { LessonReportView } from '../../../schema/contracts/lesson-reports';

interface ReportMail {
  to: string;
  firstname: string;
  timezone: string;
  productName: string;
  link: string;
  report: LessonReportView;
}

/** The report as a mail to a parent or the student: the tutor's words first, then what the rooms recorded. */
export function lessonReportMail({ to, firstname, timezone, productName, link, report }: ReportMail): OutgoingMail {
  const when = new Intl.DateTimeFormat('en-GB', { dateStyle: 'full', timeStyle: 'short', timeZone: timezone }).format(new Date(report.lesson.start));
  const tutor = report.tutor ? `${report.tutor.firstname} ${report.tutor.lastname}`.trim() : 'The tutor';
  const greeting = firstname ? `Hi ${firstname},` : 'Hi,';
  const intro = `${tutor} wrote a report on ${report.student.firstname}'s lesson "${report.lesson.title}" on ${when}.`;
  const time = `${report.student.firstname} was in the lesson for ${formatDuration(report.minutesInRoom)} of ${formatDuration(report.lesson.duration)}.`;
  const covered = report.covered.length ? `Covered: ${report.covered.join('; ')}.` : '';
  const homework = report.homework.length ? `Homework: ${report.homework.map((h) => h.title).join('; ')}.` : '';
  const text = [greeting, '', intro, '', report.summary, '', time, covered, homework, '', `Read it in ${productName}: ${link}`]
    .filter((line, i, all) => line || all[i - 1])
    .join('\n');
  const body = html`<p>${greeting}</p>
    <p>${intro}</p>
    <blockquote style="white-space:pre-line">${report.summary}</blockquote>
    <p>${time}</p>
    <p>${covered}</p>
    <p>${homework}</p>
    <p><a href="${link}">Read the report in ${productName}</a></p>`;
  return { to, subject: `Lesson report: ${report.lesson.title}`, text, html: body };
}
