import { format } from 'date-fns';
import { PhoneCall } from 'lucide-react';
import { useCallback, useState } from 'react';
import { cardClass } from '../../ui/classes';
import LoadFailure from '../../ui/LoadFailure';
import { LoadingStatus } from '../../ui/LoadingStatus';
import { Pager } from '../../ui/Pager';
import { diagnosticCalls } from './api';
import { useLoad } from './use-load';

const PAGE = 20;

/** The families who asked to be called about a diagnostic, newest first, with what their result said. */
export default function CallbackRequestsPage() {
  const [offset, setOffset] = useState(0);
  const read = useCallback((signal: AbortSignal) => diagnosticCalls.callbacks({ limit: PAGE, offset }, signal), [offset]);
  const { load, retry } = useLoad(read);
  return (
    <section className="mx-auto max-w-5xl px-4 py-8" aria-labelledby="callbacks-heading">
      <h1 id="callbacks-heading" className="flex items-center gap-2 text-2xl font-bold tracking-tight text-slate-900 dark:text-white">
        <PhoneCall className="size-6 text-brand-deep" aria-hidden="true" />
        Callback requests
      </h1>
      <p className="mt-1 text-slate-600 dark:text-slate-400">Families who asked us to call them about a diagnostic result.</p>
      {load.state === 'loading' && <LoadingStatus className="py-16" />}
      {(load.state === 'failed' || load.state === 'missing') && (
        <div className="mt-6">
          <LoadFailure onRetry={retry} />
        </div>
      )}
      {load.state === 'ready' && load.data.docs.length === 0 && <p className="mt-8 text-slate-600 dark:text-slate-400">Nobody has asked for a call yet.</p>}
      {load.state === 'ready' && load.data.docs.length > 0 && (
        <>
          <ul className="mt-6 space-y-3">
            {load.data.docs.map((r) => (
              <li key={r._id} className={`grid gap-1 p-4 sm:grid-cols-[1fr_auto] ${cardClass}`}>
                <div>
                  <p className="font-semibold text-slate-900 dark:text-white">
                    {r.name} <span className="font-normal text-slate-500 dark:text-slate-400">({r.via === 'parent' ? 'a parent' : 'the learner'})</span>
                  </p>
                  <p className="text-sm text-slate-700 dark:text-slate-300">
                    {[r.email, r.phone].filter(Boolean).join(' · ') || 'No contact details were given'}
                  </p>
                  <p className="text-sm text-slate-600 dark:text-slate-400">
                    {r.subject}, {r.grade}: {r.percent}%, {r.level} level recommended
                  </p>
                </div>
                <p className="text-sm text-slate-500 dark:text-slate-400">{format(new Date(r.createdAt), 'd MMM yyyy, HH:mm')}</p>
              </li>
            ))}
          </ul>
          <div className="mt-4">
            <Pager offset={offset} limit={PAGE} total={load.data.totalDocs} onOffset={setOffset} />
          </div>
        </>
      )}
    </section>
  );
}
