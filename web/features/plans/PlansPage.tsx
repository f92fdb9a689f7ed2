import { useAtomValue } from 'jotai';
import { Info, PackageOpen, ShieldOff } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { hasPermission } from '../../../schema/contracts/permissions';
import type { PricedPlan } from '../../../schema/contracts/pricing';
import { useOpenUrl } from '../../entities/payments/use-open-url';
import { tenantAtom } from '../../entities/tenant/atoms';
import { errorMessageText } from '../../lib/errors';
import { fullName } from '../../lib/people';
import { sessionAtom } from '../../lib/session';
import { secondaryButton } from '../../ui/classes';
import { EmptyState } from '../../ui/EmptyState';
import { InlineLoadFailure } from '../../ui/InlineLoadFailure';
import { LoadingStatus } from '../../ui/LoadingStatus';
import { planCalls } from './api';
import { ChildPicker } from './ChildPicker';
import { BuyButton, lessonTimeFact, PlanCard } from './PlanCard';
import { PremiumCard } from './PremiumCard';
import { everyText, periodText } from './plan-words';
import { usePlans } from './use-plans';

const gridClass = 'mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3';

/**
 * /subscriptions (spec 1's "Subscription plans"): the plans offered to a student at their own price. A student buys
 * for themselves, a parent for the child they choose; Buy starts checkout, and checkout returns to a result page.
 */
export default function PlansPage() {
  const session = useAtomValue(sessionAtom);
  const tenant = useAtomValue(tenantAtom);
  const user = session?.user;
  const role = user?.role.name;
  const children = role === 'PARENT' ? (user?.userMapper ?? []) : [];
  const actingChild = children.find((child) => child._id === session?.actingUserId);
  const [picked, setPicked] = useState<string | null>(actingChild?._id ?? (children.length === 1 ? children[0]!._id : null));
  const studentId = role === 'STUDENT' ? (user?._id ?? null) : picked;
  const plans = usePlans(role === 'STUDENT' || role === 'PARENT' ? studentId : null);
  const mode = tenant?.payments ?? null;
  const forName = role === 'PARENT' && studentId ? fullName(children.find((c) => c._id === studentId) ?? { firstname: '', lastname: '' }, 'your child') : null;

  const header = (
    <header>
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">Plans</h1>
      <p className="mt-1 text-slate-600 dark:text-slate-400">
        {role === 'PARENT'
          ? 'Buy lesson time for your child to spend on any of their lessons. Prices are for the child you choose.'
          : 'Buy lesson time to spend on any of your lessons, at your own prices.'}
      </p>
    </header>
  );

  const refusal =
    tenant && !hasPermission(tenant.permissions, { billing: ['view'] })
      ? { title: 'Plans are not sold here', text: 'Buying lesson time online is not available on this site. Ask your tutor or the school how to pay.' }
      : role !== 'STUDENT' && role !== 'PARENT'
        ? { title: 'Plans are for students and parents', text: 'Sign in as a student or a parent to buy lesson time.' }
        : role === 'PARENT' && children.length === 0
          ? { title: 'No children linked yet', text: 'Link your child’s account to yours first; then you can buy lesson time for them here.' }
          : null;

  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6 sm:py-12 lg:px-8">
      {header}
      {refusal ? (
        <div className="mt-8">
          <EmptyState icon={<ShieldOff className="size-6" aria-hidden="true" />} title={refusal.title} text={refusal.text}>
            {role === 'PARENT' && children.length === 0 && (
              <Link to="/manage-accounts" className={secondaryButton}>
                Manage accounts
              </Link>
            )}
          </EmptyState>
        </div>
      ) : (
        <>
          <PaymentsModeNote mode={mode} />
          {role === 'PARENT' && (
            <div className="mt-6">
              <ChildPicker options={children} chosen={picked} onChoose={setPicked} />
            </div>
          )}
          {studentId === null ? (
            <p className="mt-8 text-slate-600 dark:text-slate-300">Choose a child to see the plans and prices for them.</p>
          ) : (
            <>
              <PlanLists load={plans} studentId={studentId} forName={forName} canBuy={mode !== null} />
              <PremiumCard key={studentId} studentId={studentId} forName={forName} canBuy={mode !== null} />
            </>
          )}
        </>
      )}
    </div>
  );
}

