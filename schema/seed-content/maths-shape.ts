import { band, dp, frac, numericMcq, open, pickMcq } from './build';
import type { SeedTopic } from './types';

const rad = (deg: number) => (deg * Math.PI) / 180;

const hypotenuses = [
  [3, 4],
  [6, 8],
  [5, 12],
  [8, 15],
  [7, 24],
  [9, 12],
  [20, 21],
].map(([a, b], i) => {
  const c = Math.hypot(a!, b!);
  return numericMcq(
    {
      text: `A right-angled triangle has shorter sides $${a}$ cm and $${b}$ cm. Find the length of the hypotenuse.`,
      explanation: `$c^2 = ${a}^2 + ${b}^2 = ${a! * a! + b! * b!}$, so $c = \\sqrt{${a! * a! + b! * b!}} = ${c}$ cm.`,
      hint: 'Square the two shorter sides, add, then square root.',
      ...band(i, 7),
    },
    c,
    [a! + b!, a! * a! + b! * b!, b! - a!],
    'cm',
  );
});

const legs = [
  [13, 5],
  [10, 6],
  [25, 7],
  [17, 8],
].map(([c, a], i) => {
  const b = Math.sqrt(c! * c! - a! * a!);
  return numericMcq(
    {
      text: `The hypotenuse of a right-angled triangle is $${c}$ cm and one other side is $${a}$ cm. Find the third side.`,
      explanation: `For a shorter side, subtract: $b^2 = ${c}^2 - ${a}^2 = ${c! * c! - a! * a!}$, so $b = ${b}$ cm.`,
      hint: 'To find a shorter side, subtract the squares instead of adding them.',
      ...band(i + 2, 7),
    },
    b,
    [dp(Math.hypot(c!, a!), 2), c! - a!, c! + a!],
    'cm',
  );
});

const decimalHypotenuses = [
  [4, 7],
  [3, 9],
  [5, 6],
].map(([a, b], i) =>
  numericMcq(
    {
      text: `The shorter sides of a right-angled triangle are $${a}$ cm and $${b}$ cm. Find the hypotenuse to 2 decimal places.`,
      explanation: `$c = \\sqrt{${a}^2 + ${b}^2} = \\sqrt{${a! * a! + b! * b!}} = ${dp(Math.hypot(a!, b!), 2)}$ cm to 2 d.p.`,
      hint: 'Keep the full calculator value until the final rounding.',
      difficulty: 'MEDIUM',
      level: 3 + i,
    },
    dp(Math.hypot(a!, b!), 2),
    [a! + b!, dp(Math.sqrt(b! * b! - a! * a!), 2), a! * a! + b! * b!],
    'cm',
  ),
);

const circleAreas = [3, 5, 7, 4, 6, 10].map((r, i) =>
  pickMcq(
    {
      text: `Find the area of a circle of radius $${r}$ cm. Leave your answer in terms of $\\pi$.`,
      explanation: `$A = \\pi r^2 = \\pi \\times ${r}^2 = ${r * r}\\pi$ cm².`,
      hint: 'Area uses the radius squared; circumference uses the diameter.',
      ...band(i, 6),
    },
    `$${r * r}\\pi\\,\\text{cm}^2$`,
    [`$${2 * r}\\pi\\,\\text{cm}^2$`, `$${4 * r * r}\\pi\\,\\text{cm}^2$`, `$${r}\\pi\\,\\text{cm}^2$`],
  ),
);

const circumferences = [10, 14, 6, 12].map((d, i) =>
  pickMcq(
    {
      text: `Find the circumference of a circle of diameter $${d}$ cm. Leave your answer in terms of $\\pi$.`,
      explanation: `$C = \\pi d = ${d}\\pi$ cm.`,
      hint: 'Circumference is $\\pi$ times the diameter.',
      ...band(i, 6),
    },
    `$${d}\\pi\\,\\text{cm}$`,
    [`$${d / 2}\\pi\\,\\text{cm}$`, `$${(d * d) / 4}\\pi\\,\\text{cm}$`, `$${2 * d}\\pi\\,\\text{cm}$`],
  ),
);

