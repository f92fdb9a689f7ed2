import Papa from 'papaparse';
import type { QuestionInput } from '../../../schema/contracts/content';
import { markSchemeLines, numberCell } from '../../../schema/contracts/mark-scheme-lines';
import type { ImportResult } from './question-form';

/**
 * Question banks usually live in spreadsheets, so the import also reads CSV with one question per row. Columns
 * (header names, any order, case-insensitive): kind (MCQ or OPEN), text, option_a … option_h, correct (the letter
 * of the right option), answer, explanation, hint, mark_scheme (one point per line: `point | marks | keyword, keyword`),
 * difficulty (EASY, MEDIUM, HARD), level (1–6). Cells are passed on as written; the server checks every row.
 */
const OPTION_LETTERS = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'] as const;
const REQUIRED = ['kind', 'text', 'difficulty', 'level'] as const;

const TEMPLATE_ROWS = [
  {
    kind: 'MCQ',
    text: 'What is $\\frac{3}{4}$ of 20?',
    option_a: '12',
    option_b: '15',
    option_c: '16',
    option_d: '',
    correct: 'B',
    answer: '',
    explanation: '20 ÷ 4 = 5, and 3 × 5 = 15.',
    hint: 'Find a quarter of 20 first.',
    mark_scheme: '',
    difficulty: 'EASY',
    level: '1',
  },
  {
    kind: 'OPEN',
    text: 'Solve $2x + 3 = 11$. Show your working.',
    option_a: '',
    option_b: '',
    option_c: '',
    option_d: '',
    correct: '',
    answer: '$2x = 8$, so $x = 4$.',
    explanation: 'Subtract 3 from both sides, then divide by 2.',
    hint: 'Undo the +3 first.',
    mark_scheme: 'Subtracts 3 from both sides | 1 | 2x = 8\nDivides by 2 to get x = 4 | 1 | x = 4',
    difficulty: 'MEDIUM',
    level: '2',
  },
];

/** A two-row example file (one multiple-choice, one open question) to fill in. */
export const questionsCsvTemplate = () => Papa.unparse(TEMPLATE_ROWS);

function questionOf(row: Record<string, string>, subTopicId: string): QuestionInput {
  const cell = (name: string) => (row[name] ?? '').trim();
  const kind = cell('kind').toUpperCase();
  const base = {
    subTopicId,
    kind,
    text: cell('text'),
    explanation: cell('explanation'),
    hint: cell('hint'),
    difficulty: cell('difficulty').toUpperCase(),
    level: numberCell(cell('level')),
  };
  if (kind === 'OPEN') return { ...base, answer: cell('answer'), markScheme: markSchemeLines(row.mark_scheme ?? '') } as QuestionInput;
  const options = OPTION_LETTERS.map((letter) => cell(`option_${letter}`)).filter(Boolean);
  const letter = cell('correct').toLowerCase();
  const filled = OPTION_LETTERS.filter((l) => cell(`option_${l}`) !== '');
  const correct = filled.indexOf(letter as (typeof OPTION_LETTERS)[number]);
  return { ...base, options: options.map((text) => ({ text })), correctOption: correct < 0 ? undefined : correct } as QuestionInput;
}

export function parseQuestionsCsv(text: string, subTopicId: string): ImportResult {
  const parsed = Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ''), {
    header: true,
    skipEmptyLines: 'greedy',
    transformHeader: (header) => header.trim().toLowerCase().replace(/\s+/g, '_'),
  });
  const broken = parsed.errors.find((e) => e.type !== 'FieldMismatch');
  if (broken) return { ok: false, message: `The CSV file could not be read${broken.row === undefined ? '' : ` at row ${broken.row + 1}`}: ${broken.message}.` };
  const missing = REQUIRED.filter((column) => !parsed.meta.fields?.includes(column));
  if (missing.length) return { ok: false, message: `The CSV file needs the column${missing.length > 1 ? 's' : ''} ${missing.join(', ')}.` };
  if (parsed.data.length === 0) return { ok: false, message: 'The file has no questions.' };
  return { ok: true, questions: parsed.data.map((row) => questionOf(row, subTopicId)) };
}
