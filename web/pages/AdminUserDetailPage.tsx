import clsx from 'clsx';
import { ArrowLeft, CalendarCheck, ClipboardCheck, KeyRound, LogIn, ShieldOff, UserX } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, useLocation, useParams, useSearchParams } from 'react-router-dom';
import type { AdminUserRecord } from '../../schema/contracts/admin-users';
import LogInAsDialog from '../entities/impersonation/LogInAsDialog';
import { useCan } from '../entities/roles/admin-permissions';
import AdminNotes from '../features/admin-users/AdminNotes';
import { adminUserCalls } from '../features/admin-users/api';
import { roleBadge, roleLabels } from '../features/admin-users/labels';
import ProfileSummary from '../features/admin-users/ProfileSummary';
import UserDetailsForm from '../features/admin-users/UserDetailsForm';
import UserPlans from '../features/admin-users/UserPlans';
import { statusOf } from '../lib/errors';
import { fullName } from '../lib/people';
import { secondaryButton } from '../ui/classes';
import { EmptyState } from '../ui/EmptyState';
import LoadFailure from '../ui/LoadFailure';
import Spinner from '../ui/Spinner';
import { useToast } from '../ui/toast/use-toast';

const ChatPanel = lazy(() => import('../features/chat/ChatPanel'));

type Load = { status: 'loading' } | { status: 'rejected'; code: number | undefined } | { status: 'idle'; user: AdminUserRecord };

export default function AdminUserDetailPage() {
  const { userId = '' } = useParams();
  // A chat notification links here with its conversation.
  const chatConversation = useSearchParams()[0].get('conversation');
  const { pathname } = useLocation();
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [busy, setBusy] = useState<'password' | null>(null);
  const [askingToActAs, setAskingToActAs] = useState(false);
  const can = useCan();
  const toast = useToast();

  useEffect(() => {
    const controller = new AbortController();
    setLoad({ status: 'loading' });
    adminUserCalls
      .get(userId, controller.signal)
      .then((user) => setLoad({ status: 'idle', user }))
      .catch((error: unknown) => !controller.signal.aborted && setLoad({ status: 'rejected', code: statusOf(error) }));
    return () => controller.abort();
  }, [userId, attempt]);

  const back = (
    <Link to="/portal/admin/users" className="inline-flex items-center gap-1.5 text-sm font-medium text-slate-600 hover:text-brand-deep dark:text-slate-300">
      <ArrowLeft className="size-4" aria-hidden="true" />
      All users
    </Link>
  );

  if (load.status === 'loading') {
    return (
      <div role="status" className="flex min-h-[50vh] items-center justify-center gap-3 text-brand-deep">
        <Spinner className="size-6" />
        <span className="text-sm text-slate-500 dark:text-slate-400">Loading user…</span>
      </div>
    );
  }
  if (load.status === 'rejected') {
    return load.code === 404 || load.code === 403 ? (
      <div className="mx-auto max-w-3xl px-4 py-10">
        {back}
        <div className="mt-6">
          {load.code === 404 ? (
            <EmptyState icon={<UserX className="size-6" aria-hidden="true" />} title="User not found" text="This account does not exist, or it was deleted." />
          ) : (
            <EmptyState
              icon={<ShieldOff className="size-6" aria-hidden="true" />}
              title="No access to users"
              text="Your role does not include viewing users. Ask an admin who has it."
            />
          )}
        </div>
      </div>
    ) : (
      <LoadFailure onRetry={() => setAttempt((n) => n + 1)} />
    );
  }

  const { user } = load;
  const replace = (changes: Partial<AdminUserRecord>) => setLoad({ status: 'idle', user: { ...user, ...changes } });

  const resendPassword = async () => {
    setBusy('password');
    try {
      const answer = await adminUserCalls.resendPassword(user._id);
      toast.success(answer.message);
    } catch (error) {
      toast.error(error);
    } finally {
      setBusy(null);
    }
  };

  const canEdit = can({ adminUsers: ['edit'] });

  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6 sm:py-12 lg:px-8">
      {back}
      <div className="mt-4 flex flex-col gap-4 lg:flex-row lg:items-end lg:justify-between">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <h1 className="truncate text-3xl font-bold tracking-tight text-slate-900 dark:text-white">{fullName(user, 'Unnamed')}</h1>
            <span className={clsx('rounded-full px-2.5 py-0.5 text-xs font-semibold', roleBadge[user.role])}>{roleLabels[user.role]}</span>
          </div>
          <p className="mt-1 truncate text-sm text-slate-600 dark:text-slate-400">
            {user.email ?? 'No email'}
            {user.mustChangePassword && ' · Temporary password not yet changed'}
          </p>
        </div>
        <div className="flex flex-col gap-2 sm:flex-row">
          {user.role === 'TUTOR' && can({ adminUsers: ['edit'] }) && (
            <Link to={`/portal/availability/${user._id}`} className={secondaryButton}>
              <CalendarCheck className="size-4" aria-hidden="true" />
              Availability
            </Link>
          )}
          {user.role === 'STUDENT' && can({ submissions: ['view'] }) && (
            <Link to={`/portal/students/${user._id}/quizzes`} state={{ back: { to: pathname, label: fullName(user, 'Unnamed') } }} className={secondaryButton}>
              <ClipboardCheck className="size-4" aria-hidden="true" />
              Quiz attempts
            </Link>
          )}
          {user.email && can({ adminUsers: ['resendPassword'] }) && (
            <button type="button" className={secondaryButton} disabled={busy !== null} onClick={() => void resendPassword()}>
              {busy === 'password' ? <Spinner className="size-4" /> : <KeyRound className="size-4" aria-hidden="true" />}
              Resend temporary password
            </button>
          )}
          {user.role !== 'ADMIN' && can({ adminUsers: ['logInAsUser'] }) && (
            <button
              type="button"
              className="inline-flex items-center justify-center gap-2 rounded-full bg-amber-300 px-5 py-2.5 text-sm font-semibold text-amber-950 transition hover:bg-amber-400 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-500 disabled:opacity-60"
              disabled={busy !== null}
              onClick={() => setAskingToActAs(true)}
            >
              <LogIn className="size-4" aria-hidden="true" />
              Log in as this user
            </button>
          )}
          {askingToActAs && (
            <LogInAsDialog
              open
              person={{ _id: user._id, name: fullName(user, 'this user'), firstname: user.firstname || 'them' }}
              returnTo={pathname}
              onClose={() => setAskingToActAs(false)}
            />
          )}
        </div>
      </div>

      <div className="mt-8 grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="space-y-6">
          <UserDetailsForm key={user._id} user={user} canEdit={canEdit} onSaved={(row) => replace(row)} />
          <ProfileSummary user={user} />
          <UserPlans user={user} onSaved={(plans) => replace({ plans })} />
        </div>
        <AdminNotes user={user} canEdit={canEdit} onChange={(record) => setLoad({ status: 'idle', user: record })} />
      </div>
      {can({ adminCourseChat: ['view'] }) && (
        <div className="mt-6">
          <Suspense fallback={<Spinner className="size-6 text-brand-deep" />}>
            <ChatPanel
              key={chatConversation}
              target={{ kind: 'admin', userId: user._id, readAll: true }}
              title={`Admin chat with ${fullName(user, 'Unnamed')}`}
              initialConversation={chatConversation}
            />
          </Suspense>
        </div>
      )}
    </div>
  );
}
