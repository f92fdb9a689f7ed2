import { CreditCard } from 'lucide-react';
import { useCallback, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { formatDuration } from '../../../schema/contracts/durations';
import { formatMoney } from '../../../schema/contracts/money';
import { useOpenUrl } from '../../entities/payments/use-open-url';
import { errorMessageText } from '../../lib/errors';
import { cardClass, primaryButton, secondaryButton } from '../../ui/classes';
import LoadFailure from '../../ui/LoadFailure';
import { LoadingStatus } from '../../ui/LoadingStatus';
import NotFoundPage from '../../ui/NotFoundPage';
import { diagnosticCalls } from './api';
import { useLoad } from './use-load';

/** Spec 3's `/payment/{diagnosticId}`: pay for the lessons a diagnostic recommends, at the price set for this learner. */
export default function DiagnosticPaymentPage() {
  const { diagnosticId = '' } = useParams();
  const share = useSearchParams()[0].get('share');
  const read = useCallback((signal: AbortSignal) => diagnosticCalls.offer(diagnosticId, share, signal), [diagnosticId, share]);
  const { load, retry } = useLoad(read);
  const openUrl = useOpenUrl();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  if (load.state === 'loading') return <LoadingStatus className="py-24" />;
  if (load.state === 'missing') return <NotFoundPage />;
  if (load.state === 'failed')
    return (
      <div className="mx-auto max-w-xl px-4 py-12">
        <LoadFailure onRetry={retry} />
      </div>
    );
  const { diagnostic: doc, plan, blocked } = load.data;
  const resultPath = `/diagnostics/${encodeURIComponent(doc._id)}${share ? `?share=${encodeURIComponent(share)}` : ''}`;

  async function pay() {
    setBusy(true);
    setFailure(null);
    try {
      openUrl((await diagnosticCalls.checkout(doc._id)).url);
    } catch (error) {
      setFailure(errorMessageText(error));
      setBusy(false);
    }
  }

  return (
    <section className="mx-auto max-w-xl px-4 py-8 sm:py-12" aria-labelledby="diagnostic-payment-heading">
      <h1 id="diagnostic-payment-heading" className="flex items-center gap-2 text-2xl font-bold tracking-tight text-slate-900 dark:text-white">
        <CreditCard className="size-6 text-brand-deep" aria-hidden="true" />
        Pay for lessons
      </h1>
      <p className="mt-2 text-slate-600 dark:text-slate-400">
        {doc.learnerName} scored {doc.percent}% on the {doc.title}. We recommend the {doc.recommendation.level} level
        {doc.recommendation.course ? ` on “${doc.recommendation.course.title}”` : ''}.
      </p>
      <div className={`mt-6 p-5 sm:p-6 ${cardClass}`}>
        {plan ? (
          <dl className="space-y-3">
            <div>
              <dt className="text-sm text-slate-500 dark:text-slate-400">Lessons</dt>
              <dd className="text-lg font-semibold text-slate-900 dark:text-white">{plan.name}</dd>
              <dd className="text-sm text-slate-600 dark:text-slate-400">{formatDuration(plan.minutes)} of lessons</dd>
            </div>
            <div>
              <dt className="text-sm text-slate-500 dark:text-slate-400">Price</dt>
              <dd className="text-2xl font-bold text-slate-900 tabular-nums dark:text-white">{formatMoney(plan.price.amount, plan.price.currency)}</dd>
            </div>
          </dl>
        ) : (
          <p className="text-slate-700 dark:text-slate-300">
            {doc.recommendation.plan ? `We recommend ${doc.recommendation.plan.name}.` : `We recommend ${doc.recommendation.hours} hours of lessons.`}
          </p>
        )}
        {blocked && (
          <p className="mt-4 rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100" role="note">
            {blocked}
          </p>
        )}
        {failure && (
          <p role="alert" className="mt-4 text-sm text-rose-700 dark:text-rose-300">
            {failure}
          </p>
        )}
        <div className="mt-6 flex flex-wrap gap-3">
          {!blocked && (
            <button type="button" className={primaryButton} onClick={() => void pay()} disabled={busy}>
              {busy ? 'Opening the checkout…' : 'Pay now'}
            </button>
          )}
          {blocked && doc.access === 'own' && (
            <Link to="/sign-up" className={primaryButton}>
              Create an account
            </Link>
          )}
          {blocked && doc.access === 'shared' && (
            <Link to="/login" className={primaryButton}>
              Sign in
            </Link>
          )}
          <Link to={resultPath} className={secondaryButton}>
            Back to the result
          </Link>
        </div>
      </div>
    </section>
  );
}
