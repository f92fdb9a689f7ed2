import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { useAtomValue } from 'jotai';
import { Pencil, Trash2 } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { hasPermission } from '../../schema/contracts/permissions';
import { lessonTime } from '../entities/lessons/lesson-time';
import { useCan } from '../entities/roles/admin-permissions';
import { type CourseView, courseCalls } from '../features/courses/api';
import { bookingTutor } from '../features/courses/booking-tutor';
import CourseFormDialog from '../features/courses/CourseFormDialog';
import CoursePeople from '../features/courses/CoursePeople';
import { kindLabel } from '../features/courses/course-kind';
import TutorCourseDialog from '../features/courses/TutorCourseDialog';
import CourseHomeworkPanel from '../features/homework/CourseHomeworkPanel';
import CourseFeedbackPanel from '../features/lesson-feedbacks/CourseFeedbackPanel';
import CourseLearners from '../features/quiz-review/CourseLearners';
import CourseSectionsPanel from '../features/sections/CourseSectionsPanel';
import { withDeviceCopy } from '../lib/device-copy';
import { statusOf } from '../lib/errors';
import { signedInUserAtom } from '../lib/session';
import { statusBadge } from '../ui/badges';
import { cardClass, dangerButton, pillTab, secondaryButton } from '../ui/classes';
import { Dialog } from '../ui/Dialog';
import { EmptyState } from '../ui/EmptyState';
import LoadFailure from '../ui/LoadFailure';
import { LoadingStatus } from '../ui/LoadingStatus';
import Spinner from '../ui/Spinner';
import { useToast } from '../ui/toast/use-toast';

const CourseChat = lazy(() => import('../features/chat/CourseChat'));

const tabClass = pillTab('whitespace-nowrap');

