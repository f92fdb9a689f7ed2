import { useAtomValue } from 'jotai';
import { FileText } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { LessonReportView } from '../../../schema/contracts/lesson-reports';
import { lessonTime } from '../../entities/lessons/lesson-time';
import { signedInUserAtom } from '../../lib/session';
import { useResource } from '../../lib/use-resource';
import { cardClass, secondaryButton } from '../../ui/classes';
import { EmptyState } from '../../ui/EmptyState';
import LoadFailure from '../../ui/LoadFailure';
import NotFoundPage from '../../ui/NotFoundPage';
import PageLoading from '../../ui/PageLoading';
import ReportEditor from './ReportEditor';
import ReportFacts from './ReportFacts';

const FALLBACK_ZONE = 'Asia/Singapore';

function ReportCard({ report, writes, zone, onSaved }: { report: LessonReportView; writes: boolean; zone: string; onSaved: (r: LessonReportView) => void }) {
  const editable = writes && report.status === 'DRAFT';
  return (
    <article className={`${cardClass} space-y-4 p-5`} data-testid="lesson-report" aria-labelledby={`report-${report.student._id}`}>
      <header className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={`report-${report.student._id}`} className="text-lg font-semibold text-slate-900 dark:text-white">
          {report.student.firstname} {report.student.lastname}
        </h2>
        <span
          className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-medium text-slate-700 dark:bg-slate-800 dark:text-slate-300"
          data-testid="report-status"
        >
          {report.status === 'SENT' ? 'Sent' : report._id ? 'Draft saved' : 'Draft'}
        </span>
      </header>
      <ReportFacts report={report} zone={zone} />
      {editable ? (
        <ReportEditor report={report} onSaved={onSaved} />
      ) : (
        <div className="space-y-3">
          {report.covered.length > 0 && (
            <div>
              <h3 className="text-sm font-semibold text-slate-900 dark:text-white">What we covered</h3>
              <ul className="mt-1 list-disc pl-5 text-sm text-slate-700 dark:text-slate-300">
                {report.covered.map((topic) => (
                  <li key={topic}>{topic}</li>
                ))}
              </ul>
            </div>
          )}
          <div>
            <h3 className="text-sm font-semibold text-slate-900 dark:text-white">{report.tutor ? `From ${report.tutor.firstname}` : 'From the tutor'}</h3>
            <p className="mt-1 text-sm whitespace-pre-line text-slate-700 dark:text-slate-300" data-testid="report-summary">
              {report.summary || 'The tutor has not written the report yet.'}
            </p>
          </div>
        </div>
      )}
    </article>
  );
}

/**
 * A closed lesson's reports, one per student: its tutor edits and sends the drafts; a student or parent reads the ones
 * sent to them; an admin reads them all.
 */
export default function LessonReportPage() {
  const { sectionId = '' } = useParams();
  const user = useAtomValue(signedInUserAtom);
  const zone = user?.timezone || FALLBACK_ZONE;
  const resource = useResource<LessonReportView[]>(`/lesson-reports/${sectionId}`);
  const [reports, setReports] = useState<LessonReportView[] | null>(null);
  const loaded = resource.status === 'ready' ? resource.data : null;
  // Saved and sent reports replace their card here; a new answer from the server replaces them all.
  useEffect(() => setReports(loaded), [loaded]);

  if (resource.status === 'missing') return <NotFoundPage />;
  if (resource.status === 'error') return <LoadFailure onRetry={resource.retry} />;
  if (!reports) return <PageLoading />;
  const first = reports[0];
  const writes = user?.role.name === 'TUTOR';
  const replace = (saved: LessonReportView) => setReports((all) => all?.map((r) => (r.student._id === saved.student._id ? saved : r)) ?? null);
  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-8">
      <header>
        <p className="text-sm font-medium text-brand-deep">Lesson report</p>
        <h1 className="text-2xl font-bold text-slate-900 dark:text-white">{first?.lesson.title ?? 'Lesson'}</h1>
        {first && (
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            <Link to={`/portal/courses/${first.lesson.course._id}`} className="font-medium hover:underline">
              {first.lesson.course.title}
            </Link>{' '}
            · {lessonTime(first.lesson.start, zone)}
            {first.tutor && ` · with ${first.tutor.firstname} ${first.tutor.lastname}`}
          </p>
        )}
        {writes && reports.some((r) => r.status === 'DRAFT') && (
          <p className="mt-3 text-sm text-slate-600 dark:text-slate-300">
            The facts below come from the lesson room. Edit what was covered, write a few sentences for the family, then send it: they read it here and by
            e-mail.
          </p>
        )}
      </header>
      {reports.length === 0 ? (
        <EmptyState
          icon={<FileText className="size-6" aria-hidden="true" />}
          title="No report for this lesson"
          text="A report is written for each student once the lesson has ended."
        >
          <Link to="/portal" className={secondaryButton}>
            Back to my home
          </Link>
        </EmptyState>
      ) : (
        reports.map((report) => <ReportCard key={report.student._id} report={report} writes={writes} zone={zone} onSaved={replace} />)
      )}
    </div>
  );
}
