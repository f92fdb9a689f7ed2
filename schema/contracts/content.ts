import { z } from 'zod';
import { listQuery } from './common';

/** Shared by the API and the admin forms (spec 3 §3, §7): topics, sub topics and their content, questions. */

export const QUESTION_KINDS = ['MCQ', 'OPEN'] as const;
export const DIFFICULTIES = ['EASY', 'MEDIUM', 'HARD'] as const;
export type Difficulty = (typeof DIFFICULTIES)[number];
export const LEVELS = [1, 2, 3, 4, 5, 6] as const;

const id = z.string().trim().min(1).max(64);
const title = z.string().trim().min(1, 'is required').max(200);
const longText = (max: number) => z.string().trim().max(max);
/** Spec 3 §5: a web address with an optional scheme; stored with https:// when none was typed. */
const url = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(2000)
  .regex(/^(https?:\/\/)?[\w-]+(\.[\w-]+)+([/?#][^\s]*)?$/i, 'must be a web address')
  .transform((value) => (/^https?:\/\//i.test(value) ? value : `https://${value}`));

// ── Topics ──

export const topicsQuery = z.object({ subjectId: id, gradeId: id.optional() });
export const topicsBySubjectQuery = z.object({ curriculum: z.string().trim().min(1).max(120), subject: z.string().trim().min(1).max(120).optional() });
export const getTopicsInput = z.object({
  curriculum: z.string().trim().min(1).max(120),
  subject: z.string().trim().min(1).max(120),
  grade: z.string().trim().max(60).optional(),
});
export const topicSortingInput = z.object({
  topics: z
    .array(z.object({ _id: id, sortingOrder: z.number().int().min(0).max(10_000) }))
    .min(1)
    .max(500)
    .refine((rows) => new Set(rows.map((r) => r._id)).size === rows.length, 'lists a topic twice'),
});
export const subjectsQuery = z.object({ curriculumId: id.optional() });
export const tagsQuery = listQuery.and(z.object({ name: z.string().trim().max(60).optional() }));
export const subjectCodeInput = z.object({ subjectCode: z.string().trim().min(1, 'is required').max(20) });

export interface TopicDoc {
  _id: string;
  subjectId: string;
  gradeId: string;
  name: string;
  slug: string;
  description: string;
  sortingOrder: number;
}
export interface SubTopicSummary {
  _id: string;
  name: string;
  slug: string;
  summary: string;
  sortingOrder: number;
  /** The first published quiz of the sub topic, for the "Practice" link; null when there is none yet. */
  quizId: string | null;
}
export interface TopicWithSubTopics extends TopicDoc {
  subTopics: SubTopicSummary[];
}
export interface SubjectDataResponse {
  curriculum: { _id: string; name: string; slug: string; description: string };
  subject: { _id: string; name: string; slug: string; subjectCode: string | null } | null;
  topicsWithSubTopics: TopicWithSubTopics[];
}

// ── Sub topics ──

export const subTopicListQuery = listQuery.and(z.object({ topicId: id }));
export const subTopicInput = z.object({ topicId: id, name: title, summary: longText(1000).default('') });
export const subTopicUpdate = z.object({ topicId: id.optional(), name: title.optional(), summary: longText(1000).optional() });
export const groupedSubTopicsInput = z.object({ topicIds: z.array(id).min(1).max(200) });

export const resourceInput = z.object({ title, url });
export const videoLinkInput = z.object({ title, url });
/** Content blocks are HTML from the formula editor; every page that shows one sanitises it with DOMPurify. */
export const contentInput = z.object({ title, body: z.string().trim().min(1, 'is required').max(50_000) });
export const faqInput = z.object({ question: longText(500).min(1, 'is required'), answer: longText(5000).min(1, 'is required') });
export const reviewInput = z.object({ author: title, rating: z.number().int().min(1).max(5), text: longText(2000).min(1, 'is required') });

/** The content edits of spec 3 §7, one body per `PUT admin/subtopics/{id}/{edit}`. */
export const subTopicEdits = {
  addResources: z.object({ resources: z.array(resourceInput).min(1).max(50) }),
  removeResources: z.object({ resourceIds: z.array(id).min(1).max(50) }),
  addVideoLink: videoLinkInput,
  editVideoLink: videoLinkInput.partial().extend({ videoLinkId: id }),
  removeVideoLink: z.object({ videoLinkId: id }),
  sortVideoLinks: z.object({ videoLinkIds: z.array(id).min(1).max(200) }),
  addContent: contentInput,
  editContent: contentInput.partial().extend({ contentId: id }),
  removeContent: z.object({ contentId: id }),
  addFAQ: faqInput,
  editFAQ: faqInput.partial().extend({ faqId: id }),
  removeFAQ: z.object({ faqId: id }),
  addReview: reviewInput,
  editReview: reviewInput.partial().extend({ reviewId: id }),
  removeReview: z.object({ reviewId: id }),
} as const;
export type SubTopicEdit = keyof typeof subTopicEdits;

export interface SubTopicDoc {
  _id: string;
  topicId: string;
  name: string;
  slug: string;
  summary: string;
  sortingOrder: number;
  resources: { _id: string; title: string; url: string }[];
  videoLinks: { _id: string; title: string; url: string; sortingOrder: number }[];
  contents: { _id: string; title: string; body: string }[];
  faqs: { _id: string; question: string; answer: string }[];
  reviews: { _id: string; author: string; rating: number; text: string }[];
  createdAt: string;
  updatedAt: string;
}
/** What `GET subtopics/{id}` adds for the public page: where the sub topic sits and how to practise it. */
export interface SubTopicPage extends SubTopicDoc {
  topic: { _id: string; name: string; slug: string };
  questionCount: number;
  quizId: string | null;
}

// ── Questions ──

const optionInput = z.object({ _id: id.optional(), text: z.string().trim().min(1, 'is required').max(1000) });
export const markPointInput = z.object({
  point: z.string().trim().min(1, 'is required').max(500),
  marks: z.number().int().min(1).max(10),
  keywords: z.array(z.string().trim().min(1).max(80)).max(20).default([]),
});

const questionFields = z.object({
  subTopicId: id,
  kind: z.enum(QUESTION_KINDS),
  text: z.string().trim().min(1, 'is required').max(5000),
  options: z.array(optionInput).max(8).default([]),
  /** Index into `options` of the correct one (MCQ only). */
  correctOption: z.number().int().min(0).optional(),
  answer: longText(5000).default(''),
  explanation: longText(5000).default(''),
  hint: longText(1000).default(''),
  markScheme: z.array(markPointInput).max(20).default([]),
  difficulty: z.enum(DIFFICULTIES),
  level: z.number().int().min(1).max(6),
  /** Offer "Mark my answer" (AI marking) to learners; open questions only. */
  openAimarking: z.boolean().default(false),
  /** Offer an AI hint to learners. */
  aiHint: z.boolean().default(false),
});

type QuestionFields = z.infer<typeof questionFields>;

/** MCQs need distinct options and a correct one; open questions need a model answer and a mark scheme. */
function checkKind(q: QuestionFields, ctx: z.RefinementCtx) {
  if (q.kind === 'MCQ') {
    if (q.options.length < 2) ctx.addIssue({ code: 'custom', path: ['options'], message: 'needs at least two options' });
    const texts = q.options.map((o) => o.text.toLowerCase());
    if (new Set(texts).size !== texts.length) ctx.addIssue({ code: 'custom', path: ['options'], message: 'has the same option twice' });
    if (q.correctOption === undefined || q.correctOption >= q.options.length) {
      ctx.addIssue({ code: 'custom', path: ['correctOption'], message: 'must pick one of the options' });
    }
  } else {
    if (!q.answer) ctx.addIssue({ code: 'custom', path: ['answer'], message: 'is required for an open question' });
    if (q.markScheme.length === 0) ctx.addIssue({ code: 'custom', path: ['markScheme'], message: 'needs at least one point' });
  }
  if (q.kind === 'MCQ' && q.openAimarking) ctx.addIssue({ code: 'custom', path: ['openAimarking'], message: 'is for open questions only' });
}

export const questionInput = questionFields.superRefine(checkKind);
export type QuestionInput = z.input<typeof questionInput>;
export const createManyInput = z.object({ questions: z.array(questionInput).min(1, 'needs at least one question').max(500) });
export const questionListQuery = listQuery.and(
  z.object({
    subTopicIds: z
      .string()
      .trim()
      .min(1)
      .transform((value) =>
        value
          .split(',')
          .map((v) => v.trim())
          .filter(Boolean),
      )
      .pipe(z.array(id).min(1).max(100)),
    difficulty: z.enum(DIFFICULTIES).optional(),
    isApproved: z
      .enum(['true', 'false'])
      .transform((v) => v === 'true')
      .optional(),
  }),
);
export const questionIdsQuery = listQuery.and(
  z.object({
    questionId: z
      .string()
      .trim()
      .min(1, 'is required')
      .transform((value) =>
        value
          .split(',')
          .map((v) => v.trim())
          .filter(Boolean),
      )
      .pipe(z.array(id).min(1).max(100)),
  }),
);
export const approveInput = z.object({ isApproved: z.boolean() });

export interface QuestionDoc {
  _id: string;
  subTopicId: string;
  kind: (typeof QUESTION_KINDS)[number];
  text: string;
  options: { _id: string; text: string }[];
  correctOptionId: string | null;
  answer: string;
  explanation: string;
  hint: string;
  markScheme: { _id: string; point: string; marks: number; keywords: string[] }[];
  maxMarks: number;
  difficulty: Difficulty;
  level: number;
  isApproved: boolean;
  approvedBy: string | null;
  openAimarking: boolean;
  aiHint: boolean;
  createdBy: string | null;
  createdAt: string;
  updatedAt: string;
}
/** A question as a learner sees it before answering: no answer, explanation or mark scheme. */
export type LearnerQuestion = Pick<
  QuestionDoc,
  '_id' | 'subTopicId' | 'kind' | 'text' | 'options' | 'maxMarks' | 'difficulty' | 'level' | 'openAimarking' | 'aiHint'
>;
