import { useAtomValue } from 'jotai';
import { Wallet } from 'lucide-react';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { isTimeZone } from '../../../schema/contracts/common';
import { FALLBACK_TIME_ZONE } from '../../../schema/contracts/profile';
import { signedInUserAtom } from '../../lib/session';
import { EmptyState } from '../../ui/EmptyState';
import { tutorPayCalls } from './api';
import { LessonList } from './LessonList';
import { MonthSwitcher } from './MonthSwitcher';
import { MONTH_PATTERN, monthIn } from './month';
import { PaySummary } from './PaySummary';
import { PenaltiesSection } from './PenaltiesSection';
import { useLoad } from './use-load';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="mt-10">
      <h2 id={id} className="mb-3 text-lg font-semibold text-slate-900 dark:text-white">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The month the address names, the figures, lessons and penalties of it. */
function TutorMonths({ tutorId, zone }: { tutorId: string; zone: string }) {
  const [params, setParams] = useSearchParams();
  const thisMonth = monthIn(zone);
  const asked = params.get('month') ?? '';
  const month = MONTH_PATTERN.test(asked) && asked <= thisMonth ? asked : thisMonth;
  const { load, again } = useLoad(() => tutorPayCalls.myPay(month, zone), `${month}|${zone}`);
  return (
    <>
      <div className="mt-6 space-y-4">
        <MonthSwitcher month={month} thisMonth={thisMonth} onMonth={(next) => setParams(next === thisMonth ? {} : { month: next })} />
        <PaySummary load={load} month={month} onRetry={again} />
      </div>
      <Section id="my-pay-lessons" title="Lessons">
        <LessonList key={month} month={month} zone={zone} onConcernRaised={again} />
      </Section>
      <Section id="my-pay-penalties" title="Penalties and adjustments">
        <PenaltiesSection key={month} month={month} zone={zone} tutorId={tutorId} />
      </Section>
    </>
  );
}

/**
 * /portal/my-pay: a tutor's month in their own zone, with what it earned per currency, its lessons with their pay and
 * attendance, and the penalties and adjustments. The month is in the address (`?month=2026-11`), so it can be shared
 * and the back button returns to the month before.
 */
export default function MyPayPage() {
  const user = useAtomValue(signedInUserAtom);
  const zone = user?.timezone && isTimeZone(user.timezone) ? user.timezone : FALLBACK_TIME_ZONE;
  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6 sm:py-12 lg:px-8">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">My lessons and pay</h1>
      {user?.role.name === 'TUTOR' ? (
        <>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            What you earned each month, lesson by lesson. Months and times are in {zone.replaceAll('_', ' ')}.
          </p>
          <TutorMonths tutorId={user._id} zone={zone} />
        </>
      ) : (
        <div className="mt-6">
          <EmptyState
            icon={<Wallet className="size-6" aria-hidden="true" />}
            title="This page is for tutors"
            text="It lists a tutor's own lessons and what they are paid for them. Admins find every lesson under Lesson history."
          />
        </div>
      )}
    </div>
  );
}
