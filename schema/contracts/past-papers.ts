import { z } from 'zod';
import { listQuery } from './common';
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

export const pastPaperImportInput = z.object({
  rows: z.array(pastPaperRow).min(1, 'is missing: the upload holds no papers').max(PAST_PAPER_IMPORT_MAX, `can hold at most ${PAST_PAPER_IMPORT_MAX} papers`),
});

export interface PastPaperImportResult {
  created: number;
  updated: number;
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
