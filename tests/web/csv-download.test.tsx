import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { csvLineCounter } from '../../web/features/lesson-history/csv-download';
import { DownloadCsvButton } from '../../web/features/lesson-history/DownloadCsvButton';
import { json } from './fetch-mock';

/** A response whose body the test writes piece by piece, as the export streams its pages. */
function streamedCsv() {
  const encoder = new TextEncoder();
  let writer!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      writer = controller;
    },
  });
  const response = new Response(body, {
    headers: { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="lesson-history-2030-01-07.csv"' },
  });
  return { response, write: (text: string) => writer.enqueue(encoder.encode(text)), end: () => writer.close() };
}

const saved: { blob: Blob; name: string }[] = [];
let requests: { url: string; init: RequestInit }[] = [];

function answer(response: Response) {
  requests = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      requests.push({ url, init });
      return response;
    }),
  );
}

beforeEach(() => {
  saved.length = 0;
  let lastBlob: Blob | null = null;
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    lastBlob = blob as Blob;
    return 'blob:csv';
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ blob: lastBlob!, name: this.download });
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const button = () => (
  <DownloadCsvButton path="/admin/lesson-history/export.csv" query={{ timezone: 'Asia/Singapore', tutorId: '' }} fallbackName="lessons.csv" />
);

describe('CSV download', () => {
  it('counts the rows as they arrive and saves the file under the name the server gave', async () => {
    const csv = streamedCsv();
    answer(csv.response);
    render(button());
    await userEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(await screen.findByText('Downloading…')).toBeInTheDocument();
    expect(requests[0]!.url).toBe('/api/admin/lesson-history/export.csv?timezone=Asia%2FSingapore');

    csv.write('\uFEFFReference key,Date and time,Reason\r\nab12cd34,2030-01-07 09:00 AM,');
    expect(await screen.findByText('Downloading… 1 row so far.')).toBeInTheDocument();
    csv.write('\r\nef56ab78,2030-01-08 09:00 AM,"Two\r\nlines"\r\n');
    expect(await screen.findByText('Downloading… 2 rows so far.')).toBeInTheDocument();
    csv.write('0011aabb,2030-01-09 09:00 AM,x\r\n');
    expect(await screen.findByText('Downloading… 3 rows so far.')).toBeInTheDocument();
    expect(saved).toHaveLength(0);

    csv.end();
    expect(await screen.findByText('Saved lesson-history-2030-01-07.csv with 3 rows.')).toBeInTheDocument();
    expect(saved).toHaveLength(1);
    expect(saved[0]!.name).toBe('lesson-history-2030-01-07.csv');
    expect((await saved[0]!.blob.text()).split('\r\n')[0]).toBe('\uFEFFReference key,Date and time,Reason');
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeInTheDocument();
  });

  it('stops when cancelled and saves nothing', async () => {
    const csv = streamedCsv();
    answer(csv.response);
    render(button());
    await userEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    csv.write('Reference key\r\nab12cd34\r\n');
    expect(await screen.findByText('Downloading… 1 row so far.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Cancel download' }));
    expect(await screen.findByText('Download cancelled. Nothing was saved.')).toBeInTheDocument();
    expect(requests[0]!.init.signal!.aborted).toBe(true);
    expect(saved).toHaveLength(0);
  });

  it("says why when the server refuses, in the server's words", async () => {
    answer(json({ message: 'You do not have permission to do this (lessonHistory: export)', errors: [] }, 403));
    render(button());
    await userEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(await screen.findByText('The download did not finish. You do not have permission to do this (lessonHistory: export).')).toBeInTheDocument();
    expect(saved).toHaveLength(0);
  });
});

describe('csvLineCounter', () => {
  it('counts lines across pieces, a line break in quotes belonging to its field', () => {
    const counter = csvLineCounter();
    expect(counter.feed('a,b\r\n"x')).toBe(2);
    expect(counter.feed('\r\ny""z",')).toBe(2);
    expect(counter.feed('c\r\n')).toBe(2);
    expect(counter.feed('d')).toBe(3);
  });
});
