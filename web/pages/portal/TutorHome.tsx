import { CalendarDays, Clock, Wallet } from 'lucide-react';
import { Link } from 'react-router-dom';
import { othersOf } from '../../features/schedule/lesson-style';
import { secondaryButton } from '../../ui/classes';
import { homeCalls } from './api';
import HomeSection from './HomeSection';
import { comingLessons, todayNote, todayRange } from './home-time';
import LessonRow from './LessonRow';
import { useDeviceBacked } from './use-device-backed';
import { usePolled } from './use-polled';
import WaitingNowList from './WaitingNowList';

/** Students arrive by the minute; a tutor's home asks again this often while it is on screen. */
const WAITING_REFRESH_MS = 20_000;

/** A tutor's home: who is waiting now, today's lessons with their students, and the ways to the week, to working hours and to pay. */
export default function TutorHome({ userId, zone, now }: { userId: string; zone: string; now: number }) {
  const range = todayRange(zone, now);
  const lessons = useDeviceBacked(`home.today.${userId}.${range.startDate}`, () => homeCalls.lessons(userId, range));
  const home = usePolled(`home.tutor.${userId}`, () => homeCalls.home(), WAITING_REFRESH_MS);
  return (
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-3">
      <div className="flex flex-col gap-4 lg:col-span-2">
        <HomeSection title="Waiting now" testId="waiting-now-panel" data={home} failure="Who is waiting could not be loaded." retried>
          {({ waitingNow }) => <WaitingNowList waiting={waitingNow} />}
        </HomeSection>
        <HomeSection title="Today's lessons" note={todayNote(zone, now)} testId="today-lessons" data={lessons} failure="Today's lessons could not be loaded.">
          {(list) => {
            const today = comingLessons(list.docs, now);
            return today.length ? (
              <ul className="divide-y divide-slate-100 dark:divide-slate-800">
                {today.map((lesson) => (
                  <LessonRow key={lesson._id} lesson={lesson} zone={zone} now={now} who={othersOf(lesson, userId) || undefined} />
                ))}
              </ul>
            ) : (
              <p className="text-sm text-slate-600 dark:text-slate-400">No more lessons today.</p>
            );
          }}
        </HomeSection>
      </div>
      <section aria-label="Your week" className="flex flex-col gap-3 rounded-2xl bg-white p-5 ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800">
        <h2 className="text-lg font-semibold text-slate-900 dark:text-white">Your week</h2>
        <Link to="/portal/schedule" className={secondaryButton}>
          <CalendarDays className="size-4" aria-hidden="true" />
          Schedule
        </Link>
        <Link to="/portal/availability" className={secondaryButton}>
          <Clock className="size-4" aria-hidden="true" />
          Working hours and time off
        </Link>
        <Link to="/portal/my-pay" className={secondaryButton}>
          <Wallet className="size-4" aria-hidden="true" />
          My lessons and pay
        </Link>
      </section>
    </div>
  );
}
