import { CalendarX2, FileText } from 'lucide-react';
import { Link } from 'react-router-dom';
import { formatDuration } from '../../../schema/contracts/durations';
import type { LessonHistoryLearnerRecord, LessonHistoryList } from '../../../schema/contracts/lesson-history';
import type { LessonReportView } from '../../../schema/contracts/lesson-reports';
import type { MeetingData } from '../../../schema/contracts/waiting-room';
import { lessonTime } from '../../entities/lessons/lesson-time';
import { useResource } from '../../lib/use-resource';
import { cardClass, primaryButton, secondaryButton } from '../../ui/classes';
import { EmptyState } from '../../ui/EmptyState';

interface Presence {
  who: string;
  joined: string | null;
  left: string | null;
  seconds: number;
  timing: string;
}

function presenceOf(rows: LessonHistoryLearnerRecord[], tutorName: string): Presence[] {
  const first = rows[0];
  if (!first) return [];
  const tutor: Presence = {
    who: `${tutorName} (tutor)`,
    joined: first.tutorJoinTime,
    left: first.tutorLeaveTime,
    seconds: first.tutorSecondsInRoom,
    timing: first.classTimingStatus,
  };
  const students = rows.flatMap((row) =>
    row.students.map((s) => ({
      who: `${s.firstname} ${s.lastname}`.trim(),
      joined: row.studentJoinTime,
      left: row.studentLeaveTime,
      seconds: row.studentSecondsInRoom,
      timing: row.studentTimingStatus,
    })),
  );
  return [tutor, ...students];
}

/** Who came and when, as the lesson's history rows hold it (the rooms reported it; nobody typed it). */
function Attendance({ people, zone }: { people: Presence[]; zone: string }) {
  const time = (iso: string) => new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', timeZone: zone }).format(new Date(iso));
  return (
    <ul className="space-y-2 text-left text-sm" data-testid="attendance">
      {people.map((p) => (
        <li key={p.who} className="rounded-xl bg-slate-50 px-3 py-2 dark:bg-slate-800">
          <span className="font-medium text-slate-900 dark:text-white">{p.who}</span>
          <span className="block text-slate-600 dark:text-slate-300">
            {p.joined
              ? `Joined ${time(p.joined)}${p.left ? `, left ${time(p.left)}` : ''} · ${formatDuration(Math.round(p.seconds / 60))} in the room · ${p.timing}`
              : 'Did not join.'}
          </span>
        </li>
      ))}
    </ul>
  );
}

/**
 * A lesson's page once it is over: "Ended" or "Missed" (never Live, never Join), who came and when, and its report.
 * The attendance and report calls answer only the lesson's own people; anyone else sees the state alone.
 */
export default function EndedLesson({ data, zone, role }: { data: MeetingData; zone: string; role: string | undefined }) {
  const cancelled = data.status === 'CANCELLED';
  const member = !cancelled && (role === 'TUTOR' || role === 'STUDENT' || role === 'PARENT');
  const history = useResource<LessonHistoryList<LessonHistoryLearnerRecord>>(member ? '/lesson-history' : null, { sectionId: data._id, limit: 50 });
  const reports = useResource<LessonReportView[]>(member ? `/lesson-reports/${data._id}` : null);
  const missed = data.lessonStatus === 'missed';
  const people = history.status === 'ready' ? presenceOf(history.data.docs, data.tutors.map((t) => t.firstname).join(', ') || 'The tutor') : [];
  const hasReport = reports.status === 'ready' && reports.data.length > 0;
  const writes = role === 'TUTOR';
  return (
    <div className={`${cardClass} mx-auto max-w-lg p-2`}>
      <EmptyState
        icon={<CalendarX2 className="size-6" aria-hidden="true" />}
        title={cancelled ? 'This lesson was cancelled' : missed ? 'This lesson was missed' : 'This lesson has ended'}
        text={`${data.title} · ${lessonTime(data.start, zone)}`}
      >
        <div className="w-full space-y-4">
          {people.length > 0 && <Attendance people={people} zone={zone} />}
          <div className="flex flex-wrap justify-center gap-2">
            {hasReport && (
              <Link to={`/portal/lesson-reports/${data._id}`} className={primaryButton}>
                <FileText className="size-4" aria-hidden="true" />
                {writes && reports.data.some((r) => r.status === 'DRAFT') ? 'Write the lesson report' : 'Read the lesson report'}
              </Link>
            )}
            <Link to={`/portal/courses/${data.course._id}`} className={secondaryButton}>
              Back to the course
            </Link>
          </div>
        </div>
      </EmptyState>
    </div>
  );
}
