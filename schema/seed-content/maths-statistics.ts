import { band, frac, num, numericMcq, open, pickMcq } from './build';
import type { SeedTopic } from './types';

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
const median = (xs: number[]) => {
  const s = sorted(xs);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};
const list = (xs: number[]) => `$${xs.join(',\\ ')}$`;

const means = [
  [4, 7, 9, 10, 5],
  [12, 15, 11, 18, 14],
  [3, 8, 8, 6, 10, 1],
  [21, 25, 23, 27, 24],
  [2, 9, 4, 7, 8],
].map((xs, i) =>
  numericMcq(
    {
      text: `Find the mean of ${list(xs)}.`,
      explanation: `Add the values, $${sum(xs)}$, and divide by how many there are, $${xs.length}$: $${sum(xs)} \\div ${xs.length} = ${sum(xs) / xs.length}$.`,
      hint: 'Mean = total ÷ number of values.',
      ...band(i, 8),
    },
    sum(xs) / xs.length,
    [median(xs), sum(xs), Math.max(...xs) - Math.min(...xs)],
  ),
);

const medians = [
  [7, 3, 9, 1, 5],
  [12, 4, 8, 10, 6, 2],
  [15, 11, 19, 13, 17, 21, 9],
  [2.5, 4, 1.5, 3, 6, 5],
].map((xs, i) =>
  numericMcq(
    {
      text: `Find the median of ${list(xs)}.`,
      explanation: `In order: $${sorted(xs).join(',\\ ')}$. The middle ${xs.length % 2 ? 'value is' : 'two values average to'} $${median(xs)}$.`,
      hint: 'Put the values in order first.',
      ...band(i + 1, 6),
    },
    median(xs),
    [xs[Math.floor(xs.length / 2)]!, sum(xs) / xs.length, sorted(xs)[Math.floor(xs.length / 2)]!],
  ),
);

const ranges = [
  [14, 3, 22, 9, 17],
  [-4, 6, 2, -1, 5],
  [0.8, 1.5, 0.3, 1.1],
].map((xs, i) =>
  numericMcq(
    {
      text: `Find the range of ${list(xs)}.`,
      explanation: `Range = largest − smallest $= ${Math.max(...xs)} - (${Math.min(...xs)}) = ${Number((Math.max(...xs) - Math.min(...xs)).toFixed(6))}$.`,
      hint: 'The range measures spread: largest value minus smallest.',
      ...band(i + 1, 4),
    },
    Math.max(...xs) - Math.min(...xs),
    [Math.max(...xs), xs[xs.length - 1]! - xs[0]!, Math.max(...xs) + Math.min(...xs)],
  ),
);

const modes = [
  [3, 7, 7, 2, 9, 7, 4],
  [12, 15, 12, 18, 15, 15],
  [0.5, 1.5, 2.5, 1.5, 3],
].map((xs, i) => {
  const counts = new Map<number, number>();
  for (const x of xs) counts.set(x, (counts.get(x) ?? 0) + 1);
  const mode = [...counts.entries()].sort((a, b) => b[1] - a[1])[0]![0];
  return numericMcq(
    {
      text: `Find the mode of ${list(xs)}.`,
      explanation: `The mode is the value that appears most often: $${mode}$ appears ${counts.get(mode)} times.`,
      hint: 'Count how many times each value appears.',
      ...band(i, 6),
    },
    mode,
    [median(xs), Math.max(...xs), sum(xs) / xs.length],
  );
});

const complements = [
  [0.3, 'it rains tomorrow'],
  [0.85, 'a train is on time'],
  [0.07, 'a light bulb is faulty'],
  [0.625, 'a spinner lands on red'],
].map(([p, event], i) =>
  numericMcq(
    {
      text: `The probability that ${event} is $${p}$. What is the probability that it does not happen?`,
      explanation: `The probabilities of an event and its complement add to 1: $1 - ${p} = ${num(1 - Number(p))}$.`,
      hint: 'Something either happens or it does not.',
      ...band(i, 6),
    },
    1 - Number(p),
    [Number(p), 1 + Number(p), 100 - Number(p)],
  ),
);

const bags = [
  [3, 5, 2],
  [2, 3, 5],
  [6, 4, 5],
  [1, 4, 5],
  [4, 9, 7],
].map(([red, blue, green], i) => {
  const total = red! + blue! + green!;
  return pickMcq(
    {
      text: `A bag holds $${red}$ red, $${blue}$ blue and $${green}$ green counters. One is taken at random. What is the probability it is red?`,
      explanation: `There are $${total}$ counters and $${red}$ are red, so $P(\\text{red}) = \\frac{${red}}{${total}}${frac(red!, total) === `\\frac{${red}}{${total}}` ? '' : ` = ${frac(red!, total)}`}$.`,
      hint: 'Probability = number of ways it can happen ÷ total number of outcomes.',
      ...band(i, 6),
    },
    `$${frac(red!, total)}$`,
    [`$${frac(total - red!, total)}$`, `$${frac(red!, total - red!)}$`, `$\\frac{1}{3}$`, `$${frac(red!, total + red!)}$`],
  );
});