/** /portal/courses/:courseId — the course header, its lessons and materials, its people, and (admins) settings. */
export default function CoursePage() {
  const { courseId = '' } = useParams();
  // A chat notification links here with its conversation: the chat tab opens on it.
  const [searchParams] = useSearchParams();
  const chatConversation = searchParams.get('conversation');
  // A marking notice links here with its homework: the homework tab opens on it.
  const homeworkFocus = searchParams.get('homework');
  // A feedback notice links here with its lesson: the feedback tab opens on it.
  const feedbackFocus = searchParams.get('feedback');
  const user = useAtomValue(signedInUserAtom);
  const can = useCan();
  const navigate = useNavigate();
  const toast = useToast();
  const isAdmin = user?.role.name === 'ADMIN';
  const timeZone = user?.timezone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  const [course, setCourse] = useState<CourseView | null>(null);
  const [state, setState] = useState<'loading' | 'idle' | 'rejected' | 'missing'>('loading');
  const [attempt, setAttempt] = useState(0);
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    setState('loading');
    // Kept on the device, so the course and its chat open offline as last seen.
    withDeviceCopy(`course.${courseId}.${isAdmin ? 'admin' : 'member'}`, () => courseCalls.view(courseId, isAdmin, timeZone, controller.signal))
      .then(({ value: answer }) => {
        setCourse(answer);
        setState('idle');
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setState(statusOf(error) === 404 ? 'missing' : 'rejected');
      });
    return () => controller.abort();
  }, [courseId, isAdmin, timeZone, attempt]);

  // After a tutor is added or removed on the People tab: the course's tutors decide whether lessons can be placed.
  const refreshCourse = () => {
    courseCalls.view(courseId, isAdmin, timeZone).then(setCourse, (error: unknown) => toast.error(error));
  };

  const remove = async () => {
    setBusy(true);
    try {
      await courseCalls.remove(courseId);
      toast.success('Course deleted!');
      await navigate('/portal/courses');
    } catch (error) {
      toast.error(error);
      setBusy(false);
    }
  };

  if (state === 'rejected') return <LoadFailure onRetry={() => setAttempt((n) => n + 1)} />;
  if (state === 'missing')
    return (
      <div className="mx-auto max-w-3xl px-4 py-12">
        <EmptyState icon={<Trash2 className="size-6" aria-hidden="true" />} title="Course not found" text="It may have been deleted, or you are not on it.">
          <Link to="/portal/courses" className={secondaryButton}>
            Back to courses
          </Link>
        </EmptyState>
      </div>
    );
  if (!course) return <LoadingStatus className="py-24" />;

  const mode = isAdmin ? 'admin' : course.asTutor ? 'tutor' : 'learner';
  const showChat = !isAdmin || can({ courseChat: ['view'] });
  const showHomework = !isAdmin || can({ submissions: ['view'] });
  // Admins read every feedback on Admin → Lesson feedback; the tab is for the lessons' own people.
  const showFeedback = !isAdmin;
  const tabs = [
    'Lessons & materials',
    ...(showHomework ? ['Homework'] : []),
    ...(showFeedback ? ['Feedback'] : []),
    'People',
    ...(showChat ? ['Chat'] : []),
    ...(isAdmin ? ['Settings'] : []),
  ];
  const focusTab = showChat && chatConversation ? 'Chat' : showHomework && homeworkFocus ? 'Homework' : showFeedback && feedbackFocus ? 'Feedback' : null;
  const firstTab = focusTab ? tabs.indexOf(focusTab) : 0;

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-12 lg:px-8">
      <Link to="/portal/courses" className="text-sm font-semibold text-brand-deep hover:underline">
        ← Courses
      </Link>
      <header className="mt-3">
        <div className="flex flex-wrap items-center gap-2 text-xs">
          <span className="rounded-full bg-brand/15 px-2 py-0.5 font-semibold text-slate-800 dark:text-slate-100">{kindLabel(course.kind)}</span>
          <span className={statusBadge(course.status)}>{course.status === 'ACTIVE' ? 'Active' : 'Draft'}</span>
        </div>
        <h1 className="mt-2 text-3xl font-bold tracking-tight wrap-anywhere text-slate-900 dark:text-white">{course.title}</h1>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          {course.curriculum} · {course.subject} · {course.grade}
        </p>
        {course.description && <p className="mt-3 max-w-3xl text-slate-700 dark:text-slate-300">{course.description}</p>}
        {!isAdmin && hasPermission(course.tutorPermissions ?? null, { COURSE: ['edit'] }) && (
          <button type="button" className={`${secondaryButton} mt-4`} onClick={() => setEditing(true)}>
            <Pencil className="size-4" aria-hidden="true" />
            Edit details
          </button>
        )}
        {course.nextLesson && (
          <p className="mt-3 text-sm font-medium text-slate-800 dark:text-slate-200" data-testid="course-next-lesson">
            Next lesson: {lessonTime(course.nextLesson.start, timeZone)}
          </p>
        )}
      </header>
      <TabGroup key={`${chatConversation}-${homeworkFocus}-${feedbackFocus}`} className="mt-8" defaultIndex={firstTab}>
        <TabList aria-label="Course sections" className="flex gap-2 overflow-x-auto pb-1">
          {tabs.map((tab) => (
            <Tab key={tab} className={tabClass}>
              {tab}
            </Tab>
          ))}
        </TabList>
        <TabPanels className="mt-6">
          <TabPanel>
            <CourseSectionsPanel courseId={course._id} mode={mode} tutor={bookingTutor(course)} />
          </TabPanel>
          {showHomework && (
            <TabPanel>
              <CourseHomeworkPanel courseId={course._id} focus={homeworkFocus} />
            </TabPanel>
          )}
          {showFeedback && (
            <TabPanel>
              <CourseFeedbackPanel courseId={course._id} focus={feedbackFocus} />
            </TabPanel>
          )}
          <TabPanel>
            <CoursePeople
              course={course}
              admin={isAdmin && can({ adminCourse: ['edit'] })}
              learners={mode === 'tutor' && <CourseLearners courseId={course._id} courseTitle={course.title} />}
              onTutorsChanged={refreshCourse}
            />
          </TabPanel>
          {showChat && (
            <TabPanel>
              <Suspense fallback={<Spinner className="size-6 text-brand-deep" />}>
                <CourseChat
                  courseId={course._id}
                  asAdmin={isAdmin}
                  canEdit={isAdmin && can({ adminCourse: ['edit'] })}
                  initialConversation={chatConversation}
                />
              </Suspense>
            </TabPanel>
          )}
          {isAdmin && (
            <TabPanel>
              <div className={`${cardClass} flex flex-col gap-4 p-5 sm:flex-row sm:items-center sm:justify-between`}>
                <div>
                  <h2 className="font-semibold text-slate-900 dark:text-white">Course details</h2>
                  <p className="text-sm text-slate-600 dark:text-slate-400">Title, kind, status, payment type and catalogue place.</p>
                </div>
                <div className="flex flex-wrap gap-2">
                  {can({ adminCourse: ['edit'] }) && (
                    <button type="button" className={secondaryButton} onClick={() => setEditing(true)}>
                      <Pencil className="size-4" aria-hidden="true" />
                      Edit course
                    </button>
                  )}
                  {can({ adminCourse: ['delete'] }) && (
                    <button type="button" className={dangerButton} onClick={() => setDeleting(true)}>
                      <Trash2 className="size-4" aria-hidden="true" />
                      Delete course
                    </button>
                  )}
                </div>
              </div>
            </TabPanel>
          )}
        </TabPanels>
      </TabGroup>
      {editing && !isAdmin && (
        <TutorCourseDialog
          course={course}
          onClose={() => setEditing(false)}
          onSaved={(saved) => {
            setCourse((current) => current && { ...current, title: saved.title, description: saved.description });
            setEditing(false);
          }}
        />
      )}
      {editing && isAdmin && (
        <CourseFormDialog
          open
          course={course}
          onClose={() => setEditing(false)}
          onSaved={(saved) => {
            setCourse((current) => current && { ...current, ...saved });
            setEditing(false);
          }}
        />
      )}
      <Dialog open={deleting} onClose={() => setDeleting(false)} title="Delete this course?">
        <p className="text-sm text-slate-700 dark:text-slate-300">“{course.title}” and its lessons will no longer be shown to anyone.</p>
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button type="button" className={secondaryButton} onClick={() => setDeleting(false)}>
            Cancel
          </button>
          <button type="button" className={dangerButton} disabled={busy} onClick={() => void remove()}>
            {busy && <Spinner className="size-4" />}
            Delete course
          </button>
        </div>
      </Dialog>
    </div>
  );
}
