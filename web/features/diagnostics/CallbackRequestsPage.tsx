import clsx from 'clsx';
import { format } from 'date-fns';
import { CheckCircle2, PhoneCall, UserRound } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { type CallbackRequestDoc, callbackStateText, type Teammate } from '../../../schema/contracts/diagnostics';
import { useAdminGate } from '../../entities/roles/admin-gate';
import { useCan } from '../../entities/roles/admin-permissions';
import { cardClass, smallButton } from '../../ui/classes';
import { Dialog } from '../../ui/Dialog';
import LoadFailure from '../../ui/LoadFailure';
import { LoadingStatus } from '../../ui/LoadingStatus';
import { Pager } from '../../ui/Pager';
import { diagnosticCalls } from './api';
import { AssignCallbackForm, CloseCallbackForm } from './CallbackForms';
import { useLoad } from './use-load';

const PAGE = 20;

type Editing = { kind: 'assign' | 'close'; request: CallbackRequestDoc } | null;

/** The families who asked to be called about a diagnostic: open requests first, each with who has it and how it went. */
export default function CallbackRequestsPage() {
  const gate = useAdminGate(
    { trialClasses: ['view'] },
    { title: 'Callback requests are not part of your role', text: 'Ask an administrator for the trial classes permission to see who asked for a call.' },
  );
  if (gate) return gate;
  return <CallbackRequests />;
}

function CallbackRequests() {
  const can = useCan();
  const mayEdit = can({ trialClasses: ['edit'] });
  const [offset, setOffset] = useState(0);
  const [editing, setEditing] = useState<Editing>(null);
  const [teammates, setTeammates] = useState<Teammate[]>([]);
  const read = useCallback((signal: AbortSignal) => diagnosticCalls.callbacks({ limit: PAGE, offset }, signal), [offset]);
  const { load, retry, replace } = useLoad(read);

  useEffect(() => {
    if (!mayEdit) return;
    const controller = new AbortController();
    // Without the list the dialog still offers "Nobody yet"; the page itself does not depend on it.
    diagnosticCalls.teammates(controller.signal).then(setTeammates, () => undefined);
    return () => controller.abort();
  }, [mayEdit]);

  const saved = (doc: CallbackRequestDoc) => {
    if (load.state === 'ready') replace({ ...load.data, docs: load.data.docs.map((d) => (d._id === doc._id ? doc : d)) });
    setEditing(null);
  };

  return (
    <section className="mx-auto max-w-5xl px-4 py-8" aria-labelledby="callbacks-heading">
      <h1 id="callbacks-heading" className="flex items-center gap-2 text-2xl font-bold tracking-tight text-slate-900 dark:text-white">
        <PhoneCall className="size-6 text-brand-deep" aria-hidden="true" />
        Callback requests
      </h1>
      <p className="mt-1 text-slate-600 dark:text-slate-400">Families who asked us to call them about a diagnostic result. Open requests come first.</p>
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
              <li key={r._id} className={clsx('grid gap-3 p-4 sm:grid-cols-[1fr_auto]', cardClass, r.status === 'DONE' && 'opacity-80')}>
                <div className="min-w-0">
                  <p className="font-semibold text-slate-900 dark:text-white">
                    {r.name} <span className="font-normal text-slate-500 dark:text-slate-400">({r.via === 'parent' ? 'a parent' : 'the learner'})</span>
                  </p>
                  <p className="text-sm break-words text-slate-700 dark:text-slate-300">
                    {[r.email, r.phone].filter(Boolean).join(' · ') || 'No contact details were given'}
                  </p>
                  <p className="text-sm text-slate-600 dark:text-slate-400">
                    {r.subject}, {r.grade}: {r.percent}%, {r.level} level recommended
                  </p>
                  <p
                    className={clsx(
                      'mt-2 inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-sm font-medium',
                      r.status === 'DONE'
                        ? 'bg-emerald-50 text-emerald-800 dark:bg-emerald-500/10 dark:text-emerald-200'
                        : 'bg-amber-50 text-amber-900 dark:bg-amber-500/10 dark:text-amber-100',
                    )}
                  >
                    {r.status === 'DONE' ? <CheckCircle2 className="size-4" aria-hidden="true" /> : <UserRound className="size-4" aria-hidden="true" />}
                    {callbackStateText(r)}
                    {r.closedAt ? ` on ${format(new Date(r.closedAt), 'd MMM yyyy')}` : ''}
                  </p>
                  {r.note && <p className="mt-2 text-sm whitespace-pre-line text-slate-700 dark:text-slate-300">Note: {r.note}</p>}
                </div>
                <div className="flex flex-col items-start gap-2 sm:items-end">
                  <p className="text-sm text-slate-500 dark:text-slate-400">Asked {format(new Date(r.createdAt), 'd MMM yyyy, HH:mm')}</p>
                  {mayEdit && r.status === 'OPEN' && (
                    <div className="flex flex-wrap gap-2">
                      <button
                        type="button"
                        className={smallButton}
                        onClick={() => setEditing({ kind: 'assign', request: r })}
                        aria-label={`Assign the call to ${r.name}`}
                      >
                        Assign
                      </button>
                      <button
                        type="button"
                        className={smallButton}
                        onClick={() => setEditing({ kind: 'close', request: r })}
                        aria-label={`Mark the call to ${r.name} as done`}
                      >
                        Mark as done
                      </button>
                    </div>
                  )}
                </div>
              </li>
            ))}
          </ul>
          <div className="mt-4">
            <Pager offset={offset} limit={PAGE} total={load.data.totalDocs} onOffset={setOffset} />
          </div>
        </>
      )}
      <Dialog open={editing !== null} onClose={() => setEditing(null)} title={editing?.kind === 'close' ? 'Mark the call as done' : 'Assign the call'}>
        {editing?.kind === 'assign' && <AssignCallbackForm request={editing.request} teammates={teammates} onSaved={saved} onCancel={() => setEditing(null)} />}
        {editing?.kind === 'close' && <CloseCallbackForm request={editing.request} onSaved={saved} onCancel={() => setEditing(null)} />}
      </Dialog>
    </section>
  );
}
