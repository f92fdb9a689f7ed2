import { band, num, numericMcq, open, pickMcq } from './build';
import type { SeedTopic } from './types';

const percentOf = [10, 20, 25, 5, 15, 30, 12.5, 35].map((p, i) => {
  const n = [80, 60, 240, 140, 220, 90, 320, 260][i]!;
  const answer = (p * n) / 100;
  return numericMcq(
    {
      text: `Find $${p}\\%$ of $${n}$.`,
      explanation: `$${p}\\%$ means $\\frac{${p}}{100}$, so $\\frac{${p}}{100} \\times ${n} = ${num(answer)}$.`,
      hint: 'Write the percentage as a fraction of 100, then multiply.',
      ...band(i, 8),
    },
    answer,
    [(p * n) / 10, n - answer, n + answer],
  );
});

const changes = [50, 120, 80, 250, 64, 400].map((price, i) => {
  const p = [10, 15, 25, 8, 12.5, 35][i]!;
  const up = i % 2 === 0;
  const multiplier = up ? 1 + p / 100 : 1 - p / 100;
  const answer = price * multiplier;
  return numericMcq(
    {
      text: `A price of £$${price}$ is ${up ? 'increased' : 'decreased'} by $${p}\\%$. What is the new price in pounds?`,
      explanation: `The multiplier is $${num(multiplier)}$, so the new price is $${price} \\times ${num(multiplier)} = ${num(answer)}$.`,
      hint: `${up ? 'Add' : 'Subtract'} the percentage to or from $100\\%$ and use that as a multiplier.`,
      ...band(i + 2, 8),
    },
    answer,
    [(price * p) / 100, price * (up ? 1 - p / 100 : 1 + p / 100), up ? price + p : price - p],
  );
});

const reverse = [
  [20, 45],
  [25, 64],
  [10, 90],
].map(([p, original], i) => {
  const after = (original! * (100 + p!)) / 100;
  return numericMcq(
    {
      text: `After a $${p}\\%$ increase a bicycle costs £$${num(after)}$. What did it cost before the increase?`,
      explanation: `The new price is $${100 + p!}\\%$ of the original, so divide by $${num(1 + p! / 100)}$: $${num(after)} \\div ${num(1 + p! / 100)} = ${original}$.`,
      hint: 'The new price is more than 100% of the old one. Which percentage is it?',
      difficulty: 'HARD',
      level: 5 + (i % 2),
    },
    original!,
    [after * (1 - p! / 100), after - p!, after / (1 - p! / 100)],
  );
});

const standardForm = [
  ['45\\,000', 4.5, 4],
  ['0.0032', 3.2, -3],
  ['6\\,700\\,000', 6.7, 6],
  ['0.00081', 8.1, -4],
  ['230', 2.3, 2],
  ['0.05', 5, -2],
] as const;

const standardFormQuestions = standardForm.map(([shown, m, e], i) =>
  pickMcq(
    {
      text: `Write $${shown}$ in standard form.`,
      explanation: `Move the decimal point so one non-zero digit is in front of it: $${m}$. It moved ${Math.abs(e)} place${Math.abs(e) === 1 ? '' : 's'}, so the power is $10^{${e}}$.`,
      hint: e > 0 ? 'Large numbers have a positive power of 10.' : 'Numbers below 1 have a negative power of 10.',
      ...band(i, 6),
    },
    `$${m} \\times 10^{${e}}$`,
    [`$${m} \\times 10^{${e + 1}}$`, `$${m} \\times 10^{${e - 1}}$`, `$${m} \\times 10^{${-e}}$`],
  ),
);

const indexLaws = [
  ['a', 3, 4],
  ['x', 5, 2],
  ['y', 7, 3],
  ['p', 2, 6],
  ['t', 4, 5],
  ['b', 6, 3],
] as const;

const multiplyPowers = indexLaws.map(([v, m, n], i) =>
  pickMcq(
    {
      text: `Simplify $${v}^{${m}} \\times ${v}^{${n}}$.`,
      explanation: `When multiplying powers of the same base, add the indices: $${m} + ${n} = ${m + n}$.`,
      hint: 'Same base, multiplying: do something to the indices.',
      ...band(i, 9),
    },
    `$${v}^{${m + n}}$`,
    [`$${v}^{${m * n}}$`, `$${v}^{${m - n}}$`, `$2${v}^{${m + n}}$`],
  ),
);

