import type { MarkSchemePoint, questionDifficulties } from '../tables/content';

export type Difficulty = (typeof questionDifficulties)[number];

/** One seeded question before it gets ids: `$…$` delimits LaTeX in every text field. */
export interface SeedQuestion {
  kind: 'MCQ' | 'OPEN';
  text: string;
  /** MCQ only: the correct option first; the seed rotates it so the answer is not always "A". */
  options?: string[];
  answer?: string;
  explanation: string;
  hint: string;
  markScheme?: Omit<MarkSchemePoint, '_id'>[];
  difficulty: Difficulty;
  level: number;
}

export interface SeedSubTopic {
  key: string;
  name: string;
  summary: string;
  /** Paragraphs separated by blank lines; `$$…$$` alone on a line is a display formula. */
  content: { title: string; body: string }[];
  faqs: { question: string; answer: string }[];
  videoLinks?: { title: string; url: string }[];
  resources?: { title: string; url: string }[];
  questions: SeedQuestion[];
}

export interface SeedTopic {
  key: string;
  name: string;
  description: string;
  subTopics: SeedSubTopic[];
}

/** Which catalogue grade a subject's demo syllabus hangs off. */
export interface SeedSubjectContent {
  curriculumSlug: string;
  subjectSlug: string;
  /** The board's syllabus code, stored on the subject for `subjectMapDataForSubjectCode`. */
  subjectCode: string;
  grade: string;
  topics: SeedTopic[];
}
