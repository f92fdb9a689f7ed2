import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { questionInput } from '../../schema/contracts/content';
import { parseQuestionsCsv, questionsCsvTemplate } from '../../web/features/content-admin/question-csv';

const SUB_TOPIC = 'subtopic_1';
const csv = (rows: Record<string, string>[]) => Papa.unparse(rows);

describe('question import from CSV', () => {
  it('reads the downloadable template into two questions the API accepts', () => {
    const parsed = parseQuestionsCsv(questionsCsvTemplate(), SUB_TOPIC);
    if (!parsed.ok) throw new Error(parsed.message);
    expect(parsed.questions).toHaveLength(2);
    for (const question of parsed.questions) expect(questionInput.safeParse(question).success).toBe(true);
    const [mcq, open] = parsed.questions;
    expect(mcq).toMatchObject({ kind: 'MCQ', subTopicId: SUB_TOPIC, options: [{ text: '12' }, { text: '15' }, { text: '16' }], correctOption: 1, level: 1 });
    expect(open).toMatchObject({
      kind: 'OPEN',
      answer: '$2x = 8$, so $x = 4$.',
      markScheme: [
        { point: 'Subtracts 3 from both sides', marks: 1, keywords: ['2x = 8'] },
        { point: 'Divides by 2 to get x = 4', marks: 1, keywords: ['x = 4'] },
      ],
    });
  });

  it('accepts headers in any case and order, a byte-order mark, and skips blank rows', () => {
    const text = '\uFEFFLevel,Difficulty,Text,Kind,Option A,Option B,Correct\r\n3,hard,"Which is prime, 9 or 7?",mcq,9,7,b\r\n,,,,,,\r\n';
    const parsed = parseQuestionsCsv(text, SUB_TOPIC);
    if (!parsed.ok) throw new Error(parsed.message);
    expect(parsed.questions).toEqual([
      expect.objectContaining({ kind: 'MCQ', text: 'Which is prime, 9 or 7?', difficulty: 'HARD', level: 3, correctOption: 1 }),
    ]);
  });

  it('counts the correct letter among the filled options only', () => {
    const parsed = parseQuestionsCsv(
      csv([{ kind: 'MCQ', text: 'Pick C', option_a: 'x', option_b: '', option_c: 'y', correct: 'C', difficulty: 'EASY', level: '1' }]),
      SUB_TOPIC,
    );
    if (!parsed.ok) throw new Error(parsed.message);
    expect(parsed.questions[0]).toMatchObject({ options: [{ text: 'x' }, { text: 'y' }], correctOption: 1 });
  });

  it('leaves a wrong letter for the server to name, rather than guessing', () => {
    const parsed = parseQuestionsCsv(csv([{ kind: 'MCQ', text: 'Q', option_a: 'x', option_b: 'y', correct: 'F', difficulty: 'EASY', level: '1' }]), SUB_TOPIC);
    if (!parsed.ok) throw new Error(parsed.message);
    const check = questionInput.safeParse(parsed.questions[0]);
    expect(check.success).toBe(false);
    expect(check.error?.issues.map((i) => i.path.join('.'))).toContain('correctOption');
  });

  it('names the columns a file is missing, and refuses a file with no questions', () => {
    expect(parseQuestionsCsv('text,kind\nWhat?,OPEN\n', SUB_TOPIC)).toEqual({ ok: false, message: 'The CSV file needs the columns difficulty, level.' });
    expect(parseQuestionsCsv('kind,text,difficulty,level\n', SUB_TOPIC)).toEqual({ ok: false, message: 'The file has no questions.' });
  });
});
