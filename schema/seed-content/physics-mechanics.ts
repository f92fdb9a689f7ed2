import { band, num, numericMcq, open } from './build';
import type { SeedTopic } from './types';

/** Cambridge IGCSE Physics (0625) uses g = 9.8 N/kg. */
const g = 9.8;

const speeds = [
  [100, 20],
  [240, 30],
  [1500, 300],
  [45, 9],
  [3600, 120],
  [84, 12],
].map(([d, t], i) =>
  numericMcq(
    {
      text: `A cyclist travels $${d}$ m in $${t}$ s. What is the average speed?`,
      explanation: `$v = \\frac{d}{t} = \\frac{${d}}{${t}} = ${num(d! / t!)}$ m/s.`,
      hint: 'Speed is distance divided by time.',
      ...band(i, 9),
    },
    d! / t!,
    [d! * t!, t! / d!, d! - t!],
    'm/s',
  ),
);

const distances = [
  [12, 5],
  [30, 40],
  [1.5, 60],
  [340, 3],
].map(([v, t], i) =>
  numericMcq(
    {
      text: `A runner keeps a steady $${v}$ m/s for $${t}$ s. How far does she go?`,
      explanation: `$d = vt = ${v} \\times ${t} = ${num(v! * t!)}$ m.`,
      hint: 'Rearrange speed = distance ÷ time.',
      ...band(i, 6),
    },
    v! * t!,
    [v! / t!, t! / v!, v! + t!],
    'm',
  ),
);

const accelerations = [
  [0, 20, 5],
  [10, 30, 4],
  [5, 35, 6],
  [24, 0, 8],
  [12, 48, 9],
  [30, 6, 3],
].map(([u, v, t], i) => {
  const a = (v! - u!) / t!;
  return numericMcq(
    {
      text: `A car changes speed from $${u}$ m/s to $${v}$ m/s in $${t}$ s. Find its acceleration.`,
      explanation: `$a = \\frac{v - u}{t} = \\frac{${v} - ${u}}{${t}} = ${num(a)}$ m/s²${a < 0 ? ' (negative: it is decelerating)' : ''}.`,
      hint: 'Acceleration is change in velocity divided by time taken.',
      ...band(i + 3, 9),
    },
    a,
    [v! / t!, (v! + u!) / t!, -a],
    'm/s²',
  );
});

const resultants = [
  [1200, 3],
  [0.5, 4],
  [70, 2],
  [1500, 1.2],
  [2.5, 8],
  [900, 0.6],
].map(([m, a], i) =>
  numericMcq(
    {
      text: `Find the resultant force needed to give a mass of $${m}$ kg an acceleration of $${a}$ m/s².`,
      explanation: `$F = ma = ${m} \\times ${a} = ${num(m! * a!)}$ N.`,
      hint: 'Newton’s second law: $F = ma$.',
      ...band(i, 7),
    },
    m! * a!,
    [m! / a!, a! / m!, m! + a!],
    'N',
  ),
);

const weights = [5, 60, 0.2, 12, 75].map((m, i) =>
  numericMcq(
    {
      text: `Find the weight of a $${m}$ kg mass on Earth, where $g = 9.8$ N/kg.`,
      explanation: `$W = mg = ${m} \\times 9.8 = ${num(m * g)}$ N.`,
      hint: 'Weight is a force: mass × gravitational field strength.',
      ...band(i, 6),
    },
    m * g,
    [m, m / g, m * 10],
    'N',
  ),
);

const kinetic = [
  [2, 3],
  [4, 5],
  [0.5, 8],
  [1000, 10],
  [60, 6],
].map(([m, v], i) =>
  numericMcq(
    {
      text: `Find the kinetic energy of a $${m}$ kg object moving at $${v}$ m/s.`,
      explanation: `$E_k = \\frac{1}{2}mv^2 = \\frac{1}{2} \\times ${m} \\times ${v}^2 = ${num(0.5 * m! * v! * v!)}$ J.`,
      hint: 'Only the speed is squared, not the mass.',
      ...band(i + 1, 7),
    },
    0.5 * m! * v! * v!,
    [m! * v! * v!, 0.5 * m! * v!, 0.5 * (m! * v!) ** 2],
    'J',
  ),
);