const sectors = [
  [90, 6],
  [60, 12],
  [120, 9],
  [45, 8],
].map(([angle, r], i) => {
  const area = (angle! / 360) * r! * r!;
  return pickMcq(
    {
      text: `A sector has radius $${r}$ cm and angle $${angle}^\\circ$. Find its area in terms of $\\pi$.`,
      explanation: `The sector is $\\frac{${angle}}{360} = ${frac(angle!, 360)}$ of the circle, so its area is $${frac(angle!, 360)} \\times \\pi \\times ${r}^2 = ${area}\\pi$ cm².`,
      hint: 'What fraction of the whole circle is the sector?',
      difficulty: 'HARD',
      level: 5 + (i % 2),
    },
    `$${area}\\pi\\,\\text{cm}^2$`,
    [`$${(angle! / 360) * 2 * r!}\\pi\\,\\text{cm}^2$`, `$${r! * r!}\\pi\\,\\text{cm}^2$`, `$${2 * area}\\pi\\,\\text{cm}^2$`],
  );
});

const angleSums = [5, 6, 8, 10, 12, 7].map((n, i) =>
  numericMcq(
    {
      text: `Find the sum of the interior angles of a polygon with $${n}$ sides.`,
      explanation: `A polygon with $n$ sides splits into $n - 2$ triangles: $(${n} - 2) \\times 180^\\circ = ${(n - 2) * 180}^\\circ$.`,
      hint: 'How many triangles can you split the polygon into from one vertex?',
      ...band(i, 6),
    },
    (n - 2) * 180,
    [n * 180, (n - 1) * 180, 360],
    '°',
  ),
);

const regularAngles = [5, 6, 8, 9, 10, 12, 15, 20].map((n, i) =>
  numericMcq(
    {
      text: `Find the size of each interior angle of a regular polygon with $${n}$ sides.`,
      explanation: `Each exterior angle is $360^\\circ \\div ${n} = ${360 / n}^\\circ$, so each interior angle is $180^\\circ - ${360 / n}^\\circ = ${180 - 360 / n}^\\circ$.`,
      hint: 'Exterior angles of any polygon add up to $360^\\circ$.',
      ...band(i, 8),
    },
    180 - 360 / n,
    [360 / n, (n - 2) * 180, 180],
    '°',
  ),
);

const opposites = [
  [10, 30],
  [8, 60],
  [12, 45],
  [15, 20],
  [20, 35],
].map(([h, angle], i) =>
  numericMcq(
    {
      text: `In a right-angled triangle the hypotenuse is $${h}$ cm. Find the side opposite the angle of $${angle}^\\circ$, to 1 decimal place.`,
      explanation: `Opposite and hypotenuse means sine: $x = ${h} \\sin ${angle}^\\circ = ${dp(h! * Math.sin(rad(angle!)), 1)}$ cm.`,
      hint: 'Label the sides opposite, adjacent and hypotenuse, then choose SOH, CAH or TOA.',
      ...band(i, 5),
    },
    dp(h! * Math.sin(rad(angle!)), 1),
    [dp(h! * Math.cos(rad(angle!)), 1), dp(h! * Math.tan(rad(angle!)), 1), dp(h! / Math.sin(rad(angle!)), 1)],
    'cm',
  ),
);

const adjacents = [
  [10, 60],
  [12, 30],
  [9, 40],
  [25, 72],
].map(([h, angle], i) =>
  numericMcq(
    {
      text: `In a right-angled triangle the hypotenuse is $${h}$ cm. Find the side adjacent to the angle of $${angle}^\\circ$, to 1 decimal place.`,
      explanation: `Adjacent and hypotenuse means cosine: $x = ${h} \\cos ${angle}^\\circ = ${dp(h! * Math.cos(rad(angle!)), 1)}$ cm.`,
      hint: 'Which ratio links the adjacent side and the hypotenuse?',
      ...band(i + 1, 5),
    },
    dp(h! * Math.cos(rad(angle!)), 1),
    [dp(h! * Math.sin(rad(angle!)), 1), dp(h! * Math.tan(rad(angle!)), 1), dp(h! / Math.cos(rad(angle!)), 1)],
    'cm',
  ),
);

