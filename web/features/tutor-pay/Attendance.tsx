import { engagementWords, type LessonHistoryTutorRecord } from '../../../schema/contracts/lesson-history';
import { minutesInRoom, studentNames } from './pay-words';

const clock = (iso: string, zone: string) => new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', minute: '2-digit' }).format(new Date(iso));

/** "09:04–09:58, 54 min in the room": when someone first came in and last left, and how long they were there. */
function presence(join: string | null, leave: string | null, seconds: number, zone: string) {
  if (!join) return 'Did not join';
  const span = leave ? `${clock(join, zone)}–${clock(leave, zone)}` : `From ${clock(join, zone)} to the end`;
  return `${span}, ${minutesInRoom(seconds)}`;
}

/** The tutor's and the student's time in the lesson room, which pay and the timing status were worked out from. */
export function Attendance({ row, zone }: { row: LessonHistoryTutorRecord; zone: string }) {
  return (
    <dl className="grid gap-1 text-sm sm:grid-cols-2" data-testid="attendance">
      <div className="flex flex-wrap gap-x-2">
        <dt className="text-slate-500 dark:text-slate-400">You</dt>
        <dd className="text-slate-800 dark:text-slate-100">{presence(row.tutorJoinTime, row.tutorLeaveTime, row.tutorSecondsInRoom, zone)}</dd>
      </div>
      <div className="flex flex-wrap gap-x-2">
        <dt className="text-slate-500 dark:text-slate-400">{studentNames(row.students)}</dt>
        <dd className="text-slate-800 dark:text-slate-100">
          {presence(row.studentJoinTime, row.studentLeaveTime, row.studentSecondsInRoom, zone)}
          {row.studentJoinTime && ` (${row.studentTimingStatus})`}
        </dd>
      </div>
      <div className="flex flex-wrap gap-x-2" data-testid="engagement">
        <dt className="text-slate-500 dark:text-slate-400">Your camera and microphone</dt>
        <dd className="text-slate-800 dark:text-slate-100">{engagementWords(row.engagement.tutor)}</dd>
      </div>
      {row.students.length > 0 && (
        <div className="flex flex-wrap gap-x-2">
          <dt className="text-slate-500 dark:text-slate-400">{studentNames(row.students)}: camera and microphone</dt>
          <dd className="text-slate-800 dark:text-slate-100">{engagementWords(row.engagement.student)}</dd>
        </div>
      )}
    </dl>
  );
}
