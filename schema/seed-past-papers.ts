import type { DrizzleD1Database } from 'drizzle-orm/d1';
import { subjectLevelOf } from './contracts/quiz';
import { idPart } from './seed-content/ids';
import { pastPapers, questions, quizzes } from './tables';

/**
 * The demo's past papers: two boards' maths catalogues (Cambridge IGCSE 0580 and Pearson Edexcel International GCSE
 * 4MA1), a few series each, and for some papers questions in the style of that paper, each mapped to one of our sub
 * topics so a learner can practise the topic from them. The links open the boards' own past-paper pages: the
 * question papers themselves stay with the boards. The questions are written for the demo, not copied from papers.
 */

const CAMBRIDGE = 'https://www.cambridgeinternational.org/programmes-and-qualifications/cambridge-igcse-mathematics-0580/past-papers/';
const PEARSON = 'https://qualifications.pearson.com/en/qualifications/edexcel-international-gcses/international-gcse-mathematics-a-2016.coursematerials.html';

type Paper = Omit<typeof pastPapers.$inferInsert, '_id' | 'tenantId' | 'link' | 'marking' | 'board' | 'subjectKey' | 'subjectCode'>;

const cambridge = (year: string, session: string, label: string, code: string): Paper => ({ year, session, label, code });
const pearson = cambridge;

const cambridgePapers: Paper[] = [
  cambridge('2023', 'May/June', 'Paper 2 (Extended)', '0580/22/M/J/23'),
  cambridge('2023', 'May/June', 'Paper 4 (Extended)', '0580/42/M/J/23'),
  cambridge('2023', 'October/November', 'Paper 2 (Extended)', '0580/22/O/N/23'),
  cambridge('2023', 'October/November', 'Paper 4 (Extended)', '0580/42/O/N/23'),
  cambridge('2022', 'May/June', 'Paper 2 (Extended)', '0580/22/M/J/22'),
  cambridge('2022', 'May/June', 'Paper 4 (Extended)', '0580/42/M/J/22'),
  cambridge('2020 (Specimen)', '', 'Paper 2 (Extended)', '0580/02/SP/20'),
];

const pearsonPapers: Paper[] = [
  pearson('2023', 'June', 'Paper 1H', '4MA1/1H/JUN23'),
  pearson('2023', 'June', 'Paper 2H', '4MA1/2H/JUN23'),
  pearson('2022', 'November', 'Paper 1H', '4MA1/1H/NOV22'),
  pearson('2022', 'June', 'Paper 1H', '4MA1/1H/JUN22'),
  pearson('2022', 'June', 'Paper 2H', '4MA1/2H/JUN22'),
];

export const seedPastPaperRows = (tenantId: string): (typeof pastPapers.$inferInsert)[] => [
  ...cambridgePapers.map((p) => ({
    ...p,
    _id: `past_paper_${idPart(p.code)}`,
    tenantId,
    board: 'Cambridge IGCSE',
    subjectKey: 'maths',
    subjectCode: '0580',
    link: CAMBRIDGE,
    // The specimen's mark scheme is published apart from the live series', so the demo shows a paper without one.
    marking: p.year.includes('Specimen') ? '' : CAMBRIDGE,
  })),
  ...pearsonPapers.map((p) => ({
    ...p,
    _id: `past_paper_${idPart(p.code)}`,
    tenantId,
    board: 'Pearson Edexcel International GCSE',
    subjectKey: 'mathematics',
    subjectCode: '4MA1',
    link: PEARSON,
    marking: PEARSON,
  })),
];

type Point = [point: string, keywords: string[], marks?: number];
interface PaperQuestion {
  number: string;
  text: string;
  answer: string;
  explanation: string;
  hint: string;
  points: Point[];
}
interface PaperSet {
  code: string;
  topicKey: string;
  subTopicKey: string;
  subTopicName: string;
  questions: PaperQuestion[];
}

