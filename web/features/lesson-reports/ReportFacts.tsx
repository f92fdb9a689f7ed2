import { BookMarked, Clock, Layers, NotebookPen } from 'lucide-react';
import { formatDuration } from '../../../schema/contracts/durations';
import type { LessonReportView } from '../../../schema/contracts/lesson-reports';

const pagesWords = (pages: number[]) => (pages.length === 1 ? `page ${pages[0]}` : `pages ${pages.join(', ')}`);

/** What the rooms recorded about the lesson, in sentences: nobody typed these. */
export default function ReportFacts({ report, zone }: { report: LessonReportView; zone: string }) {
  const due = (iso: string) => new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: zone }).format(new Date(iso));
  return (
    <ul className="space-y-2 text-sm text-slate-700 dark:text-slate-300" data-testid="report-facts">
      <li className="flex gap-2">
        <Clock className="mt-0.5 size-4 shrink-0 text-slate-400" aria-hidden="true" />
        {report.student.firstname} was in the lesson for {formatDuration(report.minutesInRoom)} of {formatDuration(report.lesson.duration)}.
      </li>
      <li className="flex gap-2">
        <Layers className="mt-0.5 size-4 shrink-0 text-slate-400" aria-hidden="true" />
        {report.boardPages ? `The whiteboard has ${report.boardPages === 1 ? '1 page' : `${report.boardPages} pages`}.` : 'The whiteboard was not used.'}
        {report.bookmarkedPages.length > 0 && ` Bookmarked: ${pagesWords(report.bookmarkedPages)}.`}
      </li>
      <li className="flex gap-2">
        <NotebookPen className="mt-0.5 size-4 shrink-0 text-slate-400" aria-hidden="true" />
        {report.homework.length ? (
          <span>
            Homework set:{' '}
            {report.homework.map((h, i) => (
              <span key={`${h.title}-${i}`}>
                {i > 0 && '; '}
                {h.title}
                {h.dueAt && `, due ${due(h.dueAt)}`}
              </span>
            ))}
            .
          </span>
        ) : (
          'No homework was set in this lesson.'
        )}
      </li>
      {report.status === 'SENT' && report.sentAt && (
        <li className="flex gap-2">
          <BookMarked className="mt-0.5 size-4 shrink-0 text-slate-400" aria-hidden="true" />
          Sent {new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: zone }).format(new Date(report.sentAt))}.
        </li>
      )}
    </ul>
  );
}
