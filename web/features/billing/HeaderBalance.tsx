import { useAtomValue } from 'jotai';
import { Hourglass } from 'lucide-react';
import { Link } from 'react-router-dom';
import { formatDuration } from '../../../schema/contracts/durations';
import { hasPermission } from '../../../schema/contracts/permissions';
import { actingForAtom } from '../../entities/accounts/acting';
import { tenantAtom } from '../../entities/tenant/atoms';
import { signedInUserAtom } from '../../lib/session';
import { focusRing } from '../../ui/classes';
import { useCredits } from './use-credits';

/**
 * The lesson balance of the student being looked after (yourself, or the child a parent acts for), in the header and
 * kept live: the inbox brings news of every change. Amber when some of it lapses within a week.
 */
export default function HeaderBalance() {
  const user = useAtomValue(signedInUserAtom);
  const child = useAtomValue(actingForAtom);
  const tenant = useAtomValue(tenantAtom);
  const studentId = user?.role.name === 'STUDENT' ? user._id : child?._id;
  if (!studentId || !tenant || !hasPermission(tenant.permissions, { billing: ['view'] })) return null;
  return <Balance studentId={studentId} whose={child ? `${child.firstname}'s` : 'Your'} />;
}

function Balance({ studentId, whose }: { studentId: string; whose: string }) {
  const credits = useCredits(studentId, 1);
  // Someone who never bought lesson time (a course paid another way) has no balance to watch: "0 m" would only worry them.
  if (credits.state !== 'ready' || credits.total === 0) return null;
  const lapsing = credits.expiring.length > 0;
  const text = formatDuration(credits.balanceMinutes);
  return (
    <Link
      to="/portal/billing"
      data-testid="header-balance"
      aria-label={`${whose} lesson balance: ${text}${lapsing ? ', some of it expires within a week' : ''}. Open Billing`}
      className={`hidden shrink-0 items-center gap-1.5 rounded-full py-1.5 pr-3 pl-2.5 text-sm font-semibold tabular-nums ring-1 ring-inset transition sm:flex ${
        lapsing
          ? 'bg-amber-100 text-amber-950 ring-amber-300 hover:bg-amber-200 dark:bg-amber-400/15 dark:text-amber-100 dark:ring-amber-400/40'
          : 'bg-slate-100 text-slate-800 ring-slate-200 hover:bg-slate-200 dark:bg-slate-800 dark:text-slate-100 dark:ring-slate-700'
      } ${focusRing}`}
    >
      <Hourglass className="size-3.5" aria-hidden="true" />
      {text}
    </Link>
  );
}