const sets: PaperSet[] = [
  {
    code: '0580/22/M/J/23',
    topicKey: 'number',
    subTopicKey: 'indices-standard-form',
    subTopicName: 'Indices and standard form',
    questions: [
      {
        number: '4',
        text: 'Write $0.000\\,407$ in standard form.',
        answer: '$4.07 \\times 10^{-4}$',
        explanation: 'Move the decimal point four places right to get a number between 1 and 10, so the power is $-4$.',
        hint: 'Standard form is $A \\times 10^n$ with $1 \\le A < 10$.',
        points: [
          ['Digits written as $4.07$', ['4.07']],
          ['Power of ten $10^{-4}$', ['10^{-4}', '10^-4']],
        ],
      },
      {
        number: '9',
        text: 'Simplify $\\left(\\dfrac{16x^{8}}{81}\\right)^{\\frac{3}{4}}$.',
        answer: '$\\dfrac{8x^{6}}{27}$',
        explanation: 'The fourth root of $16x^8/81$ is $2x^2/3$; cubing it gives $8x^6/27$.',
        hint: 'Take the fourth root first, then cube.',
        points: [
          ['Fourth root taken: $\\frac{2x^2}{3}$', ['2x^2/3', '\\frac{2x^2}{3}', '2x^{2}']],
          ['Answer $\\frac{8x^6}{27}$', ['8x^6', '8x^{6}']],
        ],
      },
    ],
  },
  {
    code: '0580/42/M/J/23',
    topicKey: 'trigonometry',
    subTopicKey: 'right-angled-trigonometry',
    subTopicName: 'Right-angled trigonometry',
    questions: [
      {
        number: '6(a)',
        text: 'In triangle $ABC$, angle $B = 90°$, $AB = 8$ cm and $BC = 5$ cm. Calculate angle $ACB$.',
        answer: '$\\tan C = \\frac{8}{5}$, so angle $ACB = 58.0°$',
        explanation: 'From $C$, $AB$ is opposite and $BC$ adjacent, so $C = \\tan^{-1}(1.6) = 58.0°$.',
        hint: 'Label the sides from angle $C$: opposite, adjacent, hypotenuse.',
        points: [
          ['Uses tangent, opposite over adjacent: $\\tan C = \\frac{8}{5}$', ['tan', '8/5', '1.6']],
          ['Angle ACB $= 58.0°$', ['58']],
        ],
      },
    ],
  },
  {
    code: '0580/42/M/J/23',
    topicKey: 'algebra',
    subTopicKey: 'simultaneous-equations',
    subTopicName: 'Simultaneous equations',
    questions: [
      {
        number: '8(b)',
        text: 'Solve the simultaneous equations $3x + 2y = 12$ and $x - y = -1$.',
        answer: '$x = 2$, $y = 3$',
        explanation: 'Double the second equation and add: $5x = 10$, so $x = 2$ and $y = x + 1 = 3$.',
        hint: 'Make the $y$ terms match, then add the equations.',
        points: [
          ['Eliminates a letter, e.g. $5x = 10$', ['5x = 10', '5y = 15']],
          ['$x = 2$', ['x = 2']],
          ['$y = 3$', ['y = 3']],
        ],
      },
    ],
  },
  {
    code: '0580/22/O/N/23',
    topicKey: 'statistics-probability',
    subTopicKey: 'probability',
    subTopicName: 'Probability',
    questions: [
      {
        number: '11',
        text: 'A bag holds $5$ red and $3$ blue counters. Two are taken at random without replacement. Find the probability that both are red.',
        answer: '$\\frac{5}{14}$',
        explanation: '$\\frac{5}{8} \\times \\frac{4}{7} = \\frac{20}{56} = \\frac{5}{14}$.',
        hint: 'After one red counter is taken, there are $7$ counters left and $4$ are red.',
        points: [
          ['Multiplies $\\frac{5}{8} \\times \\frac{4}{7}$', ['5/8', '4/7', '\\frac{5}{8}']],
          ['Answer $\\frac{5}{14}$ (or $\\frac{20}{56}$)', ['5/14', '20/56', '\\frac{5}{14}']],
        ],
      },
    ],
  },
  {
    code: '4MA1/1H/JUN23',
    topicKey: 'number',
    subTopicKey: 'indices-standard-form',
    subTopicName: 'Indices and standard form',
    questions: [
      {
        number: '7',
        text: 'Work out $(3.2 \\times 10^{5}) \\times (4 \\times 10^{-2})$. Give your answer in standard form.',
        answer: '$1.28 \\times 10^{4}$',
        explanation: '$3.2 \\times 4 = 12.8$ and $10^5 \\times 10^{-2} = 10^3$, so $12.8 \\times 10^3 = 1.28 \\times 10^4$.',
        hint: 'Multiply the numbers, add the powers, then make the number between 1 and 10.',
        points: [
          ['Multiplies the numbers and adds the powers: $12.8 \\times 10^{3}$', ['12.8', '10^3', '10^{3}']],
          ['Standard form: $1.28 \\times 10^{4}$', ['1.28']],
        ],
      },
    ],
  },
  {
    code: '4MA1/2H/JUN22',
    topicKey: 'trigonometry',
    subTopicKey: 'right-angled-trigonometry',
    subTopicName: 'Right-angled trigonometry',
    questions: [
      {
        number: '5',
        text: 'A ramp rises $1.2$ m over a horizontal distance of $9$ m. Work out the angle the ramp makes with the horizontal. Give your answer to 1 decimal place.',
        answer: '$7.6°$',
        explanation: '$\\tan \\theta = \\frac{1.2}{9}$, so $\\theta = \\tan^{-1}(0.133\\ldots) = 7.6°$.',
        hint: 'The rise is opposite the angle and the horizontal distance is adjacent.',
        points: [
          ['Uses tangent: $\\tan \\theta = \\frac{1.2}{9}$', ['tan', '1.2/9', '0.133']],
          ['Angle $7.6°$', ['7.6', '7.59']],
        ],
      },
    ],
  },
  {
    code: '4MA1/2H/JUN23',
    topicKey: 'geometry-mensuration',
    subTopicKey: 'circles',
    subTopicName: 'Circles, arcs and sectors',
    questions: [
      {
        number: '12',
        text: 'A sector of a circle has radius $9$ cm and angle $40°$. Work out the length of its arc. Give your answer correct to 3 significant figures.',
        answer: '$6.28$ cm',
        explanation: 'Arc length $= \\frac{40}{360} \\times 2\\pi \\times 9 = 2\\pi \\approx 6.28$ cm.',
        hint: 'The arc is the same fraction of the circumference as $40°$ is of $360°$.',
        points: [
          ['Uses the fraction of the circumference: $\\frac{40}{360} \\times 2\\pi \\times 9$', ['40/360', '\\frac{40}{360}', '2pi']],
          ['Arc length $6.28$ cm', ['6.28']],
        ],
      },
    ],
  },
];

