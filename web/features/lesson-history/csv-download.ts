import { type ApiOptions, apiResponse } from '../../lib/api';

export interface CsvProgress {
  /** Rows received so far, the header line not counted. */
  rows: number;
  bytes: number;
}

export interface SavedCsv {
  blob: Blob;
  fileName: string;
  rows: number;
}

/**
 * Counts the lines of CSV text fed to it in pieces. A line break inside a quoted field (a reason typed over two lines)
 * belongs to its field, so quotes are tracked across pieces; a doubled quote flips twice and changes nothing.
 */
export function csvLineCounter() {
  let quoted = false;
  let lines = 0;
  let open = false;
  return {
    feed(text: string) {
      for (const match of text.matchAll(/["\n]/g)) {
        if (match[0] === '"') quoted = !quoted;
        else if (!quoted) lines += 1;
      }
      if (text) open = quoted || !text.endsWith('\n');
      return lines + (open ? 1 : 0);
    },
  };
}

const fileNameOf = (response: Response) => /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1];

/**
 * Fetches a CSV export as a stream and reports the rows as they arrive: the exports are streamed page by page with no
 * total and no Content-Length, so the count so far is all there is to tell. Cancelling (the signal) stops the reading
 * and rejects, so nothing half-read is ever saved.
 */
export async function fetchCsv(
  path: string,
  { query, signal, fallbackName, onProgress }: { query?: ApiOptions['query']; signal: AbortSignal; fallbackName: string; onProgress: (p: CsvProgress) => void },
): Promise<SavedCsv> {
  const response = await apiResponse(path, { query, signal });
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  const counter = csvLineCounter();
  const decoder = new TextDecoder();
  let progress: CsvProgress = { rows: 0, bytes: 0 };
  if (response.body) {
    const reader = response.body.getReader();
    const stop = () => void reader.cancel().catch(() => undefined);
    signal.addEventListener('abort', stop, { once: true });
    try {
      for (;;) {
        const { done, value } = await reader.read();
        signal.throwIfAborted();
        if (done) break;
        chunks.push(value);
        progress = { rows: Math.max(0, counter.feed(decoder.decode(value, { stream: true })) - 1), bytes: progress.bytes + value.byteLength };
        onProgress(progress);
      }
    } finally {
      signal.removeEventListener('abort', stop);
    }
  }
  return { blob: new Blob(chunks, { type: 'text/csv;charset=utf-8' }), fileName: fileNameOf(response) ?? fallbackName, rows: progress.rows };
}

/** Hands a file made in memory to the browser's downloads, as a link with `download` would. */
export function saveFile(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  anchor.click();
  // The click starts the download on the next task; revoking at once can cancel it in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
