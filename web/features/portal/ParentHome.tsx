import { useSetAtom } from 'jotai';
import type { UserSummary } from '../../../schema/contracts/auth';
import { actAsAtom } from '../manage-accounts/acting';
import { homeCalls } from './api';
import HomeSection from './HomeSection';
import { aheadRange, comingLessons } from './home-time';
import LessonRow from './LessonRow';
import { useDeviceBacked } from './use-device-backed';

const AHEAD_DAYS = 60;
const linkButton = 'text-sm font-semibold text-brand hover:underline';

function ChildNextLesson({ child, zone, now }: { child: UserSummary; zone: string; now: number }) {
  const actAs = useSetAtom(actAsAtom);
  const lessons = useDeviceBacked(`home.lessons.${child._id}`, () => homeCalls.lessons(child._id, aheadRange(Date.now(), AHEAD_DAYS)));
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
        return next ? (
          <ul>
            <LessonRow lesson={next} zone={zone} now={now} />
          </ul>
        ) : (
          <p className="text-sm text-slate-600 dark:text-slate-400">No lessons booked for {child.firstname} yet.</p>
        );
      }}
    </HomeSection>
  );
}

/** A parent's home: each linked student's next lesson, and a way to act for them. */
export default function ParentHome({ students, zone, now }: { students: UserSummary[]; zone: string; now: number }) {
  if (students.length === 0) return <p className="text-slate-600 dark:text-slate-400">No students are linked to your account yet.</p>;
  return (
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
      {students.map((child) => (
        <ChildNextLesson key={child._id} child={child} zone={zone} now={now} />
      ))}
    </div>
  );
}