const combined = [
  [
    'A fair coin is flipped and a fair six-sided dice is rolled. Find the probability of a head and a six.',
    [1, 12],
    [
      [1, 8],
      [7, 12],
      [1, 3],
    ],
    '$\\frac{1}{2} \\times \\frac{1}{6} = \\frac{1}{12}$',
  ],
  [
    'A fair dice is rolled twice. Find the probability of two sixes.',
    [1, 36],
    [
      [1, 6],
      [1, 3],
      [1, 12],
    ],
    '$\\frac{1}{6} \\times \\frac{1}{6} = \\frac{1}{36}$',
  ],
  [
    'A spinner lands on blue with probability $0.3$. It is spun twice. Find the probability it lands on blue both times.',
    [9, 100],
    [
      [3, 5],
      [3, 10],
      [49, 100],
    ],
    '$0.3 \\times 0.3 = 0.09 = \\frac{9}{100}$',
  ],
] as const;

const combinedQuestions = combined.map(([text, [n, d], wrong, working], i) =>
  pickMcq(
    {
      text,
      explanation: `The events are independent, so multiply the probabilities: ${working}.`,
      hint: 'For "and" with independent events, multiply.',
      difficulty: 'HARD',
      level: 5 + (i % 2),
    },
    `$${frac(n, d)}$`,
    wrong.map(([p, q]) => `$${frac(p, q)}$`),
  ),
);

export const statisticsTopic: SeedTopic = {
  key: 'statistics-probability',
  name: 'Statistics and probability',
  description: 'Averages and spread, and the probability of single and combined events.',
  subTopics: [
    {
      key: 'averages',
      name: 'Averages and range',
      summary: 'Mean, median, mode and range of a list of data.',
      content: [
        {
          title: 'Three averages and a spread',
          body: 'The mean is the total divided by the number of values: $\\bar{x} = \\frac{\\sum x}{n}$. The median is the middle value once sorted, and the mode is the most common value. The range, largest minus smallest, measures spread.',
        },
      ],
      faqs: [
        { question: 'Which average should I use?', answer: 'The median is better when a few extreme values would pull the mean away from the typical value.' },
      ],
      questions: [
        ...means,
        ...medians,
        ...ranges,
        open({
          text: 'The salaries at a small company are £20k, £22k, £23k, £25k and £150k. Explain which average best describes a typical salary.',
          answer: 'The median, £23k: the mean (£48k) is pulled up by the one very large salary of £150k, so it is higher than four of the five salaries.',
          explanation: 'An outlier affects the mean but not the median.',
          hint: 'Work out both the mean and the median and compare them with the data.',
          points: [
            ['Chooses the median (£23k)', ['median', '23']],
            ['Notes the £150k outlier distorts the mean (£48k)', ['outlier', 'extreme', '150', 'mean', '48']],
          ],
          difficulty: 'MEDIUM',
          level: 4,
        }),
        ...modes,
      ],
    },
    {
      key: 'probability',
      name: 'Probability',
      summary: 'Single events, and combined independent events with the multiplication rule.',
      content: [
        {
          title: 'Equally likely outcomes',
          body: 'When outcomes are equally likely, $P(A) = \\frac{\\text{outcomes in } A}{\\text{all outcomes}}$. For independent events, $P(A \\text{ and } B) = P(A) \\times P(B)$, and $P(\\text{not } A) = 1 - P(A)$.',
        },
      ],
      faqs: [{ question: 'Can a probability be more than 1?', answer: 'No. Probabilities run from 0 (impossible) to 1 (certain).' }],
      questions: [
        ...bags,
        ...combinedQuestions,
        open({
          text: 'Maya flips a coin $10$ times and gets $7$ heads. She says the coin must be biased. Explain whether she is right.',
          answer:
            'Not necessarily: $10$ flips is a small sample, and $7$ heads can happen with a fair coin. She should flip it many more times and see whether the relative frequency stays far from $0.5$.',
          explanation: 'Relative frequency approaches the true probability only as the number of trials grows.',
          hint: 'How reliable is an estimate from only 10 trials?',
          points: [
            ['Says 10 flips is too few trials / a small sample', ['small', 'few', 'more trials', 'more times', '10']],
            ['Explains 7 heads is possible with a fair coin', ['possible', 'chance', 'can happen', 'fair']],
            ['Suggests more trials and comparing relative frequency with 0.5', ['relative frequency', '0.5', 'more']],
          ],
          difficulty: 'MEDIUM',
          level: 3,
        }),
        ...complements,
      ],
    },
  ],
};
