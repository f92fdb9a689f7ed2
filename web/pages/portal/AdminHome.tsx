import { Link } from 'react-router-dom';
import type { PublicUser } from '../../../schema/contracts/auth';
import { hasPermission } from '../../../schema/contracts/permissions';
import { useAdminPermissions } from '../../entities/roles/admin-permissions';
import { othersOf } from '../../features/schedule/lesson-style';
import { adminLinks } from '../../lib/nav-items';
import { focusRing } from '../../ui/classes';
import { homeCalls } from './api';
import DocList from './DocList';
import HomeSection, { HomeLoading } from './HomeSection';
import { lessonWhen, todayNote, todayRange } from './home-time';
import LateTutorList from './LateTutorList';
import LessonRow from './LessonRow';
import { useDeviceBacked } from './use-device-backed';
import { usePolled } from './use-polled';

/** Lateness grows by the minute; the admin's home asks again this often while it is on screen. */
const LATE_REFRESH_MS = 30_000;

const toolClass = `block rounded-xl px-4 py-3 text-sm font-semibold text-slate-800 ring-1 ring-slate-200 hover:bg-slate-50 hover:ring-brand/50 dark:text-slate-100 dark:ring-slate-800 dark:hover:bg-slate-800 ${focusRing}`;
const linkClass = 'text-sm font-semibold text-brand-deep hover:underline';

/**
 * An admin's home: tutors late for a lesson under way, the tenant's lessons today, the trials coming up, and every admin
 * tool their role opens, Meeting requests with how many wait for an answer.
 */
export default function AdminHome({ user, zone, now }: { user: PublicUser; zone: string; now: number }) {
  const permissions = useAdminPermissions();
  const range = todayRange(zone, now);
  const lessons = useDeviceBacked(`home.tenant-today.${range.startDate}`, () => homeCalls.tenantLessons(range));
  const home = usePolled(`home.admin.${user._id}`, () => homeCalls.home(), LATE_REFRESH_MS);
  const trials = useDeviceBacked(`home.trials.${range.startDate}`, () => homeCalls.trialsFrom(now));
  // Late tutors lead to Admin → Meetings, which only admins who may view courses open; the server answers the same.
  const seesMeetings = hasPermission(permissions, { adminCourse: ['view'] });
  const waiting = useDeviceBacked(hasPermission(permissions, { meetingRequests: ['view'] }) ? 'home.requests-waiting' : null, () =>
    homeCalls.waitingRequests(),
  );
  const waitingCount = waiting.status === 'ready' ? waiting.value.totalDocs : 0;
  const tools = adminLinks(user, permissions);
  // The panels appear together: one by one, each arriving pushed the ones under it down the screen (layout shift).
  if ([lessons, home, trials].some((part) => part.status === 'loading')) return <HomeLoading />;
  return (
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-3">
      <div className="flex flex-col gap-4 lg:col-span-2">
        {seesMeetings && (
          <HomeSection
            title="Late tutors"
            testId="late-tutors"
            data={home}
            failure="Late tutors could not be loaded."
            retried
            action={
              <Link to="/portal/admin/meetings" className={linkClass}>
                Meetings
              </Link>
            }
          >
            {({ lateTutors }) => <LateTutorList lessons={lateTutors} zone={zone} now={now} />}
          </HomeSection>
        )}
        <HomeSection
          title="Today's lessons"
          note={todayNote(zone, now)}
          testId="today-lessons"
          data={lessons}
          failure="Today's lessons could not be loaded."
          action={
            <Link to="/portal/admin/meetings" className={linkClass}>
              All meetings
            </Link>
          }
        >
          {(list) => (
            <DocList docs={list.docs} empty="No lessons today.">
              {(lesson) => <LessonRow key={lesson._id} lesson={lesson} zone={zone} now={now} who={othersOf(lesson, user._id) || undefined} join={false} />}
            </DocList>
          )}
        </HomeSection>
        <HomeSection
          title="Trials coming up"
          testId="home-trials"
          data={trials}
          failure="Trials could not be loaded."
          action={
            <Link to="/portal/admin/trials" className={linkClass}>
              All trials
            </Link>
          }
        >
          {(list) => (
            <DocList docs={list.docs} empty="No trials booked.">
              {(trial) => (
                <li key={trial._id} className="py-3 text-sm">
                  <p className="font-semibold text-slate-900 dark:text-white">
                    {trial.student ? `${trial.student.firstname} ${trial.student.lastname}` : 'A student'}: {trial.subject} ({trial.grade})
                  </p>
                  <p className="text-slate-600 dark:text-slate-400">
                    {lessonWhen(trial.start, zone, now)} · {trial.tutor ? `with ${trial.tutor.firstname} ${trial.tutor.lastname}` : 'no tutor yet'}
                  </p>
                </li>
              )}
            </DocList>
          )}
        </HomeSection>
      </div>
      <nav aria-label="Admin tools" className="rounded-2xl bg-white p-5 ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800">
        <h2 className="text-lg font-semibold text-slate-900 dark:text-white">Admin tools</h2>
        <ul className="mt-3 grid gap-2">
          {tools.map((tool) => (
            <li key={tool.key}>
              <Link to={tool.to} className={toolClass}>
                {tool.label}
                {tool.key === 'meetingRequests' && waitingCount > 0 && (
                  <span className="ml-2 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-800 dark:bg-amber-500/15 dark:text-amber-300">
                    {waitingCount} waiting
                  </span>
                )}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