/** The quiz of one paper's questions on one sub topic: its `paper` is the catalogue code the topical page looks up. */
export const seedPastPaperQuizId = (code: string, subTopicKey: string) => `quiz_studyhall_pp_${idPart(code)}_${idPart(subTopicKey)}`;

export async function seedPastPapers<S extends Record<string, unknown>>(db: DrizzleD1Database<S>, tenantId: string, adminId: string) {
  const questionRows: (typeof questions.$inferInsert)[] = [];
  const quizRows: (typeof quizzes.$inferInsert)[] = [];
  const paperRows = seedPastPaperRows(tenantId);
  for (const set of sets) {
    const quizId = seedPastPaperQuizId(set.code, set.subTopicKey);
    const paper = paperRows.find((p) => p.code === set.code)!;
    const questionIds = set.questions.map((q) => {
      const _id = `question_studyhall_pp_${idPart(set.code)}_${idPart(q.number)}`;
      const markScheme = q.points.map(([point, keywords, marks = 1], k) => ({ _id: `${_id}_m${k + 1}`, point, keywords, marks }));
      questionRows.push({
        _id,
        tenantId,
        subTopicId: `sub_topic_studyhall_${idPart(set.subTopicKey)}`,
        kind: 'OPEN',
        text: `Question ${q.number}. ${q.text}`,
        answer: q.answer,
        explanation: q.explanation,
        hint: q.hint,
        markScheme,
        maxMarks: markScheme.reduce((sum, p) => sum + p.marks, 0),
        difficulty: 'MEDIUM',
        level: 5,
        isApproved: true,
        approvedBy: adminId,
        // Practice marks each answer against the scheme as it is given, as the rest of the seeded bank offers.
        openAimarking: true,
        aiHint: true,
        createdBy: adminId,
      });
      return _id;
    });
    quizRows.push({
      _id: quizId,
      tenantId,
      topicId: `topic_studyhall_maths_${idPart(set.topicKey)}`,
      subTopicId: `sub_topic_studyhall_${idPart(set.subTopicKey)}`,
      title: `${set.subTopicName}: ${paper.board} ${paper.session ? `${paper.session} ` : ''}${paper.year} ${paper.label}`,
      paper: set.code,
      curriculum: 'Cambridge IGCSE',
      subject: 'Mathematics',
      grade: 'Grade 10',
      subjectLevel: subjectLevelOf('Cambridge IGCSE'),
      subjectCode: '0580',
      questionIds,
      isPublished: true,
      publishedAt: new Date(Date.UTC(2026, 0, 12)),
      createdBy: adminId,
    });
  }
  // One row a statement: D1 binds at most 100 parameters to each.
  const [first, ...rest] = [
    ...paperRows.map((row) => db.insert(pastPapers).values(row).onConflictDoNothing()),
    ...questionRows.map((row) => db.insert(questions).values(row).onConflictDoNothing()),
    ...quizRows.map((row) => db.insert(quizzes).values(row).onConflictDoNothing()),
  ];
  if (first) await db.batch([first, ...rest]);
}