const powerOfPower = [
  [3, 4],
  [2, 5],
  [3, 3],
].map(([m, n], i) =>
  pickMcq(
    {
      text: `Simplify $(a^{${m}})^{${n}}$.`,
      explanation: `A power of a power multiplies the indices: $${m} \\times ${n} = ${m! * n!}$.`,
      hint: 'Write it out as repeated multiplication if you are unsure.',
      difficulty: 'MEDIUM',
      level: 3 + i,
    },
    `$a^{${m! * n!}}$`,
    [`$a^{${m! + n!}}$`, `$${n}a^{${m}}$`, `$a^{${m! ** n!}}$`],
  ),
);

const products = [
  pickMcq(
    {
      text: 'Work out $(3 \\times 10^{4}) \\times (2 \\times 10^{5})$. Give your answer in standard form.',
      explanation: 'Multiply the numbers, $3 \\times 2 = 6$, and add the powers, $4 + 5 = 9$: $6 \\times 10^{9}$.',
      hint: 'Deal with the numbers and the powers of 10 separately.',
      difficulty: 'HARD',
      level: 5,
    },
    '$6 \\times 10^{9}$',
    ['$6 \\times 10^{20}$', '$5 \\times 10^{9}$', '$6 \\times 10^{8}$'],
  ),
  pickMcq(
    {
      text: 'Work out $(4 \\times 10^{3}) \\times (5 \\times 10^{-7})$. Give your answer in standard form.',
      explanation: '$4 \\times 5 = 20$ and $3 + (-7) = -4$, giving $20 \\times 10^{-4}$, which is $2 \\times 10^{-3}$ in standard form.',
      hint: 'After multiplying, check the first number is between 1 and 10.',
      difficulty: 'HARD',
      level: 6,
    },
    '$2 \\times 10^{-3}$',
    ['$2 \\times 10^{-4}$', '$9 \\times 10^{-4}$', '$2 \\times 10^{-21}$'],
  ),
];

const shares = [
  [60, 2, 3],
  [84, 3, 4],
  [150, 1, 4],
  [96, 5, 3],
  [120, 7, 5],
  [45, 4, 5],
  [200, 3, 7],
  [132, 5, 6],
].map(([total, a, b], i) => {
  const part = total! / (a! + b!);
  const larger = part * Math.max(a!, b!);
  return numericMcq(
    {
      text: `Share £$${total}$ in the ratio $${a} : ${b}$. How much is the larger share?`,
      explanation: `There are $${a} + ${b} = ${a! + b!}$ parts, each worth $${total} \\div ${a! + b!} = ${num(part)}$. The larger share is $${Math.max(a!, b!)} \\times ${num(part)} = ${num(larger)}$.`,
      hint: 'Add the parts of the ratio first to find the value of one part.',
      ...band(i, 8),
    },
    larger,
    [part * Math.min(a!, b!), part, total! / 2],
  );
});

const unitCosts = [
  [4, 6, 10],
  [3, 4.5, 7],
  [5, 8, 12],
  [6, 9, 15],
].map(([k, cost, m], i) => {
  const answer = (cost! / k!) * m!;
  return numericMcq(
    {
      text: `$${k}$ pens cost £$${num(cost!)}$. How much do $${m}$ of the same pens cost, in pounds?`,
      explanation: `One pen costs $${num(cost!)} \\div ${k} = ${num(cost! / k!)}$, so $${m}$ pens cost $${m} \\times ${num(cost! / k!)} = ${num(answer)}$.`,
      hint: 'Find the cost of one pen first (the unitary method).',
      ...band(i + 2, 6),
    },
    answer,
    [cost! * m!, cost! / k!, cost! + (m! - k!)],
  );
});

