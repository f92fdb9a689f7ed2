import { useAtomValue } from 'jotai';
import { signedInUserAtom } from '../../lib/session';
import AdminCourseList from './AdminCourseList';
import MyCourses from './MyCourses';

/** /portal/courses: admins manage every course; students, parents and tutors see their own. */
export default function CoursesPage() {
  const user = useAtomValue(signedInUserAtom);
  return <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-12 lg:px-8">{user?.role.name === 'ADMIN' ? <AdminCourseList /> : <MyCourses />}</div>;
}
