import { Upload } from 'lucide-react';
import { type ChangeEvent, type FormEvent, useId, useState } from 'react';
import { paperTitle } from '../../../schema/contracts/past-papers';
import { useCan } from '../../entities/roles/admin-permissions';
import { errorMessageText } from '../../lib/errors';
import { fieldErrorsOf } from '../../lib/form-errors';
import { cardClass, primaryButton } from '../../ui/classes';
import Spinner from '../../ui/Spinner';
import { pastPaperAdminCalls } from './api';
import { CSV_EXAMPLE, type ParsedCatalogue, parseCatalogue } from './catalogue-file';

const PREVIEW = 8;
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

type Outcome = { ok: boolean; text: string; details?: string[] };

/** Choose a file, read the preview (and every bad row named), then import it all or nothing. */
export default function ImportForm({ onImported }: { onImported: () => void }) {
  const can = useCan();
  const inputId = useId();
  const [fileName, setFileName] = useState('');
  const [parsed, setParsed] = useState<ParsedCatalogue | null>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  if (!can({ pastPapers: ['import'] })) return null;

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    setOutcome(null);
    setFileName(file?.name ?? '');
    setParsed(file ? parseCatalogue(file.name, await file.text()) : null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!parsed) return setOutcome({ ok: false, text: 'Choose a CSV or JSON file first.' });
    if ('error' in parsed || parsed.problems.length) return setOutcome({ ok: false, text: 'Correct the rows named below, then choose the file again.' });
    setBusy(true);
    setOutcome(null);
    try {
      const result = await pastPaperAdminCalls.import({ rows: parsed.rows, questionRows: parsed.questionRows });
      setOutcome({ ok: true, text: result.message });
      setParsed(null);
      setFileName('');
      onImported();
    } catch (error) {
      const fields = Object.values(fieldErrorsOf(error));
      setOutcome({
        ok: false,
        text: `${errorMessageText(error)} Nothing was imported; correct the file and upload it again.`,
        details: fields.length > 1 ? fields : undefined,
      });
    } finally {
      setBusy(false);
    }
  };

  const ready = parsed && !('error' in parsed) ? parsed : null;
  return (
    <form onSubmit={(e) => void submit(e)} className={`${cardClass} mt-8 p-5 sm:p-6`} aria-labelledby={`${inputId}-title`}>
      <h2 id={`${inputId}-title`} className="text-lg font-semibold text-slate-900 dark:text-white">
        Import a catalogue and its questions
      </h2>
      <label htmlFor={inputId} className="mt-3 block text-sm font-medium text-slate-700 dark:text-slate-200">
        CSV or JSON file
      </label>
      <div className="mt-1.5 flex flex-col gap-3 sm:flex-row sm:items-center">
        <input
          id={inputId}
          type="file"
          accept=".csv,.json,text/csv,application/json"
          onChange={(e) => void choose(e)}
          className="block w-full min-w-0 text-sm text-slate-700 file:mr-3 file:rounded-full file:border-0 file:bg-slate-100 file:px-4 file:py-2 file:font-semibold dark:text-slate-200 dark:file:bg-slate-800 dark:file:text-slate-100"
        />
        <button type="submit" className={`${primaryButton} shrink-0`} disabled={busy || (ready !== null && ready.problems.length > 0)}>
          {busy ? <Spinner className="size-4" /> : <Upload className="size-4" aria-hidden="true" />}
          Import
        </button>
      </div>
      {parsed && 'error' in parsed && (
        <p role="alert" className="mt-3 rounded-xl bg-rose-50 p-3 text-sm text-rose-900 dark:bg-rose-500/10 dark:text-rose-100">
          {parsed.error}
        </p>
      )}
      {ready && <Preview fileName={fileName} parsed={ready} />}
      {outcome && (
        <div
          role={outcome.ok ? 'status' : 'alert'}
          className={`mt-3 rounded-xl p-3 text-sm ${outcome.ok ? 'bg-emerald-50 text-emerald-900 dark:bg-emerald-500/10 dark:text-emerald-100' : 'bg-rose-50 text-rose-900 dark:bg-rose-500/10 dark:text-rose-100'}`}
        >
          <p>{outcome.text}</p>
          {outcome.details && (
            <ul className="mt-1 list-disc pl-5">
              {outcome.details.map((d) => (
                <li key={d}>{d}</li>
              ))}
            </ul>
          )}
        </div>
      )}
      <details className="mt-4 text-sm text-slate-600 dark:text-slate-400">
        <summary className="cursor-pointer font-medium">What the file looks like</summary>
        <p className="mt-2">
          CSV: one paper a line under a header line, or one question a line with its paper’s columns and question_number, sub_topic (its name or id), question,
          answer and mark_scheme (one point a line: point | marks | keywords). Rows are counted from the first line under the header. JSON: a list of papers,{' '}
          {'{ "papers": [...], "questions": [...] }'}, or one board’s catalogue as a map from subject to years and papers, each paper with its questions. Every
          row is checked before anything is saved; a paper with the same code, or a question with the same number on it, replaces the one already there.
        </p>
        <pre className="mt-2 overflow-x-auto rounded-lg bg-slate-50 p-3 text-xs dark:bg-slate-800/60">{CSV_EXAMPLE}</pre>
      </details>
    </form>
  );
}

