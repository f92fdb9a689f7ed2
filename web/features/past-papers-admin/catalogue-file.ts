import Papa from 'papaparse';
import { markSchemeLines, numberCell } from '../../../schema/contracts/mark-scheme-lines';
import {
  type PastPaperQuestionRowInput,
  type PastPaperRowInput,
  pastPaperCode,
  pastPaperQuestionRow,
  pastPaperRow,
} from '../../../schema/contracts/past-papers';

/**
 * A catalogue upload becomes the papers and questions the server checks one by one, each checked here first so the
 * preview can name every bad row in a sentence before anything is sent.
 *
 * CSV: one line a paper (board, subject_key, subject_code, year, session, label, code, link, marking), or one line a
 * question with its paper's columns repeated and question_number, sub_topic, question, answer, mark_scheme (one point
 * a line: `point | marks | keyword, keyword`), explanation, hint, difficulty, level. Header names in any order and case.
 * JSON: a list of paper rows; `{ "papers": [...], "questions": [...] }`; or one board's catalogue as spec 3 §3 describes
 * it, a map from a subject key to its years and their papers, where a paper may list its `questions`.
 */
export type ParsedCatalogue = { rows: PastPaperRowInput[]; questionRows: PastPaperQuestionRowInput[]; problems: string[] } | { error: string };

type Entry = { where: string; paper?: PastPaperRowInput; question?: PastPaperQuestionRowInput };

