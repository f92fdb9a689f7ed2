import { useAtomValue, useSetAtom, useStore } from 'jotai';
import { ArrowRight, GraduationCap, UserRound, Users } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { MappedStudent } from '../../../schema/contracts/profile';
import { actAsAtom } from '../../entities/accounts/acting';
import StudentAvatar from '../../entities/accounts/StudentAvatar';
import { sessionAtom, signedInUserAtom } from '../../lib/session';
import { primaryButton, secondaryButton } from '../../ui/classes';
import Spinner from '../../ui/Spinner';
import { useToast } from '../../ui/toast/use-toast';
import { manageAccountCalls } from './api';

type Load = { state: 'loading' } | { state: 'ready'; students: MappedStudent[] } | { state: 'failed' };

function gradeLine(student: MappedStudent) {
  if (student.grade && student.curriculum) return `${student.curriculum} · ${student.grade}`;
  return student.grade ?? student.curriculum ?? (student.onboarded ? 'No grade yet' : 'Not set up yet');
}

/** The account switcher (spec 1 section 2): a parent picks which linked student later calls act for. */
export default function ManageAccountsPage() {
  const user = useAtomValue(signedInUserAtom);
  const store = useStore();
  const actAs = useSetAtom(actAsAtom);
  const navigate = useNavigate();
  const toast = useToast();
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [switchedBack, setSwitchedBack] = useState(false);
  const isParent = user?.role.name === 'PARENT';

  // Arriving here switches back to the parent (once, not on every change), so the list is asked for with the
  // parent's own rights and choosing a student afterwards is not undone.
  useEffect(() => {
    const session = store.get(sessionAtom);
    if (session && session.actingUserId !== session.user._id) actAs(session.user._id);
    setSwitchedBack(true);
  }, [store, actAs]);

  useEffect(() => {
    if (!isParent || !switchedBack) return;
    const controller = new AbortController();
    manageAccountCalls
      .mappedStudents(controller.signal)
      .then((students) => setLoad({ state: 'ready', students }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setLoad({ state: 'failed' });
        toast.error(error);
      });
    return () => controller.abort();
  }, [isParent, switchedBack, toast]);

  if (!user) return null;

  const choose = (student: MappedStudent) => {
    actAs(student._id);
    void navigate('/portal');
  };

  return (
    <div className="mx-auto max-w-4xl px-4 py-10 sm:px-6 sm:py-14 lg:px-8">
      <span className="flex size-12 items-center justify-center rounded-2xl bg-brand/15 text-brand-deep">
        <Users className="size-6" aria-hidden="true" />
      </span>
      <h1 className="mt-5 text-3xl font-bold tracking-tight text-slate-900 dark:text-white">Manage accounts</h1>
      <p className="mt-2 max-w-2xl text-slate-600 dark:text-slate-400">
        {isParent
          ? 'Choose whose account to use. Everything you do next — lessons, messages, homework — happens for that student, with your rights as their parent.'
          : 'Linked accounts are for parents who look after their children’s lessons.'}
      </p>

      {!isParent ? (
        <Link to="/dashboard" className={`${primaryButton} mt-8`}>
          Go to your dashboard
        </Link>
      ) : load.state === 'loading' ? (
        <p className="mt-10 flex items-center gap-3 text-slate-600 dark:text-slate-400" role="status">
          <Spinner /> Loading your students…
        </p>
      ) : load.state === 'failed' ? (
        <p className="mt-10 rounded-2xl bg-rose-50 p-5 text-rose-900 ring-1 ring-rose-200 ring-inset dark:bg-rose-950 dark:text-rose-100 dark:ring-rose-800">
          Your students could not be loaded. Reload the page to try again.
        </p>
      ) : load.students.length === 0 ? (
        <div className="mt-10 rounded-2xl border border-dashed border-slate-300 p-8 text-center dark:border-slate-700">
          <UserRound className="mx-auto size-8 text-slate-400" aria-hidden="true" />
          <p className="mt-3 font-semibold text-slate-900 dark:text-white">No students are linked to your account yet</p>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">Ask the support team to link your child’s account to yours.</p>
        </div>
      ) : (
        <ul className="mt-10 grid gap-4 sm:grid-cols-2" aria-label="Your students">
          {load.students.map((student) => (
            <li
              key={student._id}
              data-testid="student-card"
              className="flex flex-col rounded-2xl bg-white p-5 ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800"
            >
              <div className="flex items-center gap-4">
                <StudentAvatar student={student} />
                <div className="min-w-0">
                  <p className="truncate text-lg font-semibold text-slate-900 dark:text-white">
                    {student.firstname} {student.lastname}
                  </p>
                  <p className="flex items-center gap-1.5 text-sm text-slate-600 dark:text-slate-400">
                    <GraduationCap className="size-4 shrink-0" aria-hidden="true" />
                    <span className="truncate">{gradeLine(student)}</span>
                  </p>
                </div>
              </div>
              <button type="button" onClick={() => choose(student)} className={`${primaryButton} mt-5 w-full`}>
                Act as {student.firstname}
                <ArrowRight className="size-4" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      )}

      {isParent && (
        <Link to="/dashboard" className={`${secondaryButton} mt-8`}>
          Continue as yourself
        </Link>
      )}
    </div>
  );
}
