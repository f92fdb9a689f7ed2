import { band, bracket, dp, linear, num, numericMcq, open, pickMcq, quadratic, range } from './build';
import type { SeedTopic } from './types';

const linearEquations = range(10).map((i) => {
  const a = [2, 3, 5, 4, 7, 6, 3, 8, 5, 9][i]!;
  const x = [4, 5, 3, -2, 2, -3, 7, 6, -4, 3][i]!;
  const b = [3, -4, 7, 9, -5, 11, 2, -10, 6, -8][i]!;
  const withBrackets = i >= 6;
  const c = withBrackets ? a * (x + b) : a * x + b;
  const text = withBrackets ? `Solve $${a}${bracket(b)} = ${c}$.` : `Solve $${linear(a, b)} = ${c}$.`;
  const explanation = withBrackets
    ? `Divide both sides by $${a}$: $${bracket(b).slice(1, -1)} = ${num(c / a)}$. Then ${b < 0 ? 'add' : 'subtract'} $${Math.abs(b)}$: $x = ${x}$.`
    : `${b < 0 ? 'Add' : 'Subtract'} $${Math.abs(b)}$ on both sides: $${a}x = ${c - b}$. Divide by $${a}$: $x = ${x}$.`;
  return numericMcq(
    { text, explanation, hint: 'Undo the operations in reverse order, doing the same to both sides.', ...band(i, 10) },
    x,
    withBrackets ? [c / a + b, c - b, (c - b) / a] : [(c + b) / a, c - b, c / a - b],
  );
});

const bothSides = [
  [5, 3, 2, 12],
  [7, -2, 3, 10],
  [4, 9, 6, 1],
].map(([p, q, r, s], i) => {
  const x = (s! - q!) / (p! - r!);
  return numericMcq(
    {
      text: `Solve $${linear(p!, q!)} = ${linear(r!, s!)}$.`,
      explanation: `Collect the $x$ terms on one side and the numbers on the other: $${p! - r!}x = ${s! - q!}$, so $x = ${num(x)}$.`,
      hint: 'Subtract the smaller $x$ term from both sides first.',
      difficulty: 'MEDIUM',
      level: 3 + i,
    },
    x,
    [(s! - q!) / (p! + r!), (s! + q!) / (p! - r!), -x],
  );
});

const expansions = [
  [2, 3],
  [4, -1],
  [-3, 5],
  [-2, -6],
  [5, 7],
  [-4, 3],
  [6, -2],
  [1, -8],
].map(([a, b], i) =>
  pickMcq(
    {
      text: `Expand and simplify $${bracket(a!)}${bracket(b!)}$.`,
      explanation: `Multiply every term: $x^2 ${a! < 0 ? '-' : '+'} ${Math.abs(a!)}x ${b! < 0 ? '-' : '+'} ${Math.abs(b!)}x ${a! * b! < 0 ? '-' : '+'} ${Math.abs(a! * b!)}$, which simplifies to $${quadratic(a! + b!, a! * b!)}$.`,
      hint: 'Each term in the first bracket multiplies each term in the second: four products.',
      ...band(i, 8),
    },
    `$${quadratic(a! + b!, a! * b!)}$`,
    [`$${quadratic(a! * b!, a! + b!)}$`, `$${quadratic(a! + b!, -a! * b!)}$`, `$${quadratic(0, a! * b!)}$`],
  ),
);

const factorisations = [
  [3, 4],
  [2, -5],
  [-1, -6],
  [7, -3],
].map(([p, q], i) =>
  pickMcq(
    {
      text: `Factorise $${quadratic(p! + q!, p! * q!)}$.`,
      explanation: `Find two numbers that multiply to $${p! * q!}$ and add to $${p! + q!}$: they are $${p}$ and $${q}$.`,
      hint: 'List the factor pairs of the constant term and check their sums.',
      ...band(i + 2, 6),
    },
    `$${bracket(p!)}${bracket(q!)}$`,
    [`$${bracket(-p!)}${bracket(-q!)}$`, `$${bracket(p!)}${bracket(-q!)}$`, `$${bracket(-p!)}${bracket(q!)}$`],
  ),
);

const rootSets = [
  [2, 3],
  [-1, 4],
  [-5, 2],
  [3, -6],
  [-2, -7],
  [1, 5],
];
const roots = (a: number, b: number) => {
  const [lo, hi] = [a, b].sort((m, n) => m - n);
  return `$x = ${lo}$ or $x = ${hi}$`;
};
const quadraticEquations = rootSets.map(([r, s], i) =>
  pickMcq(
    {
      text: `Solve $${quadratic(-(r! + s!), r! * s!)} = 0$.`,
      explanation: `It factorises as $${bracket(-r!)}${bracket(-s!)} = 0$, so one bracket is zero: $x = ${r}$ or $x = ${s}$.`,
      hint: 'Factorise, then set each bracket equal to zero.',
      ...band(i + 1, 7),
    },
    roots(r!, s!),
    [roots(-r!, -s!), roots(r!, -s!), roots(-r!, s!)],
  ),
);

