import clsx from 'clsx';
import { ClipboardList, Plus } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import type { ListResponse } from '../../../schema/contracts/common';
import type { AdminDiagnosticTestDoc } from '../../../schema/contracts/diagnostics';
import { useAdminGate } from '../../entities/roles/admin-gate';
import { useCan } from '../../entities/roles/admin-permissions';
import { cardClass, primaryButton, smallButton } from '../../ui/classes';
import { Dialog } from '../../ui/Dialog';
import { EmptyState } from '../../ui/EmptyState';
import LoadFailure from '../../ui/LoadFailure';
import { LoadingStatus } from '../../ui/LoadingStatus';
import { Pager } from '../../ui/Pager';
import { useToast } from '../../ui/toast/use-toast';
import { diagnosticTestCalls } from './api';
import TestEditor from './TestEditor';

const LIMIT = 20;

type Editing = { test: AdminDiagnosticTestDoc | null } | null;

/** /portal/admin/diagnostic-tests: the diagnostic tests learners take, drafts included, to write, edit and publish. */
export default function DiagnosticTestsAdminPage() {
  const gate = useAdminGate(
    { adminContent: ['view'] },
    { title: 'Diagnostic tests are not part of your role', text: 'Ask an administrator for the content permission to write diagnostic tests.' },
  );
  if (gate) return gate;
  return <DiagnosticTests />;
}

function DiagnosticTests() {
  const can = useCan();
  const toast = useToast();
  const [offset, setOffset] = useState(0);
  const [attempt, setAttempt] = useState(0);
  const [page, setPage] = useState<ListResponse<AdminDiagnosticTestDoc> | 'loading' | 'error'>('loading');
  const [editing, setEditing] = useState<Editing>(null);
  const [busyId, setBusyId] = useState<string | null>(null);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  useEffect(() => {
    const controller = new AbortController();
    setPage('loading');
    diagnosticTestCalls.list({ limit: LIMIT, offset }, controller.signal).then(setPage, () => {
      if (!controller.signal.aborted) setPage('error');
    });
    return () => controller.abort();
  }, [offset, attempt]);

  const replace = (doc: AdminDiagnosticTestDoc) =>
    setPage((current) => {
      if (typeof current !== 'object') return current;
      const known = current.docs.some((d) => d._id === doc._id);
      return known
        ? { ...current, docs: current.docs.map((d) => (d._id === doc._id ? doc : d)) }
        : { ...current, docs: [doc, ...current.docs], totalDocs: current.totalDocs + 1 };
    });

  const edit = async (id: string) => {
    setBusyId(id);
    try {
      setEditing({ test: await diagnosticTestCalls.get(id) });
    } catch (error) {
      toast.error(error);
    } finally {
      setBusyId(null);
    }
  };

  const publish = async (test: AdminDiagnosticTestDoc) => {
    setBusyId(test._id);
    try {
      const saved = await diagnosticTestCalls.publish(test._id, !test.isPublished);
      replace(saved);
      toast.success(
        saved.isPublished ? `${saved.title} is published: learners can take it now.` : `${saved.title} is back to a draft: learners no longer see it.`,
      );
    } catch (error) {
      toast.error(error);
    } finally {
      setBusyId(null);
    }
  };

  return (
    <section className="mx-auto max-w-5xl px-4 py-8 sm:px-6" aria-labelledby="diagnostic-tests-heading">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 id="diagnostic-tests-heading" className="flex items-center gap-2 text-2xl font-bold tracking-tight text-slate-900 dark:text-white">
            <ClipboardList className="size-6 text-brand-deep" aria-hidden="true" />
            Diagnostic tests
          </h1>
          <p className="mt-1 text-slate-600 dark:text-slate-400">
            Short tests learners take to find their level. A new test stays a draft until you publish it.
          </p>
        </div>
        {can({ adminContent: ['create'] }) && (
          <button type="button" className={`${primaryButton} shrink-0`} onClick={() => setEditing({ test: null })}>
            <Plus className="size-4" aria-hidden="true" />
            New test
          </button>
        )}
      </div>
      <div className="mt-6" aria-busy={page === 'loading'}>
        {page === 'loading' && <LoadingStatus className="py-16" />}
        {page === 'error' && <LoadFailure onRetry={retry} />}
        {typeof page === 'object' && page.docs.length === 0 && (
          <EmptyState
            icon={<ClipboardList className="size-6" aria-hidden="true" />}
            title="No diagnostic tests yet"
            text="Write one from the question bank; learners see it once it is published."
          />
        )}
        {typeof page === 'object' && page.docs.length > 0 && (
          <>
            <ul className="space-y-3">
              {page.docs.map((t) => (
                <li key={t._id} className={`${cardClass} flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between`}>
                  <div className="min-w-0">
                    <p className="font-semibold text-slate-900 dark:text-white">{t.title}</p>
                    <p className="text-sm text-slate-600 dark:text-slate-400">
                      {t.curriculum} · {t.subject} · {t.grade} · {t.questionCount} {t.questionCount === 1 ? 'question' : 'questions'}
                    </p>
                    <p
                      className={clsx(
                        'mt-1 inline-block rounded-full px-2.5 py-0.5 text-sm font-medium',
                        t.isPublished
                          ? 'bg-emerald-50 text-emerald-800 dark:bg-emerald-500/10 dark:text-emerald-200'
                          : 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200',
                      )}
                    >
                      {t.isPublished ? 'Published: learners can take it' : 'Draft: only admins see it'}
                    </p>
                  </div>
                  {can({ adminContent: ['edit'] }) && (
                    <div className="flex flex-wrap gap-2">
                      <button type="button" className={smallButton} disabled={busyId === t._id} onClick={() => void edit(t._id)} aria-label={`Edit ${t.title}`}>
                        Edit
                      </button>
                      <button
                        type="button"
                        className={smallButton}
                        disabled={busyId === t._id}
                        onClick={() => void publish(t)}
                        aria-label={`${t.isPublished ? 'Unpublish' : 'Publish'} ${t.title}`}
                      >
                        {t.isPublished ? 'Unpublish' : 'Publish'}
                      </button>
                    </div>
                  )}
                </li>
              ))}
            </ul>
            <div className="mt-4">
              <Pager offset={page.offset} limit={page.limit} total={page.totalDocs} onOffset={setOffset} />
            </div>
          </>
        )}
      </div>
      <Dialog open={editing !== null} onClose={() => setEditing(null)} title={editing?.test ? 'Edit the test' : 'New diagnostic test'} wide>
        {editing && (
          <TestEditor
            test={editing.test}
            onCancel={() => setEditing(null)}
            onSaved={(doc) => {
              replace(doc);
              setEditing(null);
            }}
          />
        )}
      </Dialog>
    </section>
  );
}
