import type { HelperSource } from '../../../schema/tables';
import type { HelperQuestion } from './types';

export interface EssayDraftPart {
  prompt: string;
  marks: number;
  modelAnswer: string;
  markScheme: { point: string; marks: number; keywords: string[] }[];
}
export interface EssayDraftParts {
  stem: string;
  subQuestions: EssayDraftPart[];
}
/** What the helper is told about the sub topic: its name, summary and its own question bank to draw on. */
export interface EssayDraftContext {
  subTopic: { name: string; summary: string };
  instructions: string;
  bank: HelperQuestion[];
  /** Which draft of several this is, so drafts drawn from the same bank differ. */
  variant: number;
}
export interface EssayDraftReply {
  draft: EssayDraftParts;
  source: HelperSource;
  version: string;
}

export const PARTS_PER_DRAFT = 3;

const plain = (text: string) => text.replace(/\$/g, '').trim();
const correctOption = (q: HelperQuestion) => q.options.find((o) => o._id === q.correctOptionId)?.text ?? '';

/** An open question is a part as it stands; a multiple-choice one becomes "answer and show how". */
function partOf(q: HelperQuestion): EssayDraftPart {
  if (q.kind === 'OPEN' && q.markScheme.length > 0) {
    return {
      prompt: q.text,
      marks: q.maxMarks,
      modelAnswer: q.answer,
      markScheme: q.markScheme.map(({ point, marks, keywords }) => ({ point, marks, keywords })),
    };
  }
  const answer = correctOption(q) || q.answer;
  return {
    prompt: `${q.text} Give your answer and show how you reached it.`,
    marks: 2,
    modelAnswer: [answer, q.explanation].filter(Boolean).join('. '),
    markScheme: [
      { point: 'Shows a method: a calculation or a reason written out', marks: 1, keywords: ['='] },
      { point: `States the answer: ${answer}`, marks: 1, keywords: [plain(answer)].filter(Boolean) },
    ],
  };
}

/**
 * A rule-based draft from the sub topic's own questions, easiest first so the parts climb as exam parts do; with no
 * bank to draw on, a define-explain-apply outline an admin fills in. It never claims to come from a model.
 */
export function offlineEssayDraft({ subTopic, bank, variant }: EssayDraftContext): EssayDraftParts {
  const open = bank.filter((q) => q.kind === 'OPEN');
  const pool = [...open, ...bank.filter((q) => q.kind !== 'OPEN')];
  const start = pool.length > PARTS_PER_DRAFT ? (variant * PARTS_PER_DRAFT) % pool.length : 0;
  const picked = [...pool.slice(start), ...pool.slice(0, start)].slice(0, PARTS_PER_DRAFT);
  const stem = `This question is about ${subTopic.name}.${subTopic.summary ? ` ${subTopic.summary}` : ''} Answer every part and show your working.`;
  if (picked.length > 0) return { stem, subQuestions: picked.map(partOf) };
  const words = subTopic.name.toLowerCase().split(/\s+/).filter(Boolean);
  return {
    stem,
    subQuestions: [
      {
        prompt: `Explain what is meant by ${subTopic.name.toLowerCase()}.`,
        marks: 2,
        modelAnswer: '',
        markScheme: [{ point: `Names the idea of ${subTopic.name}`, marks: 2, keywords: words }],
      },
      {
        prompt: `Work through an example of ${subTopic.name.toLowerCase()}, showing each step.`,
        marks: 2,
        modelAnswer: '',
        markScheme: [
          { point: 'Shows a method', marks: 1, keywords: ['='] },
          { point: 'Reaches an answer', marks: 1, keywords: ['answer'] },
        ],
      },
    ],
  };
}

export const offlineDraftNote =
  "Drafted by the offline helper from this sub topic's own questions, by rule, not by AI. Check every part and its rubric before saving.";
