import { useSetAtom } from 'jotai';
import { Link } from 'react-router-dom';
import type { UserSummary } from '../../../schema/contracts/auth';
import type { HomeData } from '../../../schema/contracts/home';
import type { ScheduleList } from '../../../schema/contracts/schedule';
import { actAsAtom } from '../../entities/accounts/acting';
import { homeCalls } from './api';
import { ChildResultList, FamilySchedule } from './FamilyParts';
import HomeSection, { HomeLoading } from './HomeSection';
import { aheadRange, comingLessons } from './home-time';
import LessonReportList from './LessonReportList';
import LessonRow from './LessonRow';
import { type DeviceBacked, useDeviceBacked } from './use-device-backed';

const AHEAD_DAYS = 60;
const linkButton = 'text-sm font-semibold text-brand-deep hover:underline';
const subheading = 'mt-4 text-sm font-semibold text-slate-500 dark:text-slate-400';

function ChildCard({
  child,
  lessons,
  family,
  zone,
  now,
}: {
  child: UserSummary;
  lessons: DeviceBacked<ScheduleList>;
  family: DeviceBacked<HomeData>;
  zone: string;
  now: number;
}) {
  const actAs = useSetAtom(actAsAtom);
  const results = family.status === 'ready' ? family.value.children.find((c) => c.child._id === child._id)?.quizResults : undefined;
  return (
    <HomeSection
      title={`${child.firstname}'s next lesson`}
      testId="child-next-lesson"
      data={lessons}
      failure={`${child.firstname}'s lessons could not be loaded.`}
      action={
        <button type="button" className={linkButton} onClick={() => actAs(child._id)}>
          Act for {child.firstname}
        </button>
      }
    >
      {(list) => {
        const next = comingLessons(list.docs, now)[0];
        return (
          <>
            {next ? (
              <ul>
                <LessonRow lesson={next} zone={zone} now={now} />
              </ul>
            ) : (
              <p className="text-sm text-slate-600 dark:text-slate-400">No lessons booked for {child.firstname} yet.</p>
            )}
            <h3 className={subheading}>Recent results</h3>
            <div data-testid="child-results">
              {results ? (
                <>
                  <ChildResultList child={child} results={results} zone={zone} now={now} />
                  <Link
                    to={`/portal/students/${child._id}/quizzes`}
                    state={{ back: { to: '/portal', label: 'Home' } }}
                    className={`mt-2 inline-block ${linkButton}`}
                  >
                    All of {child.firstname}'s quizzes
                  </Link>
                </>
              ) : (
                <p className="text-sm text-slate-500 dark:text-slate-400">{family.status === 'failed' ? 'Results could not be loaded.' : 'Loading…'}</p>
              )}
            </div>
          </>
        );
      }}
    </HomeSection>
  );
}

/** A parent's home: each linked student's next lesson and latest results, a way to act for them, and one family schedule. */
export default function ParentHome({ students, zone, now }: { students: UserSummary[]; zone: string; now: number }) {
  const family = useDeviceBacked(students.length ? 'home.family' : null, () => homeCalls.home());
  const reports = useDeviceBacked(students.length ? 'home.family.reports' : null, () => homeCalls.lessonReports());
  const childIds = students.map((child) => child._id).join(',');
  const lessons = useDeviceBacked(students.length ? `home.children-lessons.${childIds}` : null, () =>
    Promise.all(students.map((child) => homeCalls.lessons(child._id, aheadRange(Date.now(), AHEAD_DAYS)))),
  );
  if (students.length === 0) return <p className="text-slate-600 dark:text-slate-400">No students are linked to your account yet.</p>;
  // The panels appear together: one by one, each arriving pushed the ones under it down the screen (layout shift).
  if ([family, reports, lessons].some((part) => part.status === 'loading')) return <HomeLoading />;
  return (
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
      {students.map((child, i) => (
        <ChildCard
          key={child._id}
          child={child}
          lessons={lessons.status === 'ready' ? { ...lessons, value: lessons.value[i]! } : lessons}
          family={family}
          zone={zone}
          now={now}
        />
      ))}
      <div className="lg:col-span-2">
        <HomeSection title="Family schedule" testId="family-schedule" data={family} failure="The family schedule could not be loaded.">
          {({ familySchedule }) => <FamilySchedule lessons={familySchedule} zone={zone} now={now} />}
        </HomeSection>
      </div>
      <div className="lg:col-span-2">
        <LessonReportList data={reports} zone={zone} now={now} />
      </div>
    </div>
  );
}
