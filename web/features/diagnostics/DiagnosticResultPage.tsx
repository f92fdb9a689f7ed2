import { format } from 'date-fns';
import { useCallback, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { diagnosticToasts } from '../../../schema/contracts/diagnostics';
import { cardClass, primaryButton, secondaryButton } from '../../ui/classes';
import LoadFailure from '../../ui/LoadFailure';
import { LoadingStatus } from '../../ui/LoadingStatus';
import NotFoundPage from '../../ui/NotFoundPage';
import { useToast } from '../../ui/toast/use-toast';
import { AnswerReview } from './AnswerReview';
import { diagnosticCalls } from './api';
import { ResultSummary } from './ResultSummary';
import { ShareWithParent } from './ShareWithParent';
import { useLoad } from './use-load';

/** A diagnostic's result, to the learner, their parents, or a parent who opened the e-mailed link. */
export default function DiagnosticResultPage() {
  const { diagnosticId = '' } = useParams();
  const share = useSearchParams()[0].get('share');
  const read = useCallback((signal: AbortSignal) => diagnosticCalls.get(diagnosticId, share, signal), [diagnosticId, share]);
  const { load, retry, replace } = useLoad(read);
  const toast = useToast();
  const [asking, setAsking] = useState(false);

  if (load.state === 'loading') return <LoadingStatus className="py-24" />;
  if (load.state === 'missing') return <NotFoundPage />;
  if (load.state === 'failed')
    return (
      <div className="mx-auto max-w-xl px-4 py-12">
        <LoadFailure onRetry={retry} />
      </div>
    );
  const doc = load.data;

  async function requestCallback() {
    setAsking(true);
    try {
      const { message } = await diagnosticCalls.requestCallback(doc._id, share);
      toast.success(message);
      replace({ ...doc, callbackRequested: true });
    } catch (error) {
      toast.error(error);
    } finally {
      setAsking(false);
    }
  }

  const heading = doc.access === 'own' ? 'Your diagnostic result' : `${doc.learnerName}’s diagnostic result`;
  const paymentPath = `/payment/${encodeURIComponent(doc._id)}${share ? `?share=${encodeURIComponent(share)}` : ''}`;
  return (
    <section className="mx-auto max-w-3xl px-4 py-8 sm:py-12" aria-labelledby="result-heading">
      <h1 id="result-heading" className="text-2xl font-bold tracking-tight text-slate-900 dark:text-white">
        {heading}
      </h1>
      <p className="mt-1 text-slate-600 dark:text-slate-400">
        {doc.title} · {doc.curriculum} {doc.subject}, {doc.grade} · taken on {format(new Date(doc.createdAt), 'd MMMM yyyy')}
      </p>
      <div className="mt-6">
        <ResultSummary doc={doc} />
      </div>
      <div className={`mt-6 p-5 sm:p-6 ${cardClass}`}>
        <h2 className="text-base font-semibold text-slate-900 dark:text-white">What next</h2>
        <div className="mt-4 flex flex-wrap items-start gap-3">
          <Link to={paymentPath} className={primaryButton}>
            Pay for these lessons
          </Link>
          {doc.callbackRequested ? (
            <p className="self-center text-sm text-emerald-700 dark:text-emerald-300" role="status">
              {diagnosticToasts.callbackRequested}
            </p>
          ) : (
            <button type="button" className={secondaryButton} onClick={() => void requestCallback()} disabled={asking}>
              {asking ? 'Asking…' : 'Request a callback'}
            </button>
          )}
          {doc.access !== 'shared' && <ShareWithParent diagnosticId={doc._id} />}
        </div>
      </div>
      <div className="mt-6">
        <AnswerReview diagnosticId={doc._id} share={share} />
      </div>
    </section>
  );
}