function Preview({ fileName, parsed }: { fileName: string; parsed: Exclude<ParsedCatalogue, { error: string }> }) {
  const { rows, questionRows, problems } = parsed;
  return (
    <section className="mt-4 space-y-3" aria-label="Preview">
      <p className="text-sm text-slate-700 dark:text-slate-200" data-testid="import-preview-summary">
        {fileName} holds {plural(rows.length, 'paper')} and {plural(questionRows.length, 'question')}
        {problems.length ? `, and ${plural(problems.length, 'problem')} to correct first.` : '. Nothing is saved until you press Import.'}
      </p>
      {problems.length > 0 && (
        <ul role="alert" className="list-disc space-y-0.5 rounded-xl bg-rose-50 p-3 pl-8 text-sm text-rose-900 dark:bg-rose-500/10 dark:text-rose-100">
          {problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      )}
      {rows.length > 0 && (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Papers in the file</caption>
            <thead className="text-slate-500 dark:text-slate-400">
              <tr>
                <th className="py-1 pr-3 font-medium">Board</th>
                <th className="py-1 pr-3 font-medium">Paper</th>
                <th className="py-1 font-medium">Mark scheme</th>
              </tr>
            </thead>
            <tbody className="text-slate-800 dark:text-slate-100">
              {rows.slice(0, PREVIEW).map((r) => (
                <tr key={`${r.board}-${r.code}-${r.year}-${r.label}`} className="border-t border-slate-200 dark:border-slate-800">
                  <td className="py-1 pr-3">{r.board}</td>
                  <td className="py-1 pr-3">{paperTitle({ year: r.year, session: r.session ?? '', label: r.label })}</td>
                  <td className="py-1">{r.marking ? 'Yes' : 'None'}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {rows.length > PREVIEW && <p className="mt-1 text-xs text-slate-500">And {plural(rows.length - PREVIEW, 'more paper')}.</p>}
        </div>
      )}
      {questionRows.length > 0 && (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Questions in the file</caption>
            <thead className="text-slate-500 dark:text-slate-400">
              <tr>
                <th className="py-1 pr-3 font-medium">Paper</th>
                <th className="py-1 pr-3 font-medium">Question</th>
                <th className="py-1 pr-3 font-medium">Sub topic</th>
                <th className="py-1 font-medium">Marks</th>
              </tr>
            </thead>
            <tbody className="text-slate-800 dark:text-slate-100">
              {questionRows.slice(0, PREVIEW).map((q) => (
                <tr key={`${q.paperCode}-${q.number}`} className="border-t border-slate-200 dark:border-slate-800">
                  <td className="py-1 pr-3">{q.paperCode}</td>
                  <td className="py-1 pr-3">{q.number}</td>
                  <td className="py-1 pr-3">{q.subTopic}</td>
                  <td className="py-1">{q.markScheme.reduce((sum, p) => sum + (p.marks ?? 1), 0)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {questionRows.length > PREVIEW && <p className="mt-1 text-xs text-slate-500">And {plural(questionRows.length - PREVIEW, 'more question')}.</p>}
        </div>
      )}
    </section>
  );
}
