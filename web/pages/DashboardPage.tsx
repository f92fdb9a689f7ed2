import { useAtomValue } from 'jotai';
import { BookOpen, CalendarDays, ChartNoAxesColumn, type LucideIcon, MessagesSquare, ScrollText, Sparkles } from 'lucide-react';
import { Link } from 'react-router-dom';
import { actingForAtom } from '../entities/accounts/acting';
import { tenantNameAtom } from '../entities/tenant/atoms';
import { useOnboardingRedirect } from '../features/onboarding/use-onboarding-redirect';
import DashboardQuizzes from '../features/quiz/DashboardQuizzes';
import { signedInUserAtom } from '../lib/session';

/** Where a person's course chats are, in their words: a tutor chats with students, everyone else with tutors. */
const courseChats = (role: string) => (role === 'TUTOR' ? 'Chats with your students are in each course.' : 'Chats with your tutors are in each course.');

/** Whose progress the Progress card leads to, in the reader's words; admins read a student's from their page. */
const progressWords = (role: string, acting: boolean) =>
  acting || role === 'STUDENT'
    ? 'How far you are in each subject, from your quizzes and lessons.'
    : role === 'PARENT'
      ? "Your children's progress in each subject."
      : role === 'TUTOR'
        ? "Your students' progress in each subject."
        : null;

const shortcuts = (role: string, tenantName: string, acting: boolean): { to: string; title: string; text: string; icon: LucideIcon }[] => [
  ...(progressWords(role, acting) ? [{ to: '/dashboard/progress', title: 'Progress', text: progressWords(role, acting)!, icon: ChartNoAxesColumn }] : []),
  { to: '/portal/courses', title: 'Courses', text: 'Your courses, lessons, resources and homework.', icon: BookOpen },
  { to: '/portal/schedule', title: 'Schedule', text: 'Upcoming lessons and your availability.', icon: CalendarDays },
  { to: '/portal/messages', title: 'Messages', text: `Talk to the ${tenantName} team. ${courseChats(role)}`, icon: MessagesSquare },
  { to: '/portal/trials', title: 'My trials', text: 'Your upcoming and past free trial classes.', icon: Sparkles },
  ...(acting || role === 'STUDENT'
    ? [{ to: '/topical-past-papers', title: 'Past papers', text: 'Real exam questions by topic, marked against the mark scheme.', icon: ScrollText }]
    : []),
];

const roleLabel = (role: string) => role.charAt(0) + role.slice(1).toLowerCase();

export default function DashboardPage() {
  const user = useAtomValue(signedInUserAtom);
  const actingFor = useAtomValue(actingForAtom);
  const onboarding = useOnboardingRedirect();
  const tenantName = useAtomValue(tenantNameAtom);
  if (!user || onboarding) return null;
  const cards = shortcuts(user.role.name, tenantName, Boolean(actingFor));
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-14 lg:px-8">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <p className="text-sm font-semibold text-brand-deep">Dashboard</p>
          <h1 className="mt-1 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white">Welcome back, {(actingFor ?? user).firstname}</h1>
        </div>
        <p className="inline-flex w-fit items-center gap-2 rounded-full bg-brand/10 px-3 py-1 text-sm font-medium text-slate-800 ring-1 ring-brand/30 ring-inset dark:text-slate-100">
          <span className="size-2 rounded-full bg-brand" aria-hidden="true" />
          <span>
            {actingFor ? (
              <>
                {user.firstname} acting for <span data-testid="dashboard-acting-for">{actingFor.firstname}</span>
              </>
            ) : (
              <>
                Signed in as <span data-testid="dashboard-role">{roleLabel(user.role.name)}</span>
              </>
            )}
          </span>
        </p>
      </div>
      <ul className={`mt-10 grid gap-4 sm:grid-cols-2 ${cards.length > 4 ? 'lg:grid-cols-3 xl:grid-cols-5' : 'lg:grid-cols-4'}`}>
        {cards.map(({ to, title, text, icon: Icon }) => (
          <li key={to}>
            <Link
              to={to}
              className="group flex h-full flex-col rounded-2xl bg-white p-5 ring-1 ring-slate-200 transition hover:-translate-y-0.5 hover:shadow-lg hover:ring-brand/50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand dark:bg-slate-900 dark:ring-slate-800"
            >
              <span className="flex size-10 items-center justify-center rounded-xl bg-brand/15 text-brand-deep">
                <Icon className="size-5" aria-hidden="true" />
              </span>
              <span className="mt-4 font-semibold text-slate-900 dark:text-white">{title}</span>
              <span className="mt-1 text-sm text-slate-600 dark:text-slate-400">{text}</span>
            </Link>
          </li>
        ))}
      </ul>
      {(actingFor || user.role.name === 'STUDENT') && <DashboardQuizzes />}
    </div>
  );
}
