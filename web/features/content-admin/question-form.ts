import type { Difficulty, QuestionDoc, QuestionInput } from '../../../schema/contracts/content';

/** The question editor's state: strings as typed, keywords as one comma-separated field per point. */
export interface QuestionForm {
  kind: 'MCQ' | 'OPEN';
  text: string;
  options: { _id?: string; text: string }[];
  correctOption: number;
  answer: string;
  explanation: string;
  hint: string;
  markScheme: { point: string; marks: string; keywords: string }[];
  difficulty: Difficulty;
  level: string;
  openAimarking: boolean;
  aiHint: boolean;
}

export const emptyQuestionForm = (): QuestionForm => ({
  kind: 'MCQ',
  text: '',
  options: [{ text: '' }, { text: '' }, { text: '' }, { text: '' }],
  correctOption: 0,
  answer: '',
  explanation: '',
  hint: '',
  markScheme: [{ point: '', marks: '1', keywords: '' }],
  difficulty: 'MEDIUM',
  level: '3',
  openAimarking: false,
  aiHint: false,
});

export function formOf(q: QuestionDoc): QuestionForm {
  return {
    kind: q.kind,
    text: q.text,
    options: q.options.length ? q.options.map((o) => ({ _id: o._id, text: o.text })) : emptyQuestionForm().options,
    correctOption: Math.max(
      0,
      q.options.findIndex((o) => o._id === q.correctOptionId),
    ),
    answer: q.answer,
    explanation: q.explanation,
    hint: q.hint,
    markScheme: q.markScheme.length
      ? q.markScheme.map((p) => ({ point: p.point, marks: String(p.marks), keywords: p.keywords.join(', ') }))
      : emptyQuestionForm().markScheme,
    difficulty: q.difficulty,
    level: String(q.level),
    openAimarking: q.openAimarking,
    aiHint: q.aiHint,
  };
}

/**
 * The API body for the form. Blank option rows are dropped (the editor starts with four) and the correct index
 * follows its option; only the fields of the chosen kind are sent, so switching kind leaves nothing behind.
 */
export function inputOf(form: QuestionForm, subTopicId: string): QuestionInput {
  const base = {
    subTopicId,
    kind: form.kind,
    text: form.text,
    explanation: form.explanation,
    hint: form.hint,
    difficulty: form.difficulty,
    level: Number(form.level),
    aiHint: form.aiHint,
  };
  if (form.kind === 'MCQ') {
    const kept = form.options.map((o, i) => ({ ...o, i })).filter((o) => o.text.trim() !== '');
    const correct = kept.findIndex((o) => o.i === form.correctOption);
    return { ...base, options: kept.map(({ i: _i, ...o }) => o), correctOption: correct < 0 ? undefined : correct };
  }
  return {
    ...base,
    openAimarking: form.openAimarking,
    answer: form.answer,
    markScheme: form.markScheme
      .filter((p) => p.point.trim() !== '')
      .map((p) => ({
        point: p.point,
        marks: Number(p.marks),
        keywords: p.keywords
          .split(',')
          .map((k) => k.trim())
          .filter(Boolean),
      })),
  };
}

/** Difficulty chips use the spec's colours: EASY success, MEDIUM warning, HARD error. */
export const difficultyChip: Record<Difficulty, string> = {
  EASY: 'bg-emerald-50 text-emerald-800 ring-emerald-600/20 dark:bg-emerald-500/10 dark:text-emerald-300',
  MEDIUM: 'bg-amber-50 text-amber-800 ring-amber-600/20 dark:bg-amber-500/10 dark:text-amber-300',
  HARD: 'bg-rose-50 text-rose-800 ring-rose-600/20 dark:bg-rose-500/10 dark:text-rose-300',
};

export type ImportResult = { ok: true; questions: QuestionInput[] } | { ok: false; message: string };

/**
 * Reads an import file: a JSON array of questions, or `{ "questions": [...] }`. Rows without a sub topic go to the
 * one being edited. The server checks every row and names the first bad one, so nothing half-imports.
 */
export function parseImport(text: string, subTopicId: string): ImportResult {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return { ok: false, message: 'The file is not valid JSON.' };
  }
  const rows = Array.isArray(data)
    ? data
    : data && typeof data === 'object' && Array.isArray((data as { questions?: unknown }).questions)
      ? (data as { questions: unknown[] }).questions
      : null;
  if (!rows) return { ok: false, message: 'Expected a list of questions, or an object with a "questions" list.' };
  if (rows.length === 0) return { ok: false, message: 'The file has no questions.' };
  return { ok: true, questions: rows.map((row) => ({ subTopicId, ...(row as object) }) as QuestionInput) };
}

/** "questions.3.markScheme.0.point: is required" → "Row 4, markScheme.0.point: is required". */
export function importErrorText(path: string, message: string) {
  const match = /^questions\.(\d+)\.(.+)$/.exec(path);
  return match ? `Row ${Number(match[1]) + 1}, ${match[2]}: ${message}` : `${path}: ${message}`;
}