const deg = (x: number) => dp((Math.atan(x) * 180) / Math.PI, 1);
const angles = [
  [5, 5],
  [3, 4],
  [7, 2],
  [6, 10],
].map(([o, a], i) =>
  numericMcq(
    {
      text: `In a right-angled triangle the side opposite angle $\\theta$ is $${o}$ cm and the adjacent side is $${a}$ cm. Find $\\theta$ to 1 decimal place.`,
      explanation: `$\\tan \\theta = \\frac{${o}}{${a}}$, so $\\theta = \\tan^{-1}\\left(\\frac{${o}}{${a}}\\right) = ${deg(o! / a!)}^\\circ$.`,
      hint: 'Use the inverse of the ratio that links the two sides you know.',
      difficulty: i < 2 ? 'MEDIUM' : 'HARD',
      level: 3 + i,
    },
    deg(o! / a!),
    [dp((Math.asin(o! / a!) * 180) / Math.PI, 1), dp((Math.acos(o! / a!) * 180) / Math.PI, 1), dp(90 - deg(o! / a!), 1), deg(a! / o!)],
    '°',
  ),
);

export const shapeTopic: SeedTopic = {
  key: 'geometry-mensuration',
  name: 'Geometry and mensuration',
  description: 'Pythagoras’ theorem, circles and sectors, and angles in polygons.',
  subTopics: [
    {
      key: 'pythagoras',
      name: 'Pythagoras’ theorem',
      summary: 'Finding a missing side of a right-angled triangle.',
      content: [
        {
          title: 'The theorem',
          body: 'In a right-angled triangle with hypotenuse $c$:\n\n$$a^2 + b^2 = c^2$$\n\nAdd the squares to find the hypotenuse; subtract them to find a shorter side.',
        },
      ],
      faqs: [{ question: 'Which side is the hypotenuse?', answer: 'The longest side, opposite the right angle.' }],
      questions: [
        ...hypotenuses,
        ...legs,
        ...decimalHypotenuses,
        open({
          text: 'A triangle has sides $9$ cm, $12$ cm and $16$ cm. Is it right-angled? Explain.',
          answer: 'No: $9^2 + 12^2 = 225$ but $16^2 = 256$. They are not equal, so the triangle is not right-angled.',
          explanation:
            'Pythagoras’ theorem works both ways: only a right-angled triangle has the squares of the two shorter sides adding to the square of the longest.',
          hint: 'Test whether $a^2 + b^2 = c^2$ with $c$ the longest side.',
          points: [
            ['Adds the squares of the two shorter sides: 225', ['225', '81 + 144']],
            ['Squares the longest side: 256', ['256']],
            ['Concludes it is not right-angled because they differ', ['not right', 'not equal', 'no', 'isn']],
          ],
          difficulty: 'MEDIUM',
          level: 4,
        }),
      ],
    },
    {
      key: 'circles',
      name: 'Circles, arcs and sectors',
      summary: 'Area and circumference of circles, and the area of a sector.',
      content: [
        {
          title: 'Formulae',
          body: '$$A = \\pi r^2 \\qquad C = \\pi d = 2\\pi r$$\n\nA sector with angle $\\theta$ is the fraction $\\frac{\\theta}{360}$ of the whole circle, for its area and its arc length.',
        },
      ],
      faqs: [{ question: 'When should I leave $\\pi$ in the answer?', answer: 'When the question says "in terms of $\\pi$"; it is then an exact answer.' }],
      questions: [
        ...circleAreas,
        ...circumferences,
        ...sectors,
        open({
          text: 'Explain why doubling the radius of a circle multiplies its area by $4$.',
          answer: 'The area of radius $2r$ is $\\pi(2r)^2 = 4\\pi r^2$, which is $4$ times $\\pi r^2$.',
          explanation: 'The radius is squared in the formula, so a scale factor of $2$ on the radius gives $2^2 = 4$ on the area.',
          hint: 'Substitute $2r$ into $A = \\pi r^2$.',
          points: [
            ['Substitutes 2r into πr²', ['(2r)', '2r']],
            ['Shows the area is 4πr², four times the original', ['4πr', '4\\pi r', '4 times', 'four times', 'squared']],
          ],
          difficulty: 'MEDIUM',
          level: 3,
        }),
      ],
    },
    {
      key: 'polygon-angles',
      name: 'Angles in polygons',
      summary: 'Interior and exterior angles of polygons, regular and irregular.',
      content: [
        {
          title: 'Angle sums',
          body: 'The interior angles of an $n$-sided polygon add up to $(n - 2) \\times 180^\\circ$. The exterior angles of any polygon add up to $360^\\circ$, and interior plus exterior is $180^\\circ$ at each vertex.',
        },
      ],
      faqs: [
        {
          question: 'Can a regular polygon have an exterior angle of $50^\\circ$?',
          answer: 'No: $360 \\div 50$ is not a whole number, so it cannot be a number of sides.',
        },
      ],
      questions: [
        ...angleSums,
        ...regularAngles,
        open({
          text: 'A regular polygon has an exterior angle of $24^\\circ$. How many sides does it have? Explain.',
          answer: 'Exterior angles add up to $360^\\circ$, so $360 \\div 24 = 15$ sides.',
          explanation: 'All the exterior angles of a regular polygon are equal and add to $360^\\circ$.',
          hint: 'What do the exterior angles of any polygon add up to?',
          points: [
            ['States exterior angles sum to 360°', ['360']],
            ['Divides 360 by 24', ['360 ÷ 24', '360/24', '360 / 24', 'divide']],
            ['Gives 15 sides', ['15']],
          ],
          difficulty: 'MEDIUM',
          level: 4,
        }),
      ],
    },
  ],
};

