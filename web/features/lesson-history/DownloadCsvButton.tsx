import { Download, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { ApiFailure, type ApiOptions, Unreachable } from '../../lib/api';
import { errorMessageText } from '../../lib/errors';
import { secondaryButton, smallButton } from '../../ui/classes';
import { type CsvProgress, fetchCsv, saveFile } from './csv-download';

type DownloadState =
  | { kind: 'idle' }
  | { kind: 'downloading'; progress: CsvProgress }
  | { kind: 'saved'; fileName: string; rows: number }
  | { kind: 'cancelled' }
  | { kind: 'failed'; message: string };

const count = new Intl.NumberFormat('en');
const rowsText = (rows: number) => (rows === 1 ? '1 row' : `${count.format(rows)} rows`);

/** The server's reason, or the connection's; a stream cut short throws the browser's own words, which say nothing. */
const failureText = (error: unknown) =>
  error instanceof ApiFailure || error instanceof Unreachable
    ? errorMessageText(error)
    : 'The connection dropped before the last row arrived. Please try again.';

function stateText(state: DownloadState) {
  switch (state.kind) {
    case 'idle':
      return '';
    case 'downloading':
      return state.progress.rows ? `Downloading… ${rowsText(state.progress.rows)} so far.` : 'Downloading…';
    case 'saved':
      return state.rows ? `Saved ${state.fileName} with ${rowsText(state.rows)}.` : `Saved ${state.fileName}. It has no rows: nothing matched these filters.`;
    case 'cancelled':
      return 'Download cancelled. Nothing was saved.';
    case 'failed':
      return `The download did not finish. ${/[.!?]$/.test(state.message) ? state.message : `${state.message}.`}`;
  }
}

/**
 * "Download CSV" for an export the server streams: the rows so far while it arrives, a Cancel that stops it, and the
 * file saved once the last row is in. Leaving the page stops a download under way.
 */
export function DownloadCsvButton({
  path,
  query,
  fallbackName,
  label = 'Download CSV',
}: {
  path: string;
  query?: ApiOptions['query'];
  fallbackName: string;
  label?: string;
}) {
  const [state, setState] = useState<DownloadState>({ kind: 'idle' });
  const controllerRef = useRef<AbortController | null>(null);
  useEffect(() => () => controllerRef.current?.abort(), []);

  const start = async () => {
    const controller = new AbortController();
    controllerRef.current = controller;
    setState({ kind: 'downloading', progress: { rows: 0, bytes: 0 } });
    try {
      const csv = await fetchCsv(path, {
        query,
        signal: controller.signal,
        fallbackName,
        onProgress: (progress) => setState({ kind: 'downloading', progress }),
      });
      saveFile(csv.blob, csv.fileName);
      setState({ kind: 'saved', fileName: csv.fileName, rows: csv.rows });
    } catch (error) {
      setState(controller.signal.aborted ? { kind: 'cancelled' } : { kind: 'failed', message: failureText(error) });
    } finally {
      if (controllerRef.current === controller) controllerRef.current = null;
    }
  };

  const downloading = state.kind === 'downloading';
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
      {downloading ? (
        <button type="button" className={smallButton} onClick={() => controllerRef.current?.abort()}>
          <X className="size-4" aria-hidden="true" />
          Cancel download
        </button>
      ) : (
        <button type="button" className={secondaryButton} onClick={() => void start()}>
          <Download className="size-4" aria-hidden="true" />
          {label}
        </button>
      )}
      <p
        role="status"
        aria-live="polite"
        className={state.kind === 'failed' ? 'text-sm text-rose-700 dark:text-rose-300' : 'text-sm text-slate-600 dark:text-slate-300'}
      >
        {stateText(state)}
      </p>
    </div>
  );
}