const formula = [
  [4, 1],
  [-6, 4],
  [3, -5],
].map(([b, c], i) => {
  const disc = b! * b! - 4 * c!;
  const pair = (p: number, q: number) => `$x = ${num(Math.min(p, q))}$ or $x = ${num(Math.max(p, q))}$`;
  const solve = (d: number, over: number) => [dp((-b! + Math.sqrt(d)) / over, 2), dp((-b! - Math.sqrt(d)) / over, 2)] as const;
  const [x1, x2] = solve(disc, 2);
  return pickMcq(
    {
      text: `Solve $${quadratic(b!, c!)} = 0$, giving your answers to 2 decimal places.`,
      explanation: `It does not factorise, so use $x = \\frac{-b \\pm \\sqrt{b^2 - 4ac}}{2a}$ with $a = 1$, $b = ${b}$, $c = ${c}$: the discriminant is $${disc}$, giving $x = ${num(x1)}$ or $x = ${num(x2)}$.`,
      hint: 'Write down $a$, $b$ and $c$ carefully, including their signs.',
      difficulty: 'HARD',
      level: 5 + (i % 2),
    },
    pair(x1, x2),
    [pair(-x1, -x2), pair(...solve(disc, 1)), pair(dp((-b! + disc) / 2, 2), dp((-b! - disc) / 2, 2))],
  );
});

const simultaneous = [
  [1, 1, 1, -1, 7, 3],
  [2, 1, 1, -1, 4, 3],
  [3, 2, 1, 2, 4, 2],
  [5, -2, 3, 2, 3, 2],
  [2, 3, 4, -1, 3, 2],
  [3, -4, 2, 3, -1, 4],
  [4, 3, 2, -1, 2, -1],
].map(([a, b, d, e, x, y], i) => {
  const eq = (p: number, q: number) => `${p === 1 ? '' : p}x ${q < 0 ? '-' : '+'} ${Math.abs(q) === 1 ? '' : Math.abs(q)}y = ${p * x! + q * y!}`;
  const sol = (p: number, q: number) => `$x = ${p}$, $y = ${q}$`;
  return pickMcq(
    {
      text: `Solve the simultaneous equations $${eq(a!, b!)}$ and $${eq(d!, e!)}$.`,
      explanation: `Eliminate one unknown by adding or subtracting suitable multiples of the equations, solve for the other, then substitute back: $x = ${x}$ and $y = ${y}$. Check both equations.`,
      hint: 'Make the coefficients of $x$ or of $y$ the same size, then add or subtract the equations.',
      ...band(i + 1, 8),
    },
    sol(x!, y!),
    [sol(y!, x!), sol(x!, -y!), sol(-x!, y!)],
  );
});

