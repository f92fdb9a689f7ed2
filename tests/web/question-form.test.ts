import { describe, expect, it } from 'vitest';
import { type QuestionDoc, questionInput } from '../../schema/contracts/content';
import { emptyQuestionForm, formOf, importErrorText, inputOf, parseImport } from '../../web/features/content-admin/question-form';

const doc: QuestionDoc = {
  _id: 'q1',
  subTopicId: 'st1',
  kind: 'MCQ',
  text: 'Pick $2$.',
  options: [
    { _id: 'o1', text: '$1$' },
    { _id: 'o2', text: '$2$' },
  ],
  correctOptionId: 'o2',
  answer: '',
  explanation: 'It is 2.',
  hint: 'Count.',
  markScheme: [],
  maxMarks: 1,
  difficulty: 'EASY',
  level: 1,
  isApproved: true,
  openAimarking: false,
  aiHint: true,
  approvedBy: 'user_admin',
  createdBy: 'user_admin',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

describe('question editor', () => {
  it('keeps the AI flags through an edit, and sends AI marking only for an open question', () => {
    expect(formOf(doc)).toMatchObject({ aiHint: true, openAimarking: false });
    const mcq = inputOf({ ...formOf(doc), aiHint: false, openAimarking: true }, 'st1');
    expect(mcq).toMatchObject({ aiHint: false });
    expect(mcq).not.toHaveProperty('openAimarking');
    const open = { ...emptyQuestionForm(), kind: 'OPEN' as const, text: 'Q', answer: 'A', openAimarking: true, aiHint: true };
    expect(inputOf(open, 'st1')).toMatchObject({ openAimarking: true, aiHint: true });
    expect(questionInput.safeParse({ ...inputOf(formOf(doc), 'st1'), openAimarking: true }).error?.issues[0]?.path).toEqual(['openAimarking']);
  });

  it('drops blank options and moves the correct index with its option', () => {
    const form = { ...emptyQuestionForm(), text: 'Q', options: [{ text: '' }, { text: 'a' }, { text: '' }, { text: 'b' }], correctOption: 3 };
    const input = inputOf(form, 'st1');
    expect(input.options).toEqual([{ text: 'a' }, { text: 'b' }]);
    expect(input.correctOption).toBe(1);
    expect(questionInput.safeParse(input).success).toBe(true);
  });

  it('reports a blank correct option as no choice, which the shared schema names', () => {
    const input = inputOf({ ...emptyQuestionForm(), text: 'Q', options: [{ text: 'a' }, { text: 'b' }, { text: '' }], correctOption: 2 }, 'st1');
    const result = questionInput.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path.join('.'))).toContain('correctOption');
  });

  it('keeps option ids when editing, so the correct option and past answers stay linked', () => {
    const form = formOf(doc);
    expect(form.correctOption).toBe(1);
    expect(inputOf(form, 'st1')).toMatchObject({ options: [{ _id: 'o1' }, { _id: 'o2' }], correctOption: 1 });
  });

  it('sends only the open question fields, splitting keywords and skipping blank points', () => {
    const form = {
      ...emptyQuestionForm(),
      kind: 'OPEN' as const,
      text: 'Explain.',
      answer: 'Because.',
      markScheme: [
        { point: 'Names the rule', marks: '2', keywords: 'rule,  law , ' },
        { point: '  ', marks: '1', keywords: '' },
      ],
    };
    const input = inputOf(form, 'st1');
    expect(input).not.toHaveProperty('options');
    expect(input.markScheme).toEqual([{ point: 'Names the rule', marks: 2, keywords: ['rule', 'law'] }]);
    expect(questionInput.safeParse(input).success).toBe(true);
  });
});

describe('question import', () => {
  it('accepts a list or an object with a questions list, defaulting the sub topic', () => {
    const rows = [{ kind: 'MCQ', text: 'Q' }];
    expect(parseImport(JSON.stringify(rows), 'st1')).toEqual({ ok: true, questions: [{ subTopicId: 'st1', kind: 'MCQ', text: 'Q' }] });
    expect(parseImport(JSON.stringify({ questions: [{ ...rows[0], subTopicId: 'st2' }] }), 'st1')).toMatchObject({
      ok: true,
      questions: [{ subTopicId: 'st2' }],
    });
  });

  it('explains files it cannot read', () => {
    expect(parseImport('kind,text\nMCQ,Q', 'st1')).toEqual({ ok: false, message: 'The file is not valid JSON.' });
    expect(parseImport('{"rows": []}', 'st1')).toMatchObject({ ok: false });
    expect(parseImport('[]', 'st1')).toEqual({ ok: false, message: 'The file has no questions.' });
  });

  it('turns the server’s row paths into row numbers people count from one', () => {
    expect(importErrorText('questions.2.markScheme.0.point', 'is required')).toBe('Row 3, markScheme.0.point: is required');
    expect(importErrorText('questions', 'needs at least one question')).toBe('questions: needs at least one question');
  });
});