const PAPER_COLUMNS: Record<string, keyof PastPaperRowInput> = {
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
const QUESTION_COLUMNS = [
  'paper_code',
  'question_number',
  'number',
  'sub_topic',
  'question',
  'answer',
  'mark_scheme',
  'explanation',
  'hint',
  'difficulty',
  'level',
];

/** The words a person knows each field by, for "Row 4: the mark scheme is missing." */
const FIELD_WORDS: Record<string, string> = {
  board: 'board',
  subjectKey: 'subject key',
  subjectCode: 'subject code',
  year: 'year',
  session: 'session',
  label: 'label',
  code: 'code',
  link: 'link',
  marking: 'mark scheme link',
  paperCode: 'paper code',
  number: 'question number',
  subTopic: 'sub topic',
  text: 'question',
  answer: 'model answer',
  explanation: 'explanation',
  hint: 'hint',
  markScheme: 'mark scheme',
  difficulty: 'difficulty',
  level: 'level',
  point: 'point',
  marks: 'marks',
  keywords: 'keywords',
};

const text = (value: unknown) => (typeof value === 'string' ? value : value === undefined || value === null ? '' : String(value));

function markSchemeOf(value: unknown) {
  if (Array.isArray(value)) return value as PastPaperQuestionRowInput['markScheme'];
  return markSchemeLines(text(value));
}

function questionOf(source: Record<string, unknown>, paperCode: string): PastPaperQuestionRowInput {
  const cell = (...names: string[]) => text(names.map((n) => source[n]).find((v) => v !== undefined && v !== '')).trim();
  const difficulty = cell('difficulty').toUpperCase();
  const level = source.level;
  return {
    paperCode: cell('paper_code', 'paperCode') || paperCode,
    number: cell('question_number', 'number'),
    subTopic: cell('sub_topic', 'subTopic'),
    text: cell('question', 'text'),
    answer: cell('answer'),
    explanation: cell('explanation'),
    hint: cell('hint'),
    markScheme: markSchemeOf(source.mark_scheme ?? source.markScheme),
    ...(difficulty ? { difficulty: difficulty as PastPaperQuestionRowInput['difficulty'] } : {}),
    ...(typeof level === 'number' ? { level } : typeof level === 'string' && level.trim() ? { level: numberCell(level) } : {}),
  };
}

function fromCsv(source: string): Entry[] | { error: string } {
  const parsed = Papa.parse<Record<string, string>>(source.trim(), { header: true, skipEmptyLines: 'greedy', transformHeader: (h) => h.trim().toLowerCase() });
  const fields = parsed.meta.fields ?? [];
  const asksQuestions = fields.some((f) => ['question', 'mark_scheme', 'sub_topic'].includes(f));
  const standalone = asksQuestions && fields.includes('paper_code') && !fields.includes('link');
  const missing = standalone ? [] : ['board', 'year', 'label', 'link'].filter((f) => !fields.includes(f));
  if (!standalone && !fields.some((f) => f === 'subject_key' || f === 'subjectkey')) missing.splice(1, 0, 'subject_key');
  if (asksQuestions) missing.push(...['question', 'answer', 'mark_scheme', 'sub_topic'].filter((f) => !fields.includes(f)));
  if (missing.length) return { error: `The file has no ${missing.join(', ')} column. The first line must name the columns.` };
  return parsed.data.map((line, i) => {
    const paper: Record<string, string> = {};
    for (const [header, value] of Object.entries(line)) {
      const key = PAPER_COLUMNS[header];
      if (key) paper[key] = text(value);
    }
    const row = paper as unknown as PastPaperRowInput;
    const isQuestion = QUESTION_COLUMNS.some((c) => c !== 'paper_code' && text(line[c]).trim());
    const hasPaper = !standalone && Object.values(paper).some((v) => v.trim());
    return {
      where: `Row ${i + 1}`,
      ...(hasPaper ? { paper: row } : {}),
      ...(isQuestion ? { question: questionOf(line, hasPaper ? pastPaperCode({ ...row, subjectKey: row.subjectKey ?? '' }) : '') } : {}),
    };
  });
}

type JsonPaper = Record<string, unknown> & { questions?: Record<string, unknown>[] };
interface NestedCatalogue {
  board: unknown;
  subjectCode?: unknown;
  catalogue: Record<string, { year?: unknown; session?: unknown; papers?: JsonPaper[] }[]>;
}

const isNested = (value: unknown): value is NestedCatalogue =>
  typeof value === 'object' && value !== null && 'catalogue' in value && typeof (value as NestedCatalogue).catalogue === 'object';
const isSplit = (value: unknown): value is { papers?: JsonPaper[]; questions?: Record<string, unknown>[] } =>
  typeof value === 'object' && value !== null && ('papers' in value || 'questions' in value);

function fromJson(source: string): Entry[] | { error: string } {
  let value: unknown;
  try {
    value = JSON.parse(source);
  } catch {
    return { error: 'The file is not valid JSON. Check it in a text editor and upload it again.' };
  }
  const counted = (papers: PastPaperRowInput[], questions: PastPaperQuestionRowInput[]): Entry[] => [
    ...papers.map((paper, i) => ({ where: `Paper ${i + 1}`, paper })),
    ...questions.map((question, i) => ({ where: `Question ${i + 1}`, question })),
  ];
  if (Array.isArray(value)) return counted(value as PastPaperRowInput[], []);
  if (isNested(value)) {
    const papers: PastPaperRowInput[] = [];
    const questions: PastPaperQuestionRowInput[] = [];
    for (const [subjectKey, years] of Object.entries(value.catalogue)) {
      for (const entry of Array.isArray(years) ? years : []) {
        for (const paper of entry.papers ?? []) {
          const row = {
            board: text(value.board),
            subjectKey,
            subjectCode: text(value.subjectCode),
            year: text(entry.year),
            session: text(entry.session),
            label: text(paper.label),
            code: text(paper.code),
            link: text(paper.link),
            marking: text(paper.marking),
          };
          papers.push(row);
          for (const q of paper.questions ?? []) questions.push(questionOf(q, pastPaperCode(row)));
        }
      }
    }
    return counted(papers, questions);
  }
  if (isSplit(value)) {
    return counted(
      (value.papers ?? []) as PastPaperRowInput[],
      (value.questions ?? []).map((q) => questionOf(q, '')),
    );
  }
  return { error: 'The JSON holds neither a list of papers nor a board’s catalogue. See the example below.' };
}

/** "Row 4: the mark scheme is missing." from a field's path and the schema's words. */
function sentence(where: string, path: PropertyKey[], message: string) {
  const words = path.map((part) => (typeof part === 'number' ? String(part + 1) : (FIELD_WORDS[String(part)] ?? String(part)))).join(' ');
  const problem = `${where}: the ${words || 'line'} ${message}`.trim();
  return /[.!?]$/.test(problem) ? problem : `${problem}.`;
}

/** Checks every paper and question with the API's own schemas; a paper repeated with other details is named too. */
function check(entries: Entry[]): ParsedCatalogue {
  const problems: string[] = [];
  const papers = new Map<string, { where: string; paper: PastPaperRowInput; json: string }>();
  const questionRows: PastPaperQuestionRowInput[] = [];
  for (const entry of entries) {
    if (entry.paper) {
      const result = pastPaperRow.safeParse(entry.paper);
      if (!result.success) for (const issue of result.error.issues) problems.push(sentence(entry.where, issue.path, issue.message));
      else {
        const code = pastPaperCode(result.data);
        const json = JSON.stringify(result.data);
        const first = papers.get(code);
        if (!first) papers.set(code, { where: entry.where, paper: entry.paper, json });
        else if (first.json !== json) problems.push(`${entry.where}: the paper ${code} is described differently in ${first.where.toLowerCase()}.`);
      }
    }
    if (entry.question) {
      const result = pastPaperQuestionRow.safeParse(entry.question);
      if (!result.success) for (const issue of result.error.issues) problems.push(sentence(entry.where, issue.path, issue.message));
      else questionRows.push(entry.question);
    }
  }
  const rows = [...papers.values()].map((p) => p.paper);
  if (!rows.length && !questionRows.length && !problems.length) return { error: 'The file holds no papers.' };
  return { rows, questionRows, problems };
}

export function parseCatalogue(fileName: string, source: string): ParsedCatalogue {
  const entries = /\.json$/i.test(fileName) ? fromJson(source) : fromCsv(source);
  if ('error' in entries) return entries;
  return check(entries);
}

export const CSV_EXAMPLE = `board,subject_key,subject_code,year,session,label,code,link,marking,question_number,sub_topic,question,answer,mark_scheme
AQA GCSE,mathematics,8300,2023,June,Paper 1H,8300/1H/JUN23,https://www.aqa.org.uk/find-past-papers,https://www.aqa.org.uk/find-past-papers,,,,,
AQA GCSE,mathematics,8300,2023,June,Paper 1H,8300/1H/JUN23,https://www.aqa.org.uk/find-past-papers,https://www.aqa.org.uk/find-past-papers,4,Right-angled trigonometry,Work out angle x.,x = 35°,"Uses tan x = 7/10 | 1 | tan
x = 35° | 1 | 35"`;
