import { Link } from 'react-router-dom';
import type { StudentHomeData } from '../../../schema/contracts/home';
import HomeSection from './HomeSection';
import { lessonWhen } from './home-time';
import type { DeviceBacked } from './use-device-backed';

const rowLink = 'block truncate font-semibold text-slate-900 hover:text-brand-deep hover:underline dark:text-white';
const note = 'text-sm text-slate-600 dark:text-slate-400';

/** A student's homework due and the quizzes they left unfinished, from `GET /api/home`. */
export default function StudentWork({ data, zone, now }: { data: DeviceBacked<StudentHomeData>; zone: string; now: number }) {
  return (
    <>
      <HomeSection title="Homework due" testId="homework-due" data={data} failure="Your homework could not be loaded.">
        {({ homeworkDue }) =>
          homeworkDue.length ? (
            <ul className="divide-y divide-slate-100 dark:divide-slate-800">
              {homeworkDue.map((homework) => (
                <li key={homework._id} className="py-3">
                  <Link to={`/portal/courses/${homework.course._id}`} className={rowLink}>
                    {homework.title}
                  </Link>
                  <p className={note}>
                    {homework.course.title} · due {lessonWhen(homework.dueAt, zone, now)}
                  </p>
                </li>
              ))}
            </ul>
          ) : (
            <p className={note}>No homework due.</p>
          )
        }
      </HomeSection>
      <HomeSection title="Quizzes in progress" testId="quizzes-in-progress" data={data} failure="Your quizzes could not be loaded.">
        {({ quizzesInProgress }) =>
          quizzesInProgress.length ? (
            <ul className="divide-y divide-slate-100 dark:divide-slate-800">
              {quizzesInProgress.map((quiz) => (
                <li key={quiz._id} className="py-3">
                  <Link to={`/startSubmission/${quiz.quizId}`} className={rowLink} aria-label={`Continue ${quiz.title}`}>
                    {quiz.title}
                  </Link>
                  <p className={note}>
                    {quiz.subject} · last saved {lessonWhen(quiz.updatedAt, zone, now)}
                  </p>
                </li>
              ))}
            </ul>
          ) : (
            <p className={note}>No quizzes in progress.</p>
          )
        }
      </HomeSection>
    </>
  );
}
