import { z } from 'zod';
import { listQuery } from './common';
import { DIFFICULTIES, markPointInput } from './content';
import { isWebAddress } from './web-address';

/** The most rows one upload may hold: catalogues A–H together are about 2,000 papers, so a board fits in one file. */
export const PAST_PAPER_IMPORT_MAX = 1000;

const required = (max: number) => z.string({ error: 'is required' }).trim().min(1, 'is required').max(max, `can be at most ${max} characters`);
const optionalText = (max: number) => z.string().trim().max(max, `can be at most ${max} characters`).optional();

/** A link to a board's document: http(s) only, so a catalogue can never carry a javascript: address. */
const documentLink = z
  .string({ error: 'is required' })
  .trim()
  .min(1, 'is required')
  .refine(isWebAddress, 'must be a web address such as https://example.org/paper.pdf');

/** One paper of a catalogue upload, as a CSV line or a JSON row; spec 3 §3 names label, link and marking. */
export const pastPaperRow = z.object({
  board: required(80),
  subjectKey: z
    .string({ error: 'is required' })
    .trim()
    .toLowerCase()
    .min(1, 'is required')
    .max(40, 'can be at most 40 characters')
    .regex(/^[a-z0-9]+$/, 'may hold only letters and digits, as in mathematics or combinedscience'),
  subjectCode: optionalText(16),
  year: z
    .string({ error: 'is required' })
    .trim()
    .regex(/^(19|20)\d{2}( \([A-Za-z ]{1,30}\))?$/, 'must be a year such as 2023 or 2020 (Specimen)'),
  session: optionalText(40),
  label: required(60),
  /** The board's own reference (0580/22/M/J/23); one is made from the other fields when it is left empty. */
  code: optionalText(60),
  link: documentLink,
  marking: z.union([z.literal(''), documentLink]).optional(),
});
export type PastPaperRowInput = z.input<typeof pastPaperRow>;

/** The most questions one upload may hold: a board's year of papers on one subject. */
export const PAST_PAPER_QUESTION_MAX = 500;

/**
 * One question of a paper, mapped to one of our sub topics (its id, or its exact name), marked against the board's
 * mark scheme: practice uses it as any open question of the bank, in a topical set of that paper and sub topic.
 */
export const pastPaperQuestionRow = z.object({
  paperCode: required(60),
  /** The question's number on the paper: 3, 3(b), 12(a)(ii). */
  number: required(20),
  subTopic: required(120),
  text: required(5000),
  answer: required(5000),
  explanation: optionalText(5000),
  hint: optionalText(1000),
  markScheme: z.array(markPointInput, { error: 'is missing' }).min(1, 'is missing').max(20, 'can hold at most 20 points'),
  difficulty: z.enum(DIFFICULTIES, { error: 'must be EASY, MEDIUM or HARD' }).default('MEDIUM'),
  level: z.number({ error: 'must be a level from 1 to 6' }).int().min(1, 'must be a level from 1 to 6').max(6, 'must be a level from 1 to 6').default(5),
});
export type PastPaperQuestionRowInput = z.input<typeof pastPaperQuestionRow>;

export const pastPaperImportInput = z
  .object({
    rows: z.array(pastPaperRow).max(PAST_PAPER_IMPORT_MAX, `can hold at most ${PAST_PAPER_IMPORT_MAX} papers`).default([]),
    questionRows: z.array(pastPaperQuestionRow).max(PAST_PAPER_QUESTION_MAX, `can hold at most ${PAST_PAPER_QUESTION_MAX} questions`).default([]),
  })
  .superRefine((input, ctx) => {
    if (!input.rows.length && !input.questionRows.length) ctx.addIssue({ code: 'custom', path: ['rows'], message: 'is missing: the upload holds no papers' });
  });
export type PastPaperImportInput = z.input<typeof pastPaperImportInput>;

/** A paper without the board's own reference is known by where it sits in the catalogue. */
export const pastPaperCode = (row: Pick<PastPaperRowInput, 'code' | 'board' | 'subjectKey' | 'year' | 'session' | 'label'>) =>
  row.code?.trim() ||
  [row.board, row.subjectKey.toLowerCase(), row.year, row.session, row.label]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' · ');

export interface PastPaperImportResult {
  created: number;
  updated: number;
  /** The questions written, and the topical sets (one per paper and sub topic) they were put in. */
  questions: { created: number; updated: number; sets: number };
  message: string;
}

export interface PastPaperDoc {
  _id: string;
  board: string;
  subjectKey: string;
  subjectCode: string | null;
  year: string;
  session: string;
  label: string;
  code: string;
  link: string;
  marking: string;
}

/** A subject's papers for the per-subject page: matched by the board's subject code, or by the catalogue key. */
export const subjectPastPaperQuery = z
  .object({ subjectCode: optionalText(16), subjectKey: optionalText(40), board: optionalText(80) })
  .refine((q) => Boolean(q.subjectCode || q.subjectKey), { path: ['subjectCode'], message: 'or a subject key is needed' });

export interface PastPaperYear {
  year: string;
  papers: PastPaperDoc[];
}

export interface SubjectPastPapers {
  boards: string[];
  years: PastPaperYear[];
}

export const adminPastPaperQuery = listQuery.and(z.object({ board: optionalText(80) }));

/** Which sub topics have past-paper questions to practise, optionally within one subject. */
export const topicalQuery = z.object({ curriculum: optionalText(120), subject: optionalText(120) });

export interface TopicalSubTopic {
  subTopicId: string;
  subTopic: string;
  topic: string;
  curriculum: string;
  subject: string;
  papers: number;
  questions: number;
}

/** A set of one paper's questions on one sub topic: a published quiz whose `paper` names the paper's code. */
export interface TopicalPaper {
  quizId: string;
  title: string;
  questions: number;
  /** The quiz's `paper`: the catalogue code, or a plain name for a paper the catalogue does not hold. */
  paperName: string;
  paper: PastPaperDoc | null;
}

export interface TopicalSubTopicPapers {
  subTopic: { _id: string; name: string; topic: string; curriculum: string; subject: string };
  papers: TopicalPaper[];
}

/** How a paper is named to a person: "May/June 2023 · Paper 2 (Extended)". */
export function paperTitle(paper: Pick<PastPaperDoc, 'year' | 'session' | 'label'>) {
  return `${paper.session ? `${paper.session} ${paper.year}` : paper.year} · ${paper.label}`;
}
