import { engagementWords, type LessonHistoryRecord } from '../../../schema/contracts/lesson-history';
import { clockText } from '../../lib/local-days';
import { personName, roomTime, timingBadge } from './ledger-labels';

/** Who came to the lesson, when each first joined and last left, and how long each was in the room. */
export function AttendanceTable({ row, zone }: { row: LessonHistoryRecord; zone: string }) {
  const people = [
    {
      role: 'Tutor',
      name: personName(row.paymentTutor),
      join: row.tutorJoinTime,
      leave: row.tutorLeaveTime,
      seconds: row.tutorSecondsInRoom,
      timing: row.classTimingStatus,
      engagement: row.engagement.tutor,
    },
    ...row.students.map((student) => ({
      role: 'Student',
      name: personName(student),
      join: row.studentJoinTime,
      leave: row.studentLeaveTime,
      seconds: row.studentSecondsInRoom,
      timing: row.studentTimingStatus,
      engagement: row.engagement.student,
    })),
  ];
  const time = (iso: string | null) => (iso ? clockText(iso, zone) : 'Did not join');
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm" data-testid="attendance">
        <caption className="sr-only">Attendance</caption>
        <thead className="text-xs text-slate-500 dark:text-slate-400">
          <tr>
            <th scope="col" className="py-2 pr-3 font-semibold">
              Who
            </th>
            <th scope="col" className="px-3 py-2 font-semibold whitespace-nowrap">
              First joined
            </th>
            <th scope="col" className="px-3 py-2 font-semibold whitespace-nowrap">
              Last left
            </th>
            <th scope="col" className="px-3 py-2 font-semibold whitespace-nowrap">
              In the room
            </th>
            <th scope="col" className="px-3 py-2 font-semibold">
              Timing
            </th>
            <th scope="col" className="px-3 py-2 font-semibold">
              Camera and microphone
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 text-slate-700 dark:divide-slate-800 dark:text-slate-200">
          {people.map((person) => (
            <tr key={`${person.role}-${person.name}`}>
              <th scope="row" className="py-2 pr-3 text-left font-medium whitespace-nowrap">
                {person.name} <span className="text-xs font-normal text-slate-500 dark:text-slate-400">({person.role.toLowerCase()})</span>
              </th>
              <td className="px-3 py-2 whitespace-nowrap">{time(person.join)}</td>
              <td className="px-3 py-2 whitespace-nowrap">
                {person.leave ? clockText(person.leave, zone) : person.join ? 'In the room at the end' : 'Did not join'}
              </td>
              <td className="px-3 py-2 whitespace-nowrap">{roomTime(person.seconds)}</td>
              <td className="px-3 py-2">
                <span className={timingBadge(person.timing)}>{person.timing}</span>
              </td>
              <td className="min-w-56 px-3 py-2" data-testid="engagement">
                {engagementWords(person.engagement)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