export const algebraTopic: SeedTopic = {
  key: 'algebra',
  name: 'Algebra',
  description: 'Linear and quadratic equations, brackets and simultaneous equations.',
  subTopics: [
    {
      key: 'linear-equations',
      name: 'Linear equations',
      summary: 'Solving equations with the unknown on one or both sides, including brackets.',
      content: [
        {
          title: 'Balancing',
          body: 'An equation stays true if you do the same thing to both sides. Undo operations in the reverse order they were applied.\n\n$$3x + 5 = 20 \\;\\Rightarrow\\; 3x = 15 \\;\\Rightarrow\\; x = 5$$',
        },
      ],
      faqs: [
        {
          question: 'Should I expand brackets first?',
          answer: 'You can, but if the number outside divides the right-hand side exactly, dividing first is quicker.',
        },
      ],
      questions: [
        ...linearEquations,
        ...bothSides,
        open({
          text: 'A rectangle has sides of $(x + 3)$ cm and $2x$ cm. Its perimeter is $36$ cm. Form and solve an equation to find the length of each side.',
          answer: '$2(x + 3 + 2x) = 36$, so $6x + 6 = 36$ and $x = 5$. The sides are $8$ cm and $10$ cm.',
          explanation: 'The perimeter is twice the sum of two adjacent sides; simplify, then solve the linear equation.',
          hint: 'Perimeter = 2 × (length + width).',
          points: [
            ['Forms the equation 2(3x + 3) = 36 or 6x + 6 = 36', ['6x', '2(', '36']],
            ['Solves to x = 5', ['x = 5', 'x=5']],
            ['Gives the sides as 8 cm and 10 cm', ['8', '10']],
          ],
          difficulty: 'MEDIUM',
          level: 4,
        }),
      ],
    },
    {
      key: 'expanding-factorising',
      name: 'Expanding and factorising',
      summary: 'Multiplying out double brackets and factorising quadratics.',
      content: [
        {
          title: 'Double brackets',
          body: 'Multiply each term in the first bracket by each term in the second:\n\n$$(x + a)(x + b) = x^2 + (a + b)x + ab$$\n\nFactorising reverses this: find two numbers with product $ab$ and sum $a + b$.',
        },
      ],
      faqs: [{ question: 'How do I check a factorisation?', answer: 'Expand your brackets again; you should get the expression you started with.' }],
      questions: [
        ...expansions,
        ...factorisations,
        open({
          text: 'Factorise completely $6x^2 - 15x$.',
          answer: '$3x(2x - 5)$',
          explanation: 'The highest common factor of $6x^2$ and $15x$ is $3x$; dividing each term by it leaves $2x - 5$.',
          hint: 'Look for the highest common factor of the numbers and of the powers of $x$.',
          points: [
            ['Takes out the common factor 3x', ['3x']],
            ['Leaves the bracket (2x - 5)', ['2x - 5', '2x-5']],
          ],
          difficulty: 'EASY',
          level: 2,
        }),
        open({
          text: 'Factorise $x^2 - 49$ and explain the method you used.',
          answer: '$(x + 7)(x - 7)$, using the difference of two squares $a^2 - b^2 = (a + b)(a - b)$.',
          explanation: '$49 = 7^2$, so the expression is a difference of two squares.',
          hint: 'Is $49$ a square number?',
          points: [
            ['Recognises a difference of two squares (49 = 7²)', ['difference of two squares', 'square', '7^2', '7²']],
            ['Writes (x + 7)(x - 7)', ['(x + 7)(x - 7)', '(x+7)(x-7)', '(x - 7)(x + 7)']],
          ],
          difficulty: 'MEDIUM',
          level: 3,
        }),
      ],
    },
    {
      key: 'quadratic-equations',
      name: 'Quadratic equations',
      summary: 'Solving by factorising and with the quadratic formula; the discriminant.',
      content: [
        {
          title: 'The quadratic formula',
          body: 'For $ax^2 + bx + c = 0$:\n\n$$x = \\frac{-b \\pm \\sqrt{b^2 - 4ac}}{2a}$$\n\nThe discriminant $b^2 - 4ac$ tells you how many real roots there are: positive gives two, zero gives one, negative gives none.',
        },
      ],
      faqs: [
        { question: 'When should I use the formula?', answer: 'When the question asks for decimal places, the quadratic almost certainly does not factorise.' },
      ],
      questions: [
        ...quadraticEquations,
        ...formula,
        open({
          text: 'Without solving it, explain how many real roots $x^2 + 2x + 5 = 0$ has.',
          answer: 'The discriminant is $2^2 - 4 \\times 1 \\times 5 = -16$, which is negative, so there are no real roots.',
          explanation: 'The square root of a negative number is not real, so the formula gives no real solutions; the graph stays above the $x$-axis.',
          hint: 'Work out $b^2 - 4ac$.',
          points: [
            ['Calculates the discriminant b² - 4ac = -16', ['-16', 'discriminant', 'b^2 - 4ac', 'b²']],
            ['States that it is negative so there are no real roots', ['negative', 'no real', 'no roots']],
          ],
          difficulty: 'HARD',
          level: 5,
        }),
      ],
    },
    {
      key: 'simultaneous-equations',
      name: 'Simultaneous equations',
      summary: 'Two linear equations in two unknowns, by elimination or substitution.',
      content: [
        {
          title: 'Elimination',
          body: 'Multiply one or both equations so one unknown has the same coefficient, then add or subtract to eliminate it. Substitute the value you find back into either equation.',
        },
      ],
      faqs: [{ question: 'Add or subtract?', answer: 'Same signs: subtract. Different signs: add.' }],
      questions: [
        ...simultaneous,
        open({
          text: 'Three adult tickets and two child tickets cost £$38$. One adult ticket and four child tickets cost £$26$. Find the cost of each ticket.',
          answer: '$3a + 2c = 38$ and $a + 4c = 26$ give $a = 10$ and $c = 4$: adults pay £10, children £4.',
          explanation: 'Double the first equation and subtract the second: $5a = 50$, so $a = 10$, then $c = 4$.',
          hint: 'Call the prices $a$ and $c$ and write two equations.',
          points: [
            ['Forms the two equations 3a + 2c = 38 and a + 4c = 26', ['3a', 'a + 4c', '38', '26']],
            ['Eliminates or substitutes to solve', ['eliminat', 'substitut', 'subtract', '5a']],
            ['Adult ticket costs £10', ['10']],
            ['Child ticket costs £4', ['4']],
          ],
          difficulty: 'HARD',
          level: 6,
        }),
      ],
    },
  ],
};