export const numberTopic: SeedTopic = {
  key: 'number',
  name: 'Number',
  description: 'Percentages, powers and standard form, ratio and proportion.',
  subTopics: [
    {
      key: 'percentages',
      name: 'Percentages',
      summary: 'Percentages of amounts, percentage change and reverse percentages with multipliers.',
      content: [
        {
          title: 'Multipliers',
          body: 'A percentage is a fraction out of 100, so $35\\%$ of an amount is $0.35$ times it.\n\nTo increase by $r\\%$ multiply by $1 + \\frac{r}{100}$; to decrease, multiply by $1 - \\frac{r}{100}$.\n\n$$\\text{new} = \\text{original} \\times \\left(1 + \\frac{r}{100}\\right)$$\n\nFor a reverse percentage, divide the new amount by the same multiplier.',
        },
      ],
      faqs: [
        {
          question: 'Why not just take the percentage off the new price?',
          answer: 'The percentage was of the original amount, which is smaller, so taking it off the new price removes too much.',
        },
        { question: 'Do I need a calculator?', answer: 'Paper 2 allows one; on Paper 1 use fractions such as $25\\% = \\frac{1}{4}$.' },
      ],
      questions: [
        ...percentOf,
        ...changes,
        ...reverse,
        open({
          text: 'Sam says that increasing a price by $20\\%$ and then decreasing the new price by $20\\%$ gives the original price. Is he right? Explain.',
          answer: 'No. The multipliers are $1.2$ and $0.8$, and $1.2 \\times 0.8 = 0.96$, so the final price is $4\\%$ lower than the original.',
          explanation: 'The decrease is $20\\%$ of a larger amount than the increase was, so it takes off more than was added.',
          hint: 'Try it with a price of £100.',
          points: [
            ['Uses the multipliers 1.2 and 0.8 (or works with an example price)', ['1.2', '0.8', '120', '100']],
            ['Combines them: 1.2 × 0.8 = 0.96', ['0.96', '96']],
            ['Concludes he is wrong: the price ends 4% lower', ['4%', 'lower', 'less', 'not the same', 'wrong']],
          ],
          difficulty: 'MEDIUM',
          level: 4,
        }),
      ],
    },
    {
      key: 'indices-standard-form',
      name: 'Indices and standard form',
      summary: 'The laws of indices and writing very large or small numbers as $A \\times 10^{n}$.',
      content: [
        {
          title: 'Laws of indices',
          body: 'For the same base, multiplying adds the indices and dividing subtracts them:\n\n$$a^{m} \\times a^{n} = a^{m+n} \\qquad a^{m} \\div a^{n} = a^{m-n} \\qquad (a^{m})^{n} = a^{mn}$$\n\nAny non-zero number to the power $0$ is $1$.',
        },
        {
          title: 'Standard form',
          body: 'A number in standard form is $A \\times 10^{n}$ with $1 \\le A < 10$ and $n$ a whole number, for example $45\\,000 = 4.5 \\times 10^{4}$ and $0.0032 = 3.2 \\times 10^{-3}$.',
        },
      ],
      faqs: [
        {
          question: 'Is $20 \\times 10^{3}$ in standard form?',
          answer: 'No: the first number must be at least 1 and less than 10, so write $2 \\times 10^{4}$.',
        },
      ],
      questions: [
        ...multiplyPowers,
        ...powerOfPower,
        ...standardFormQuestions,
        ...products,
        open({
          text: 'Use the law of indices for division to explain why $5^{0} = 1$.',
          answer: '$5^{3} \\div 5^{3} = 5^{3-3} = 5^{0}$, but any non-zero number divided by itself is $1$, so $5^{0} = 1$.',
          explanation: 'Writing the same division two ways shows the two answers must be equal.',
          hint: 'What is $5^{3} \\div 5^{3}$? Work it out two different ways.',
          points: [
            ['Divides a power of 5 by itself and subtracts indices to get 5^0', ['subtract', '5^0', '3-3', 'index']],
            ['States the division equals 1 (a number divided by itself)', ['itself', 'equals 1', '= 1']],
          ],
          difficulty: 'MEDIUM',
          level: 4,
        }),
      ],
    },
    {
      key: 'ratio-proportion',
      name: 'Ratio and proportion',
      summary: 'Sharing in a ratio and the unitary method for direct proportion and best buys.',
      content: [
        {
          title: 'Sharing in a ratio',
          body: 'Add the parts, divide the total by that to find one part, then multiply. Sharing £60 in the ratio $2 : 3$ gives $5$ parts of £12, so the shares are £24 and £36.',
        },
      ],
      faqs: [
        {
          question: 'How do I compare two pack sizes?',
          answer: 'Work out the price of the same amount of each, such as per 100 g; the lower price per unit is the better buy.',
        },
      ],
      questions: [
        ...shares,
        ...unitCosts,
        open({
          text: 'A $500$ g box of cereal costs £$2.40$ and a $750$ g box costs £$3.45$. Which is better value? Show your working.',
          answer: 'The 500 g box costs 48p per 100 g and the 750 g box costs 46p per 100 g, so the 750 g box is better value.',
          explanation: 'Compare the cost of the same mass: $240 \\div 5 = 48$ pence and $345 \\div 7.5 = 46$ pence per 100 g.',
          hint: 'Find the cost of 100 g in each box.',
          points: [
            ['Compares the same quantity (e.g. price per 100 g or per gram)', ['per 100', 'per gram', 'per g', 'each']],
            ['Finds 48p and 46p per 100 g (or equivalent)', ['48', '46', '0.48', '0.46']],
            ['Concludes the 750 g box is better value', ['750']],
          ],
          difficulty: 'MEDIUM',
          level: 3,
        }),
      ],
    },
  ],
};
