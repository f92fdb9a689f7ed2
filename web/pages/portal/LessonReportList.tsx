import { FileText } from 'lucide-react';
import { Link } from 'react-router-dom';
import type { LessonReportList as ReportList } from '../../../schema/contracts/lesson-reports';
import { lessonTime } from '../../entities/lessons/lesson-time';
import HomeSection from './HomeSection';
import type { DeviceBacked } from './use-device-backed';

/** The latest lesson reports tutors sent about this student (or a parent's children), newest first. */
export default function LessonReportList({ data, zone, now }: { data: DeviceBacked<ReportList>; zone: string; now: number }) {
  return (
    <HomeSection title="Lesson reports" testId="lesson-reports" data={data} failure="Lesson reports could not be loaded.">
      {({ docs }) =>
        docs.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">
            No lesson reports yet. After a lesson, the tutor's report appears here and in your e-mail.
          </p>
        ) : (
          <ul className="divide-y divide-slate-100 dark:divide-slate-800">
            {docs.map((report) => (
              <li key={`${report.sectionId}-${report.student._id}`} className="flex items-start gap-3 py-2">
                <FileText className="mt-0.5 size-4 shrink-0 text-slate-400" aria-hidden="true" />
                <div className="min-w-0">
                  <Link
                    to={`/portal/lesson-reports/${report.sectionId}`}
                    className="font-medium text-slate-900 hover:text-brand-deep hover:underline dark:text-white"
                  >
                    {report.lesson.title}: {report.student.firstname}
                  </Link>
                  <p className="text-sm text-slate-600 dark:text-slate-400">
                    {report.lesson.course.title} · {lessonTime(report.lesson.start, zone, new Date(now))}
                  </p>
                </div>
              </li>
            ))}
          </ul>
        )
      }
    </HomeSection>
  );
}