export const trigTopic: SeedTopic = {
  key: 'trigonometry',
  name: 'Trigonometry',
  description: 'Sine, cosine and tangent in right-angled triangles.',
  subTopics: [
    {
      key: 'right-angled-trigonometry',
      name: 'Right-angled trigonometry',
      summary: 'Using SOH CAH TOA to find sides and angles.',
      content: [
        {
          title: 'SOH CAH TOA',
          body: '$$\\sin\\theta = \\frac{\\text{opp}}{\\text{hyp}} \\qquad \\cos\\theta = \\frac{\\text{adj}}{\\text{hyp}} \\qquad \\tan\\theta = \\frac{\\text{opp}}{\\text{adj}}$$\n\nLabel the sides from the angle you are using, pick the ratio with the two sides involved, and use the inverse function to find an angle.',
        },
      ],
      faqs: [{ question: 'My answers are wrong but my method is right. Why?', answer: 'Check your calculator is in degrees mode (a small D on the screen).' }],
      questions: [
        ...opposites,
        ...angles,
        open({
          text: 'You know an angle of a right-angled triangle and the side adjacent to it. Explain how to find the hypotenuse.',
          answer:
            'Adjacent and hypotenuse go together in cosine: $\\cos\\theta = \\frac{\\text{adj}}{\\text{hyp}}$, so $\\text{hyp} = \\frac{\\text{adj}}{\\cos\\theta}$.',
          explanation: 'Choosing the ratio that contains the known side and the wanted side avoids an extra step.',
          hint: 'Which of SOH, CAH, TOA contains A and H?',
          points: [
            ['Chooses cosine because it links adjacent and hypotenuse', ['cos', 'cah']],
            ['Rearranges to hypotenuse = adjacent ÷ cos θ', ['divide', '÷', '/ cos', '/cos']],
          ],
          difficulty: 'HARD',
          level: 5,
        }),
        ...adjacents,
      ],
    },
  ],
};
