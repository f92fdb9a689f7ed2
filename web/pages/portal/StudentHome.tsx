import { useAtomValue } from 'jotai';
import { MessagesSquare } from 'lucide-react';
import { Link } from 'react-router-dom';
import { unseenTotalAtom } from '../../features/chat/chat-atoms';
import DashboardQuizzes from '../../features/quiz/DashboardQuizzes';
import { secondaryButton } from '../../ui/classes';
import { homeCalls } from './api';
import HomeSection, { HomeLoading } from './HomeSection';
import { aheadRange, comingLessons } from './home-time';
import LessonReportList from './LessonReportList';
import LessonRow from './LessonRow';
import StudentWork from './StudentWork';
import { useDeviceBacked } from './use-device-backed';

/** How far ahead a student's home looks for lessons. */
const AHEAD_DAYS = 60;

/** A student's home (or a parent acting for one): the next lesson first, then what else is coming, messages, homework due and quizzes. */
export default function StudentHome({ userId, zone, now }: { userId: string; zone: string; now: number }) {
  const lessons = useDeviceBacked(`home.lessons.${userId}`, () => homeCalls.lessons(userId, aheadRange(Date.now(), AHEAD_DAYS)));
  const work = useDeviceBacked(`home.work.${userId}`, () => homeCalls.home());
  const reports = useDeviceBacked(`home.reports.${userId}`, () => homeCalls.lessonReports());
  const unseen = useAtomValue(unseenTotalAtom);
  // The panels appear together: one by one, each arriving pushed the ones under it down the screen (layout shift).
  if ([lessons, work, reports].some((part) => part.status === 'loading')) return <HomeLoading />;
  return (
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-3">
      <div className="lg:col-span-2">
        <HomeSection title="Your next lesson" testId="next-lesson" data={lessons} failure="Your lessons could not be loaded.">
          {(list) => {
            const [next, ...later] = comingLessons(list.docs, now);
            if (!next) {
              return (
                <p className="text-sm text-slate-600 dark:text-slate-400">
                  No lessons booked yet. Open a course to book one, or{' '}
                  <Link to="/portal/trials" className="font-semibold text-brand-deep hover:underline">
                    see your free trials
                  </Link>
                  .
                </p>
              );
            }
            return (
              <>
                <ul>
                  <LessonRow lesson={next} zone={zone} now={now} />
                </ul>
                {later.length > 0 && (
                  <>
                    <h3 className="mt-4 text-sm font-semibold text-slate-500 dark:text-slate-400">Coming up</h3>
                    <ul className="divide-y divide-slate-100 dark:divide-slate-800">
                      {later.slice(0, 4).map((lesson) => (
                        <LessonRow key={lesson._id} lesson={lesson} zone={zone} now={now} />
                      ))}
                    </ul>
                  </>
                )}
              </>
            );
          }}
        </HomeSection>
      </div>
      <section
        aria-label="Messages"
        data-testid="home-messages"
        className="rounded-2xl bg-white p-5 ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800"
      >
        <h2 className="text-lg font-semibold text-slate-900 dark:text-white">Messages</h2>
        <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">
          {unseen > 0 ? `${unseen} unread ${unseen === 1 ? 'message' : 'messages'} in your courses and from the team.` : 'No unread messages.'}
        </p>
        <Link to="/portal/messages" className={`${secondaryButton} mt-4`}>
          <MessagesSquare className="size-4" aria-hidden="true" />
          Messages from the team
        </Link>
      </section>
      <div className="grid grid-cols-1 gap-4 lg:col-span-3 lg:grid-cols-2">
        <StudentWork data={work} zone={zone} now={now} />
      </div>
      <div className="lg:col-span-3">
        <LessonReportList data={reports} zone={zone} now={now} />
      </div>
      <div className="lg:col-span-3">
        <DashboardQuizzes />
      </div>
    </div>
  );
}