const potential = [
  [2, 5],
  [50, 3],
  [0.4, 12],
  [70, 20],
].map(([m, h], i) =>
  numericMcq(
    {
      text: `A $${m}$ kg mass is lifted $${h}$ m. Find the gain in gravitational potential energy ($g = 9.8$ N/kg).`,
      explanation: `$\\Delta E_p = mg\\Delta h = ${m} \\times 9.8 \\times ${h} = ${num(m! * g * h!)}$ J.`,
      hint: 'Multiply mass, field strength and height.',
      ...band(i + 2, 7),
    },
    m! * g * h!,
    [m! * h!, (m! * g) / h!, 0.5 * m! * h! * h!],
    'J',
  ),
);

const powers = [
  [1200, 60],
  [500, 20],
  [9000, 30],
].map(([w, t], i) =>
  numericMcq(
    {
      text: `A motor does $${w}$ J of work in $${t}$ s. What is its power?`,
      explanation: `$P = \\frac{W}{t} = \\frac{${w}}{${t}} = ${num(w! / t!)}$ W.`,
      hint: 'Power is the rate of doing work: energy per second.',
      difficulty: 'MEDIUM',
      level: 3 + i,
    },
    w! / t!,
    [w! * t!, t! / w!, w! - t!],
    'W',
  ),
);

const pressures = [
  [600, 2],
  [50, 0.25],
  [1200, 0.04],
  [90, 0.003],
].map(([f, a], i) =>
  numericMcq(
    {
      text: `A force of $${f}$ N acts on an area of $${a}$ m². Find the pressure.`,
      explanation: `$p = \\frac{F}{A} = \\frac{${f}}{${a}} = ${num(f! / a!)}$ Pa.`,
      hint: 'Pressure is force per unit area.',
      ...band(i, 4),
    },
    f! / a!,
    [f! * a!, a! / f!, f! - a!],
    'Pa',
  ),
);

const forcesFromPressure = [
  [2000, 0.5],
  [100000, 0.02],
  [500, 3],
  [25000, 0.004],
].map(([p, a], i) =>
  numericMcq(
    {
      text: `A pressure of $${p}$ Pa acts on an area of $${a}$ m². What force does it exert?`,
      explanation: `$F = pA = ${p} \\times ${a} = ${num(p! * a!)}$ N.`,
      hint: 'Rearrange $p = \\frac{F}{A}$ for the force.',
      ...band(i + 1, 6),
    },
    p! * a!,
    [p! / a!, a! / p!, p! + a!],
    'N',
  ),
);

const liquidPressures = [
  [1000, 2],
  [1000, 15],
  [800, 3],
  [13600, 0.5],
].map(([rho, h], i) =>
  numericMcq(
    {
      text: `Find the pressure due to a liquid of density $${rho}$ kg/m³ at a depth of $${h}$ m ($g = 9.8$ N/kg).`,
      explanation: `$\\Delta p = \\rho g \\Delta h = ${rho} \\times 9.8 \\times ${h} = ${num(rho! * g * h!)}$ Pa.`,
      hint: 'Pressure in a liquid depends on density, $g$ and depth.',
      difficulty: i < 2 ? 'MEDIUM' : 'HARD',
      level: 4 + Math.floor(i / 2),
    },
    rho! * g * h!,
    [rho! * h!, (rho! * g) / h!, rho! * g],
    'Pa',
  ),
);

