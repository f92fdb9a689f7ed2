import { useAtomValue } from 'jotai';
import { FileText, ShieldOff, ShoppingCart } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { hasPermission } from '../../../schema/contracts/permissions';
import { useReaderZone } from '../../entities/payments/use-reader-zone';
import { tenantAtom } from '../../entities/tenant/atoms';
import { fullName } from '../../lib/people';
import { signedInUserAtom } from '../../lib/session';
import { primaryButton, secondaryButton } from '../../ui/classes';
import { EmptyState } from '../../ui/EmptyState';
import { PaymentsList } from './PaymentsList';
import { StudentBalance } from './StudentBalance';
import { SubscriptionsPanel } from './SubscriptionsPanel';

/**
 * /portal/billing: a student's lesson balance, or each child's for a parent, with the entries behind each, then the
 * family's payments, their invoices and the way to buy more time.
 */
export default function BillingPage() {
  const user = useAtomValue(signedInUserAtom);
  const tenant = useAtomValue(tenantAtom);
  const zone = useReaderZone();
  const [now] = useState(() => Date.now());
  const role = user?.role.name;
  const students =
    role === 'STUDENT' && user
      ? [{ _id: user._id, heading: 'Your lesson time' }]
      : role === 'PARENT' && user
        ? user.userMapper.map((child) => ({ _id: child._id, heading: fullName(child, 'Your child') }))
        : [];

  const refusal =
    tenant && !hasPermission(tenant.permissions, { billing: ['view'] })
      ? { title: 'Billing is not available here', text: 'This site does not take payments online. Ask your tutor or the school about what you owe.' }
      : role !== 'STUDENT' && role !== 'PARENT'
        ? { title: 'Billing is for students and parents', text: 'Sign in as a student or a parent to see lesson time and payments.' }
        : null;

  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-12 lg:px-8">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">Billing</h1>
          <p className="mt-1 text-slate-600 dark:text-slate-400">
            {role === 'PARENT' ? 'Each child’s lesson time, what changed it, and what you paid.' : 'Your lesson time, what changed it, and what you paid.'}
          </p>
        </div>
        {!refusal && (
          <div className="flex flex-wrap gap-3">
            <Link to="/subscriptions" className={primaryButton}>
              <ShoppingCart className="size-4" aria-hidden="true" />
              Buy more time
            </Link>
            <Link to="/portal/invoices" className={secondaryButton}>
              <FileText className="size-4" aria-hidden="true" />
              My invoices
            </Link>
          </div>
        )}
      </header>
      {refusal ? (
        <div className="mt-8">
          <EmptyState icon={<ShieldOff className="size-6" aria-hidden="true" />} title={refusal.title} text={refusal.text} />
        </div>
      ) : (
        <>
          {students.length === 0 ? (
            <div className="mt-8">
              <EmptyState
                icon={<ShieldOff className="size-6" aria-hidden="true" />}
                title="No children linked yet"
                text="Link your child’s account to yours to see their lesson time here."
              >
                <Link to="/manage-accounts" className={secondaryButton}>
                  Manage accounts
                </Link>
              </EmptyState>
            </div>
          ) : (
            <div className="mt-8 space-y-6">
              {students.map((student) => (
                <StudentBalance key={student._id} studentId={student._id} heading={student.heading} zone={zone} now={now} />
              ))}
            </div>
          )}
          <SubscriptionsPanel zone={zone} names={new Map(students.map((student) => [student._id, student.heading]))} />
          <PaymentsList zone={zone} showStudent={role === 'PARENT'} />
        </>
      )}
    </div>
  );
}
