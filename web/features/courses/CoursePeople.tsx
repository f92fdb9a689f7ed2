import { Trash2, UserPlus } from 'lucide-react';
import { type FormEvent, type ReactNode, useCallback, useEffect, useState } from 'react';
import type { CourseStudent, CourseTutor, EnrolmentVerifyDelete } from '../../../schema/contracts/course-students';
import type { Course } from '../../../schema/contracts/courses';
import { usePagedList } from '../../lib/paged-list';
import { fullName } from '../../lib/people';
import { statusBadge } from '../../ui/badges';
import { cardClass, dangerButton, secondaryButton, smallButton } from '../../ui/classes';
import { Dialog } from '../../ui/Dialog';
import { DialogActions } from '../../ui/DialogActions';
import { ChoiceField } from '../../ui/fields';
import Spinner from '../../ui/Spinner';
import { useToast } from '../../ui/toast/use-toast';
import { courseCalls, type EnrolmentChange } from './api';
import { enrolmentTypeLabel } from './enrolment-labels';
import { PersonChoice } from './PersonChoice';

type Pending = EnrolmentChange;

/** Checks with verify-delete, says what will happen, and removes (or disables) only when the server allows it. */
function ConfirmDialog({ pending, onClose, onDone }: { pending: Pending; onClose: () => void; onDone: () => void }) {
  const toast = useToast();
  const [check, setCheck] = useState<EnrolmentVerifyDelete | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    courseCalls
      .verifyChange(pending)
      .then(setCheck)
      .catch((error) => {
        toast.error(error);
        onClose();
      });
  }, [pending, toast, onClose]);
  const confirm = async () => {
    setBusy(true);
    try {
      await courseCalls.applyChange(pending);
      toast.success(
        pending.kind === 'tutor' && pending.action === 'DISABLE' ? 'Tutor disabled!' : pending.kind === 'tutor' ? 'Tutor removed!' : 'Student removed!',
      );
      onDone();
    } catch (error) {
      toast.error(error);
    } finally {
      setBusy(false);
    }
  };
  const verb = pending.kind === 'tutor' && pending.action === 'DISABLE' ? 'Disable' : 'Remove';
  return (
    <Dialog open onClose={onClose} title={`${verb} ${fullName(pending.row.user)}?`}>
      {!check ? (
        <div role="status" className="flex justify-center py-6 text-brand-deep">
          <Spinner className="size-6" />
        </div>
      ) : (
        <>
          <p className="text-sm text-slate-700 dark:text-slate-300">{check.message}</p>
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <button type="button" className={secondaryButton} onClick={onClose}>
              {check.canDelete ? 'Cancel' : 'Close'}
            </button>
            {check.canDelete && (
              <button type="button" className={dangerButton} onClick={() => void confirm()} disabled={busy}>
                {busy && <Spinner className="size-4" />}
                {verb}
              </button>
            )}
          </div>
        </>
      )}
    </Dialog>
  );
}

function AddPersonDialog({ course, kind, onClose, onAdded }: { course: Course; kind: 'student' | 'tutor'; onClose: () => void; onAdded: () => void }) {
  const toast = useToast();
  const [user, setUser] = useState('');
  const [type, setType] = useState(kind === 'student' ? course.paymentType : 'PRIMARY');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!user) {
      setError(`Choose a ${kind}`);
      return;
    }
    setBusy(true);
    try {
      if (kind === 'student') await courseCalls.addStudent(course._id, user, type);
      else await courseCalls.addTutor(course._id, user, type);
      toast.success(kind === 'student' ? 'Student added!' : 'Tutor added!');
      onAdded();
    } catch (e) {
      toast.error(e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={onClose} title={kind === 'student' ? 'Add a student' : 'Add a tutor'}>
      <form onSubmit={submit} noValidate className="space-y-4">
        <PersonChoice kind={kind} value={user} error={error} onChange={setUser} />
        <ChoiceField
          id="person-type"
          label={kind === 'student' ? 'Payment type' : 'Tutor type'}
          value={type}
          onChange={(e) => setType(e.target.value as typeof type)}
        >
          {(kind === 'student' ? ['ONETIME', 'SUBSCRIPTION', 'CREDIT', 'TRIAL'] : ['PRIMARY', 'SUBSTITUTE', 'TRIAL']).map((t) => (
            <option key={t} value={t}>
              {enrolmentTypeLabel(t)}
            </option>
          ))}
        </ChoiceField>
        <DialogActions onCancel={onClose} busy={busy} className="pt-2">
          Add
        </DialogActions>
      </form>
    </Dialog>
  );
}

/**
 * Students and tutors of a course; admins add, remove and toggle them (each removal verified first). `onTutorsChanged`
 * lets the page re-read the course, whose tutors decide whether lessons can be placed on it. `learners` is what a
 * course's tutor sees of its students beside the tutors; the page brings it, as it comes from quiz-review.
 */
