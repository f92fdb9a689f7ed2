import { useAtomValue } from 'jotai';
import { actingForAtom } from '../../entities/accounts/acting';
import { FALLBACK_TIME_ZONE } from '../../lib/choices';
import { signedInUserAtom } from '../../lib/session';
import AdminHome from './AdminHome';
import ParentHome from './ParentHome';
import StudentHome from './StudentHome';
import TutorHome from './TutorHome';
import { useNow } from './use-now';

const roleLabel = (role: string) => role.charAt(0) + role.slice(1).toLowerCase();

/** `/portal`: the signed-in person's home, built for their role (a parent acting for a student sees the student's). */
export default function PortalHomePage() {
  const user = useAtomValue(signedInUserAtom);
  const actingFor = useAtomValue(actingForAtom);
  const now = useNow();
  if (!user) return null;
  const zone = user.timezone || Intl.DateTimeFormat().resolvedOptions().timeZone || FALLBACK_TIME_ZONE;
  const role = user.role.name;
  const person = actingFor ?? user;
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-12 lg:px-8">
      <p className="text-sm font-semibold text-brand-deep">{actingFor ? `${user.firstname} acting for ${actingFor.firstname}` : `${roleLabel(role)} home`}</p>
      <h1 className="mt-1 mb-6 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white">Welcome back, {person.firstname}</h1>
      {actingFor || role === 'STUDENT' ? (
        <StudentHome userId={person._id} zone={zone} now={now} />
      ) : role === 'PARENT' ? (
        <ParentHome students={user.userMapper} zone={zone} now={now} />
      ) : role === 'TUTOR' ? (
        <TutorHome userId={user._id} zone={zone} now={now} />
      ) : (
        <AdminHome user={user} zone={zone} now={now} />
      )}
    </div>
  );
}