export const mechanicsTopic: SeedTopic = {
  key: 'motion-forces-energy',
  name: 'Motion, forces and energy',
  description: 'Speed and acceleration, Newton’s laws, energy stores and pressure.',
  subTopics: [
    {
      key: 'speed-acceleration',
      name: 'Speed, velocity and acceleration',
      summary: 'Average speed, and acceleration as the rate of change of velocity.',
      content: [
        {
          title: 'Equations of motion',
          body: '$$v = \\frac{d}{t} \\qquad a = \\frac{\\Delta v}{\\Delta t}$$\n\nVelocity is speed in a stated direction. On a speed–time graph the gradient is the acceleration and the area under the line is the distance travelled.',
        },
      ],
      faqs: [{ question: 'What does a negative acceleration mean?', answer: 'The object is slowing down (decelerating) in the direction of motion.' }],
      questions: [
        ...speeds,
        ...accelerations,
        open({
          text: 'Describe how to find the distance travelled from a speed–time graph, and what the gradient of the graph tells you.',
          answer: 'The distance travelled is the area under the graph. The gradient is the acceleration.',
          explanation: 'Area = speed × time = distance; gradient = change in speed ÷ time = acceleration.',
          hint: 'Think about what you get when you multiply or divide the quantities on the two axes.',
          points: [
            ['Distance is the area under the graph', ['area']],
            ['The gradient gives the acceleration', ['gradient', 'slope', 'acceleration']],
          ],
          difficulty: 'MEDIUM',
          level: 3,
        }),
        ...distances,
      ],
    },
    {
      key: 'forces-newtons-laws',
      name: 'Forces and Newton’s laws',
      summary: 'Resultant force, $F = ma$, weight and mass.',
      content: [
        {
          title: 'Resultant force',
          body: 'If the resultant force on an object is zero it stays at rest or keeps moving at constant velocity. Otherwise it accelerates:\n\n$$F = ma \\qquad W = mg$$',
        },
      ],
      faqs: [
        {
          question: 'Is weight the same as mass?',
          answer: 'No. Mass (kg) is the amount of matter; weight (N) is the gravitational force on it and changes with $g$.',
        },
      ],
      questions: [
        ...resultants,
        ...weights,
        open({
          text: 'A skydiver reaches terminal velocity. Explain why she stops accelerating.',
          answer:
            'As her speed increases, air resistance increases until it equals her weight. The resultant force is then zero, so by Newton’s first law she moves at constant velocity.',
          explanation: 'Drag grows with speed; when the forces balance there is no resultant force and no acceleration.',
          hint: 'What happens to air resistance as she speeds up?',
          points: [
            ['Air resistance (drag) increases with speed', ['air resistance', 'drag', 'friction']],
            ['Air resistance becomes equal to her weight', ['equal', 'balance', 'same as']],
            ['Resultant force is zero so there is no acceleration / constant velocity', ['zero', 'resultant', 'constant']],
          ],
          difficulty: 'HARD',
          level: 5,
        }),
      ],
    },
    {
      key: 'energy-work-power',
      name: 'Energy, work and power',
      summary: 'Kinetic and gravitational potential energy, work done and power.',
      content: [
        {
          title: 'Energy stores',
          body: '$$E_k = \\frac{1}{2}mv^2 \\qquad \\Delta E_p = mg\\Delta h \\qquad P = \\frac{W}{t}$$\n\nWork done is energy transferred, $W = Fd$. Energy is conserved: it is transferred between stores, never created or destroyed.',
        },
      ],
      faqs: [{ question: 'Why is my kinetic energy answer four times too big?', answer: 'Check you halved it: $E_k = \\frac{1}{2}mv^2$.' }],
      questions: [
        ...kinetic,
        ...potential,
        ...powers,
        open({
          text: 'A ball is dropped from a height. Describe the energy transfers as it falls, ignoring air resistance, and explain how to find its speed just before it hits the ground.',
          answer:
            'Gravitational potential energy is transferred to kinetic energy. With no air resistance the loss in $E_p$ equals the gain in $E_k$, so $mgh = \\frac{1}{2}mv^2$, giving $v = \\sqrt{2gh}$.',
          explanation: 'Conservation of energy links the two stores; the mass cancels.',
          hint: 'Which store empties, and which fills?',
          points: [
            ['Gravitational potential energy is transferred to kinetic energy', ['potential', 'kinetic']],
            ['Sets loss of Ep equal to gain of Ek (mgh = ½mv²)', ['mgh', 'equal', '½mv', '1/2mv']],
            ['Rearranges to v = √(2gh)', ['2gh', 'square root', '√']],
          ],
          difficulty: 'HARD',
          level: 6,
        }),
      ],
    },
    {
      key: 'pressure',
      name: 'Pressure',
      summary: 'Pressure on surfaces and in liquids.',
      content: [
        {
          title: 'Two pressure equations',
          body: '$$p = \\frac{F}{A} \\qquad \\Delta p = \\rho g \\Delta h$$\n\nPressure is measured in pascals, $1\\,\\text{Pa} = 1\\,\\text{N/m}^2$. In a liquid it increases with depth and density.',
        },
      ],
      faqs: [{ question: 'Why do snowshoes work?', answer: 'They spread the same weight over a larger area, so the pressure on the snow is lower.' }],
      questions: [
        ...pressures,
        ...liquidPressures,
        open({
          text: 'Explain why a sharp knife cuts more easily than a blunt one.',
          answer: 'The sharp edge has a much smaller area, so the same force produces a much greater pressure ($p = \\frac{F}{A}$) on the food.',
          explanation: 'For the same force, pressure is inversely proportional to area.',
          hint: 'Compare the contact areas of the two blades.',
          points: [
            ['The sharp knife has a smaller contact area', ['smaller area', 'small area', 'less area', 'area']],
            ['So the same force gives a greater pressure', ['greater pressure', 'more pressure', 'higher pressure', 'pressure']],
          ],
          difficulty: 'EASY',
          level: 2,
        }),
        ...forcesFromPressure,
      ],
    },
  ],
};