export default function CoursePeople({
  course,
  admin,
  learners,
  onTutorsChanged,
}: {
  course: Course;
  admin: boolean;
  learners?: ReactNode;
  onTutorsChanged?: () => void;
}) {
  const toast = useToast();
  const [adding, setAdding] = useState<'student' | 'tutor' | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const closePending = useCallback(() => setPending(null), []);
  const students = usePagedList<CourseStudent>(
    (offset) => (admin ? courseCalls.students(course._id, { limit: 100, offset }) : Promise.resolve({ docs: [], totalDocs: 0, limit: 100, offset })),
    `students:${course._id}:${admin}`,
  );
  const tutors = usePagedList<CourseTutor>(
    (offset) => (admin ? courseCalls.tutors(course._id, { limit: 100, offset }) : Promise.resolve({ docs: [], totalDocs: 0, limit: 100, offset })),
    `tutors:${course._id}:${admin}`,
  );
  const enable = async (row: CourseTutor) => {
    try {
      tutors.updated(await courseCalls.enableTutor(row._id));
      toast.success('Tutor enabled!');
      onTutorsChanged?.();
    } catch (e) {
      toast.error(e);
    }
  };

  if (!admin) {
    return (
      <div className="grid gap-4 lg:grid-cols-2">
        {learners}
        <section aria-labelledby="people-tutors" className={`${cardClass} p-5`}>
          <h2 id="people-tutors" className="font-semibold text-slate-900 dark:text-white">
            Tutors
          </h2>
          <ul className="mt-3 space-y-2 text-sm text-slate-700 dark:text-slate-300">
            {course.tutors
              .filter((t) => t.status === 'ENABLE')
              .map((t) => (
                <li key={t._id}>{fullName(t.user)}</li>
              ))}
          </ul>
        </section>
      </div>
    );
  }

  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <section aria-labelledby="people-students" className={`${cardClass} p-5`}>
        <div className="flex items-center justify-between gap-2">
          <h2 id="people-students" className="font-semibold text-slate-900 dark:text-white">
            Students <span className="text-sm font-normal text-slate-500">({students.list.totalDocs})</span>
          </h2>
          <button type="button" className={smallButton} onClick={() => setAdding('student')}>
            <UserPlus className="size-4" aria-hidden="true" />
            Add student
          </button>
        </div>
        {students.list.loaded && students.list.docs.length === 0 && <p className="mt-3 text-sm text-slate-500 dark:text-slate-400">No students yet.</p>}
        <ul className="mt-3 divide-y divide-slate-100 dark:divide-slate-800">
          {students.list.docs.map((row) => (
            <li key={row._id} className="flex items-center justify-between gap-2 py-2.5 text-sm">
              <div className="min-w-0">
                <p className="font-medium text-slate-900 dark:text-white">{fullName(row.user)}</p>
                <p className="text-xs text-slate-500 dark:text-slate-400">
                  <span className={statusBadge(row.status)}>{row.status === 'ENROLLED' ? 'Enrolled' : 'Unenrolled'}</span> ·{' '}
                  {enrolmentTypeLabel(row.paymentType)}
                </p>
              </div>
              <button
                type="button"
                className={`${smallButton} text-rose-700! dark:text-rose-300!`}
                aria-label={`Remove ${fullName(row.user)}`}
                onClick={() => setPending({ kind: 'student', row })}
              >
                <Trash2 className="size-4" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="people-tutors" className={`${cardClass} p-5`}>
        <div className="flex items-center justify-between gap-2">
          <h2 id="people-tutors" className="font-semibold text-slate-900 dark:text-white">
            Tutors <span className="text-sm font-normal text-slate-500">({tutors.list.totalDocs})</span>
          </h2>
          <button type="button" className={smallButton} onClick={() => setAdding('tutor')}>
            <UserPlus className="size-4" aria-hidden="true" />
            Add tutor
          </button>
        </div>
        {tutors.list.loaded && tutors.list.docs.length === 0 && <p className="mt-3 text-sm text-slate-500 dark:text-slate-400">No tutors yet.</p>}
        <ul className="mt-3 divide-y divide-slate-100 dark:divide-slate-800">
          {tutors.list.docs.map((row) => (
            <li key={row._id} className="flex flex-wrap items-center justify-between gap-2 py-2.5 text-sm">
              <div className="min-w-0">
                <p className="font-medium text-slate-900 dark:text-white">{fullName(row.user)}</p>
                <p className="text-xs text-slate-500 dark:text-slate-400">
                  <span className={statusBadge(row.status)}>{row.status === 'ENABLE' ? 'Enabled' : 'Disabled'}</span> · {enrolmentTypeLabel(row.type)}
                </p>
              </div>
              <div className="flex gap-2">
                {row.status === 'ENABLE' ? (
                  <button type="button" className={smallButton} onClick={() => setPending({ kind: 'tutor', row, action: 'DISABLE' })}>
                    Disable
                  </button>
                ) : (
                  <button type="button" className={smallButton} onClick={() => void enable(row)}>
                    Enable
                  </button>
                )}
                <button
                  type="button"
                  className={`${smallButton} text-rose-700! dark:text-rose-300!`}
                  aria-label={`Remove ${fullName(row.user)}`}
                  onClick={() => setPending({ kind: 'tutor', row, action: 'DELETE' })}
                >
                  <Trash2 className="size-4" aria-hidden="true" />
                </button>
              </div>
            </li>
          ))}
        </ul>
      </section>
      {adding && (
        <AddPersonDialog
          course={course}
          kind={adding}
          onClose={() => setAdding(null)}
          onAdded={() => {
            void (adding === 'student' ? students.reload() : tutors.reload());
            if (adding === 'tutor') onTutorsChanged?.();
            setAdding(null);
          }}
        />
      )}
      {pending && (
        <ConfirmDialog
          pending={pending}
          onClose={closePending}
          onDone={() => {
            if (pending.kind === 'student') students.removed(pending.row._id);
            else if (pending.action === 'DELETE') tutors.removed(pending.row._id);
            else void tutors.reload();
            if (pending.kind === 'tutor') onTutorsChanged?.();
            setPending(null);
          }}
        />
      )}
    </div>
  );
}
