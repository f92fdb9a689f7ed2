import { ClipboardCheck } from 'lucide-react';
import { Link } from 'react-router-dom';
import { cardClass, primaryButton } from '../../ui/classes';
import LoadFailure from '../../ui/LoadFailure';
import { LoadingStatus } from '../../ui/LoadingStatus';
import { diagnosticCalls } from './api';
import { useLoad } from './use-load';

/** The tests on offer; anyone may take one, a visitor included. */
export default function DiagnosticsPage() {
  const { load, retry } = useLoad(diagnosticCalls.tests);
  return (
    <section className="mx-auto max-w-3xl px-4 py-8 sm:py-12" aria-labelledby="diagnostics-heading">
      <h1 id="diagnostics-heading" className="flex items-center gap-2 text-2xl font-bold tracking-tight text-slate-900 dark:text-white">
        <ClipboardCheck className="size-6 text-brand-deep" aria-hidden="true" />
        Diagnostic tests
      </h1>
      <p className="mt-2 text-slate-600 dark:text-slate-400">
        A short test shows where you stand, topic by topic, and which level and how many lessons to start with.
      </p>
      {load.state === 'loading' && <LoadingStatus className="py-16" />}
      {(load.state === 'failed' || load.state === 'missing') && (
        <div className="mt-8">
          <LoadFailure onRetry={retry} />
        </div>
      )}
      {load.state === 'ready' && load.data.length === 0 && (
        <p className="mt-8 text-slate-600 dark:text-slate-400">There is no diagnostic test here yet. Please come back soon.</p>
      )}
      {load.state === 'ready' && load.data.length > 0 && (
        <ul className="mt-6 space-y-4">
          {load.data.map((test) => (
            <li key={test._id} className={`p-5 ${cardClass}`}>
              <h2 className="text-lg font-semibold text-slate-900 dark:text-white">{test.title}</h2>
              <p className="text-sm text-slate-500 dark:text-slate-400">
                {test.curriculum} · {test.subject} · {test.grade} · {test.questionCount} questions
              </p>
              {test.description && <p className="mt-2 text-slate-700 dark:text-slate-300">{test.description}</p>}
              <Link to={`/diagnostics/take/${encodeURIComponent(test._id)}`} className={`mt-4 ${primaryButton}`}>
                Start the test
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
