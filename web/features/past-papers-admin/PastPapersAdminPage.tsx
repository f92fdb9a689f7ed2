import { ScrollText } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import type { ListResponse } from '../../../schema/contracts/common';
import type { PastPaperDoc } from '../../../schema/contracts/past-papers';
import { useAdminGate } from '../../entities/roles/admin-gate';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { cardClass } from '../../ui/classes';
import { EmptyState } from '../../ui/EmptyState';
import LoadFailure from '../../ui/LoadFailure';
import { LoadingStatus } from '../../ui/LoadingStatus';
import { Pager } from '../../ui/Pager';
import { SearchField } from '../../ui/SearchField';
import { pastPaperAdminCalls } from './api';
import ImportForm from './ImportForm';

const LIMIT = 20;

/** /portal/admin/past-papers: the imported past-paper catalogues, and the CSV or JSON upload that adds to them. */
export default function PastPapersAdminPage() {
  const gate = useAdminGate(
    { pastPapers: ['view'] },
    { title: 'Past papers are not part of your role', text: 'Ask an administrator for the past-papers permission to see the catalogues.' },
  );
  const [version, setVersion] = useState(0);
  if (gate) return gate;
  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6 sm:py-12 lg:px-8">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">Past papers</h1>
      <p className="mt-2 max-w-2xl text-slate-600 dark:text-slate-400">
        The exam boards’ catalogues learners open from each subject’s past-paper page. Upload a board’s list to add papers or correct their links, with the
        papers’ questions and mark schemes for topical practice.
      </p>
      <ImportForm onImported={() => setVersion((v) => v + 1)} />
      <Catalogue version={version} />
    </div>
  );
}

function Catalogue({ version }: { version: number }) {
  const [search, setSearch] = useState('');
  const searchText = useDebouncedValue(search.trim());
  const [offset, setOffset] = useState(0);
  const [attempt, setAttempt] = useState(0);
  const [page, setPage] = useState<ListResponse<PastPaperDoc> | 'loading' | 'error'>('loading');
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  useEffect(() => setOffset(0), [searchText]);
  useEffect(() => {
    const controller = new AbortController();
    setPage('loading');
    pastPaperAdminCalls
      .list({ limit: LIMIT, offset, ...(searchText ? { searchText } : {}) }, controller.signal)
      .then(setPage)
      .catch(() => {
        if (!controller.signal.aborted) setPage('error');
      });
    return () => controller.abort();
  }, [offset, searchText, version, attempt]);

  return (
    <section className="mt-8" aria-labelledby="catalogue-title">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <h2 id="catalogue-title" className="text-lg font-semibold text-slate-900 dark:text-white">
          Catalogue
        </h2>
        <SearchField id="past-paper-search" value={search} onChange={setSearch} placeholder="Label or code" className="sm:w-72" />
      </div>
      <div className="mt-4" aria-busy={page === 'loading'}>
        {page === 'loading' && <LoadingStatus className="py-16" />}
        {page === 'error' && <LoadFailure onRetry={retry} />}
        {typeof page === 'object' && page.docs.length === 0 && (
          <EmptyState
            icon={<ScrollText className="size-6" aria-hidden="true" />}
            title={searchText ? 'No paper matches' : 'No papers yet'}
            text={searchText ? 'Try part of the label or the code.' : 'Import a board’s catalogue to list its papers here.'}
          />
        )}
        {typeof page === 'object' && page.docs.length > 0 && (
          <>
            <ul className={`${cardClass} divide-y divide-slate-200 dark:divide-slate-800`}>
              {page.docs.map((p) => (
                <li key={p._id} className="flex flex-col gap-1 p-4 sm:flex-row sm:items-center sm:justify-between">
                  <div>
                    <p className="font-medium text-slate-900 dark:text-white">
                      {p.board} · {p.subjectKey}
                      {p.subjectCode ? ` (${p.subjectCode})` : ''}
                    </p>
                    <p className="text-sm text-slate-600 dark:text-slate-400">
                      {p.session ? `${p.session} ` : ''}
                      {p.year} · {p.label} · {p.code}
                    </p>
                  </div>
                  <p className="text-sm text-slate-500 dark:text-slate-400">{p.marking ? 'Paper and mark scheme' : 'Paper only'}</p>
                </li>
              ))}
            </ul>
            <Pager offset={page.offset} limit={page.limit} total={page.totalDocs} onOffset={setOffset} />
          </>
        )}
      </div>
    </section>
  );
}
