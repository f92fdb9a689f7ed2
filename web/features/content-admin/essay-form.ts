import type { EssayDraft, EssayOrigin, EssayQuestionDoc, EssayQuestionInput } from '../../../schema/contracts/essays';

/** The essay editor's state: numbers as typed, keywords as one comma-separated field per rubric point. */
export interface EssayPartForm {
  _id?: string;
  prompt: string;
  marks: string;
  modelAnswer: string;
  markScheme: { point: string; marks: string; keywords: string }[];
}
export interface EssayForm {
  stem: string;
  origin: EssayOrigin;
  parts: EssayPartForm[];
}

export const emptyPoint = () => ({ point: '', marks: '1', keywords: '' });
export const emptyPart = (): EssayPartForm => ({ prompt: '', marks: '1', modelAnswer: '', markScheme: [emptyPoint()] });
export const emptyEssayForm = (): EssayForm => ({ stem: '', origin: 'ADMIN', parts: [emptyPart()] });

/** A stored question or a helper's draft, as the editor shows it. */
export function essayFormOf(essay: EssayQuestionDoc | EssayDraft): EssayForm {
  return {
    stem: essay.stem,
    origin: essay.origin,
    parts: essay.subQuestions.map((part) => ({
      _id: '_id' in part ? part._id : undefined,
      prompt: part.prompt,
      marks: String(part.marks),
      modelAnswer: part.modelAnswer,
      markScheme: part.markScheme.map((p) => ({ point: p.point, marks: String(p.marks), keywords: p.keywords.join(', ') })),
    })),
  };
}

const toNumber = (value: string) => (value.trim() === '' ? Number.NaN : Number(value));

export function essayInputOf(form: EssayForm, subTopicId: string): EssayQuestionInput {
  return {
    subTopicId,
    stem: form.stem,
    origin: form.origin,
    subQuestions: form.parts.map((part) => ({
      ...(part._id ? { _id: part._id } : {}),
      prompt: part.prompt,
      marks: toNumber(part.marks),
      modelAnswer: part.modelAnswer,
      markScheme: part.markScheme.map((p) => ({
        point: p.point,
        marks: toNumber(p.marks),
        keywords: p.keywords
          .split(',')
          .map((k) => k.trim())
          .filter(Boolean),
      })),
    })),
  };
}

/** Parts are lettered as on an exam paper: (a), (b), (c)… */
export const partLetter = (index: number) => String.fromCharCode(97 + index);

export const originWords: Record<EssayOrigin, string> = {
  ADMIN: 'Written by an admin',
  AI: 'Drafted by the AI helper',
  OFFLINE: 'Drafted by the offline helper',
};
