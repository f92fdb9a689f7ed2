import Papa from 'papaparse';
import type { PastPaperRowInput } from '../../../schema/contracts/past-papers';

/**
 * A catalogue upload becomes the rows the server checks one by one. CSV: one paper a line, headed board,
 * subject_key, subject_code, year, session, label, code, link, marking (any order, any case). JSON: a list of those
 * rows, or one board's catalogue as spec 3 §3 describes it, a map from a subject key to its years and their papers:
 * `{ "board": "…", "subjectCode": "…", "catalogue": { "maths": [{ "year": "2023", "papers": [{ "label", "link", "marking" }] }] } }`.
 */
export type ParsedCatalogue = { rows: PastPaperRowInput[] } | { error: string };

const COLUMNS: Record<string, keyof PastPaperRowInput> = {
  board: 'board',
  subject_key: 'subjectKey',
  subjectkey: 'subjectKey',
  subject_code: 'subjectCode',
  subjectcode: 'subjectCode',
  year: 'year',
  session: 'session',
  label: 'label',
  code: 'code',
  link: 'link',
  marking: 'marking',
};

const text = (value: unknown) => (typeof value === 'string' ? value : value === undefined || value === null ? '' : String(value));

function fromCsv(source: string): ParsedCatalogue {
  const parsed = Papa.parse<Record<string, string>>(source.trim(), { header: true, skipEmptyLines: 'greedy', transformHeader: (h) => h.trim().toLowerCase() });
  const fields = parsed.meta.fields ?? [];
  const missing = ['board', 'year', 'label', 'link'].filter((f) => !fields.includes(f));
  if (!fields.some((f) => f === 'subject_key' || f === 'subjectkey')) missing.splice(1, 0, 'subject_key');
  if (missing.length) return { error: `The file has no ${missing.join(', ')} column. The first line must name the columns.` };
  return {
    rows: parsed.data.map((line) => {
      const row: Record<string, string> = {};
      for (const [header, value] of Object.entries(line)) {
        const key = COLUMNS[header];
        if (key) row[key] = text(value);
      }
      return row as unknown as PastPaperRowInput;
    }),
  };
}

interface NestedCatalogue {
  board: unknown;
  subjectCode?: unknown;
  catalogue: Record<string, { year?: unknown; session?: unknown; papers?: { label?: unknown; link?: unknown; marking?: unknown; code?: unknown }[] }[]>;
}

const isNested = (value: unknown): value is NestedCatalogue =>
  typeof value === 'object' && value !== null && 'catalogue' in value && typeof (value as NestedCatalogue).catalogue === 'object';

function fromJson(source: string): ParsedCatalogue {
  let value: unknown;
  try {
    value = JSON.parse(source);
  } catch {
    return { error: 'The file is not valid JSON. Check it in a text editor and upload it again.' };
  }
  if (Array.isArray(value)) return { rows: value as PastPaperRowInput[] };
  if (isNested(value)) {
    const rows = Object.entries(value.catalogue).flatMap(([subjectKey, years]) =>
      (Array.isArray(years) ? years : []).flatMap((entry) =>
        (entry.papers ?? []).map((paper) => ({
          board: text(value.board),
          subjectKey,
          subjectCode: text(value.subjectCode),
          year: text(entry.year),
          session: text(entry.session),
          label: text(paper.label),
          code: text(paper.code),
          link: text(paper.link),
          marking: text(paper.marking),
        })),
      ),
    );
    return { rows };
  }
  return { error: 'The JSON holds neither a list of papers nor a board’s catalogue. See the example below.' };
}

export function parseCatalogue(fileName: string, source: string): ParsedCatalogue {
  const parsed = /\.json$/i.test(fileName) ? fromJson(source) : fromCsv(source);
  if ('rows' in parsed && parsed.rows.length === 0) return { error: 'The file holds no papers.' };
  return parsed;
}

export const CSV_EXAMPLE = `board,subject_key,subject_code,year,session,label,code,link,marking
AQA GCSE,mathematics,8300,2023,June,Paper 1H,8300/1H/JUN23,https://www.aqa.org.uk/find-past-papers,https://www.aqa.org.uk/find-past-papers`;