/** Tells people before they buy whether a card will be charged, and whether anything can be bought at all. */
function PaymentsModeNote({ mode }: { mode: 'stripe' | 'simulated' | null }) {
  const text =
    mode === 'simulated'
      ? 'Payments here are simulated: no card is charged.'
      : mode === 'stripe'
        ? 'You pay on Stripe’s secure checkout page and come back here when it is done.'
        : 'Card payments are not set up on this site yet, so plans cannot be bought here for now.';
  return (
    <p
      className={`mt-6 flex items-start gap-2 rounded-2xl px-4 py-3 text-sm ${mode === 'stripe' ? 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200' : 'bg-amber-50 text-amber-900 ring-1 ring-amber-200 dark:bg-amber-950/40 dark:text-amber-100 dark:ring-amber-900'}`}
      data-testid="payments-mode"
    >
      <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      {text}
    </p>
  );
}

function PlanLists({ load, studentId, forName, canBuy }: { load: ReturnType<typeof usePlans>; studentId: string; forName: string | null; canBuy: boolean }) {
  const openUrl = useOpenUrl();
  const [buying, setBuying] = useState<string | null>(null);
  const [failure, setFailure] = useState<{ planId: string; text: string } | null>(null);

  if (load.state === 'failed') {
    return (
      <div className="mt-8">
        <InlineLoadFailure what="The plans" onRetry={load.retry} />
      </div>
    );
  }
  if (load.state !== 'ready') return <LoadingStatus className="py-16" />;

  const buy = async (plan: PricedPlan, kind: 'flexible' | 'subscription') => {
    setBuying(plan._id);
    setFailure(null);
    try {
      const { url } = await (kind === 'flexible' ? planCalls.buyFlexible : planCalls.subscribe)(plan._id, studentId);
      openUrl(url);
    } catch (error) {
      setFailure({ planId: plan._id, text: errorMessageText(error) });
      setBuying(null);
    }
  };

  const footerFor = (plan: PricedPlan, kind: 'flexible' | 'subscription') => (
    <>
      <BuyButton
        label={`${kind === 'flexible' ? 'Buy' : 'Subscribe to'} ${plan.name}${forName ? ` for ${forName}` : ''}`}
        busy={buying === plan._id}
        disabled={!canBuy || buying !== null}
        onBuy={() => void buy(plan, kind)}
      />
      {failure?.planId === plan._id && (
        <p role="alert" className="mt-2 text-sm text-rose-700 dark:text-rose-300">
          {failure.text}
        </p>
      )}
    </>
  );

  return (
    <>
      <section className="mt-8" aria-labelledby="flexible-plans-heading">
        <h2 id="flexible-plans-heading" className="text-xl font-semibold text-slate-900 dark:text-white">
          Lesson time packs
        </h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">Pay once; the hours are added to the balance straight away.</p>
        {load.flexible.length === 0 ? (
          <div className="mt-4">
            <EmptyState
              icon={<PackageOpen className="size-6" aria-hidden="true" />}
              title="No packs on offer"
              text={`There are no lesson time packs for ${forName ?? 'you'} right now. Ask us if you need more time.`}
            />
          </div>
        ) : (
          <div className={gridClass}>
            {load.flexible.map((plan) => (
              <PlanCard
                key={plan._id}
                plan={plan}
                facts={[lessonTimeFact(plan), { label: 'Use within', value: periodText(plan.duration, plan.durationUnit) }]}
                footer={footerFor(plan, 'flexible')}
              />
            ))}
          </div>
        )}
      </section>
      {load.subscription.length > 0 && (
        <section className="mt-10" aria-labelledby="subscription-plans-heading">
          <h2 id="subscription-plans-heading" className="text-xl font-semibold text-slate-900 dark:text-white">
            Subscriptions
          </h2>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            Lesson time every period, renewed and charged automatically until it is cancelled from Billing.
          </p>
          <div className={gridClass}>
            {load.subscription.map((plan) => (
              <PlanCard
                key={plan._id}
                plan={plan}
                facts={[lessonTimeFact(plan), { label: 'Renews', value: everyText(plan) }]}
                footer={footerFor(plan, 'subscription')}
              />
            ))}
          </div>
        </section>
      )}
    </>
  );
}
