import { ScrollText, Upload } from 'lucide-react';
import { type FormEvent, useCallback, useEffect, useId, useState } from 'react';
import type { ListResponse } from '../../../schema/contracts/common';
import type { PastPaperDoc } from '../../../schema/contracts/past-papers';
import { useAdminGate } from '../../entities/roles/admin-gate';
import { useCan } from '../../entities/roles/admin-permissions';
import { errorMessageText } from '../../lib/errors';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { cardClass, primaryButton } from '../../ui/classes';
import { EmptyState } from '../../ui/EmptyState';
import LoadFailure from '../../ui/LoadFailure';
import { LoadingStatus } from '../../ui/LoadingStatus';
import { Pager } from '../../ui/Pager';
import { SearchField } from '../../ui/SearchField';
import Spinner from '../../ui/Spinner';
import { pastPaperAdminCalls } from './api';
import { CSV_EXAMPLE, parseCatalogue } from './catalogue-file';

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
        The exam boards’ catalogues learners open from each subject’s past-paper page. Upload a board’s list to add papers or correct their links.
      </p>
      <ImportForm onImported={() => setVersion((v) => v + 1)} />
      <Catalogue version={version} />
    </div>
  );
}

function ImportForm({ onImported }: { onImported: () => void }) {
  const can = useCan();
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  if (!can({ pastPapers: ['import'] })) return null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) {
      setOutcome({ ok: false, text: 'Choose a CSV or JSON file first.' });
      return;
    }
    setBusy(true);
    setOutcome(null);
    try {
      const parsed = parseCatalogue(file.name, await file.text());
      if ('error' in parsed) {
        setOutcome({ ok: false, text: parsed.error });
        return;
      }
      const result = await pastPaperAdminCalls.import(parsed.rows);
      setOutcome({ ok: true, text: result.message });
      onImported();
    } catch (error) {
      setOutcome({ ok: false, text: `${errorMessageText(error)} Nothing was imported; correct the file and upload it again.` });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} className={`${cardClass} mt-8 p-5 sm:p-6`} aria-labelledby={`${inputId}-title`}>
      <h2 id={`${inputId}-title`} className="text-lg font-semibold text-slate-900 dark:text-white">
        Import a catalogue
      </h2>
      <label htmlFor={inputId} className="mt-3 block text-sm font-medium text-slate-700 dark:text-slate-200">
        CSV or JSON file
      </label>
      <div className="mt-1.5 flex flex-col gap-3 sm:flex-row sm:items-center">
        <input
          id={inputId}
          type="file"
          accept=".csv,.json,text/csv,application/json"
          onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-full file:border-0 file:bg-slate-100 file:px-4 file:py-2 file:font-semibold dark:text-slate-200 dark:file:bg-slate-800 dark:file:text-slate-100"
        />
        <button type="submit" className={`${primaryButton} shrink-0`} disabled={busy}>
          {busy ? <Spinner className="size-4" /> : <Upload className="size-4" aria-hidden="true" />}
          Import
        </button>
      </div>
      {outcome && (
        <p
          role={outcome.ok ? 'status' : 'alert'}
          className={`mt-3 rounded-xl p-3 text-sm ${outcome.ok ? 'bg-emerald-50 text-emerald-900 dark:bg-emerald-500/10 dark:text-emerald-100' : 'bg-rose-50 text-rose-900 dark:bg-rose-500/10 dark:text-rose-100'}`}
        >
          {outcome.text}
        </p>
      )}
      <details className="mt-4 text-sm text-slate-600 dark:text-slate-400">
        <summary className="cursor-pointer font-medium">What the file looks like</summary>
        <p className="mt-2">
          CSV: one paper a line under a header line. JSON: a list of the same rows, or one board’s catalogue as a map from subject to years and papers. Every
          row is checked before anything is saved; a paper with the same code replaces the one already there.
        </p>
        <pre className="mt-2 overflow-x-auto rounded-lg bg-slate-50 p-3 text-xs dark:bg-slate-800/60">{CSV_EXAMPLE}</pre>
      </details>
    </form>
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
