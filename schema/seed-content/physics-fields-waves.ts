import { band, num, numericMcq, open, pickMcq } from './build';
import type { SeedTopic } from './types';

const heating = [
  [2, 4200, 10],
  [0.5, 4200, 20],
  [1, 900, 30],
  [3, 390, 50],
  [0.2, 4200, 60],
  [5, 450, 8],
].map(([m, c, dT], i) =>
  numericMcq(
    {
      text: `How much energy is needed to raise the temperature of $${m}$ kg of a material with specific heat capacity $${c}$ J/(kg °C) by $${dT}$ °C?`,
      explanation: `$\\Delta E = mc\\Delta\\theta = ${m} \\times ${c} \\times ${dT} = ${num(m! * c! * dT!)}$ J.`,
      hint: 'Multiply mass, specific heat capacity and temperature change.',
      ...band(i, 6),
    },
    m! * c! * dT!,
    [c! * dT!, m! * c!, (m! * c!) / dT!],
    'J',
  ),
);

const temperatureRises = [
  [8400, 2, 4200],
  [21000, 0.5, 4200],
  [9000, 1, 900],
  [7800, 0.4, 390],
  [45000, 5, 450],
].map(([energy, m, c], i) => {
  const rise = energy! / (m! * c!);
  return numericMcq(
    {
      text: `$${energy}$ J heats $${m}$ kg of a material with specific heat capacity $${c}$ J/(kg °C). By how much does its temperature rise?`,
      explanation: `Rearrange $\\Delta E = mc\\Delta\\theta$: $\\Delta\\theta = \\frac{${energy}}{${m} \\times ${c}} = ${num(rise)}$ °C.`,
      hint: 'Divide the energy by mass × specific heat capacity.',
      ...band(i + 1, 6),
    },
    rise,
    [energy! / c!, (energy! * m!) / c!, (energy! * c!) / m!],
    '°C',
  );
});

const waveSpeeds = [
  [50, 2],
  [500, 0.68],
  [20, 0.5],
  [0.5, 3],
  [1000, 0.34],
  [2, 1.5],
].map(([f, lambda], i) =>
  numericMcq(
    {
      text: `A wave has frequency $${f}$ Hz and wavelength $${lambda}$ m. Find its speed.`,
      explanation: `$v = f\\lambda = ${f} \\times ${lambda} = ${num(f! * lambda!)}$ m/s.`,
      hint: 'Wave speed = frequency × wavelength.',
      ...band(i, 8),
    },
    f! * lambda!,
    [f! / lambda!, lambda! / f!, f! + lambda!],
    'm/s',
  ),
);

const wavelengths = [
  [340, 170],
  [3e8, 1e8],
  [1500, 300],
  [340, 85],
].map(([v, f], i) =>
  numericMcq(
    {
      text: `A wave travels at $${v === 3e8 ? '3 \\times 10^{8}' : v}$ m/s with frequency $${f === 1e8 ? '1 \\times 10^{8}' : f}$ Hz. Find its wavelength.`,
      explanation: `$\\lambda = \\frac{v}{f} = ${num(v! / f!)}$ m.`,
      hint: 'Rearrange $v = f\\lambda$ for $\\lambda$.',
      ...band(i + 3, 7),
    },
    v! / f!,
    [f! / v!, v! - f!, (v! / f!) * 10],
    'm',
  ),
);

const spectrum = pickMcq(
  {
    text: 'Which list puts these electromagnetic waves in order of increasing wavelength?',
    explanation: 'From shortest to longest wavelength: gamma rays, X-rays, ultraviolet, visible light, infrared, microwaves, radio waves.',
    hint: 'Gamma rays have the highest frequency and the shortest wavelength.',
    difficulty: 'EASY',
    level: 2,
  },
  'gamma rays, ultraviolet, infrared, radio waves',
  ['radio waves, infrared, ultraviolet, gamma rays', 'ultraviolet, gamma rays, radio waves, infrared', 'gamma rays, infrared, ultraviolet, radio waves'],
);

const ohms = [
  [2, 6],
  [0.5, 24],
  [3, 4],
  [0.2, 60],
  [1.5, 8],
  [4, 2.5],
].map(([current, r], i) =>
  numericMcq(
    {
      text: `A current of $${current}$ A flows through a $${r}\\,\\Omega$ resistor. What is the potential difference across it?`,
      explanation: `$V = IR = ${current} \\times ${r} = ${num(current! * r!)}$ V.`,
      hint: 'Use $V = IR$.',
      ...band(i, 8),
    },
    current! * r!,
    [r! / current!, current! / r!, current! + r!],
    'V',
  ),
);

const resistances = [
  [12, 3],
  [230, 10],
  [9, 0.45],
  [6, 0.2],
].map(([v, current], i) =>
  numericMcq(
    {
      text: `A lamp has $${v}$ V across it and a current of $${current}$ A through it. Find its resistance.`,
      explanation: `$R = \\frac{V}{I} = \\frac{${v}}{${current}} = ${num(v! / current!)}\\,\\Omega$.`,
      hint: 'Rearrange $V = IR$.',
      ...band(i + 2, 7),
    },
    v! / current!,
    [v! * current!, current! / v!, v! - current!],
    'Ω',
  ),
);

const currents = [
  [12, 4],
  [230, 46],
  [6, 1.5],
  [9, 18],
].map(([v, r], i) =>
  numericMcq(
    {
      text: `A $${v}$ V supply is connected across a $${r}\\,\\Omega$ resistor. What current flows?`,
      explanation: `$I = \\frac{V}{R} = \\frac{${v}}{${r}} = ${num(v! / r!)}$ A.`,
      hint: 'Rearrange $V = IR$ for the current.',
      ...band(i + 1, 6),
    },
    v! / r!,
    [v! * r!, r! / v!, v! - r!],
    'A',
  ),
);

const energies = [
  [60, 120],
  [2000, 30],
  [5, 600],
  [1500, 240],
].map(([power, t], i) =>
  numericMcq(
    {
      text: `A $${power}$ W appliance runs for $${t}$ s. How much energy does it transfer?`,
      explanation: `$E = Pt = ${power} \\times ${t} = ${num(power! * t!)}$ J.`,
      hint: 'Power is energy per second.',
      ...band(i + 2, 6),
    },
    power! * t!,
    [power! / t!, t! / power!, power! + t!],
    'J',
  ),
);

const electricPower = [
  [230, 5],
  [12, 2],
  [230, 0.5],
  [6, 0.3],
].map(([v, current], i) =>
  numericMcq(
    {
      text: `An appliance on a $${v}$ V supply draws $${current}$ A. What is its power?`,
      explanation: `$P = IV = ${current} \\times ${v} = ${num(current! * v!)}$ W.`,
      hint: 'Power = current × voltage.',
      ...band(i, 6),
    },
    current! * v!,
    [v! / current!, current! / v!, current! * v! * 60],
    'W',
  ),
);

const series = [
  [4, 6],
  [10, 15],
  [2.5, 7.5],
].map(([r1, r2], i) =>
  numericMcq(
    {
      text: `Resistors of $${r1}\\,\\Omega$ and $${r2}\\,\\Omega$ are connected in series. What is the combined resistance?`,
      explanation: `In series, resistances add: $${r1} + ${r2} = ${r1! + r2!}\\,\\Omega$.`,
      hint: 'In series the current passes through both resistors in turn.',
      difficulty: 'EASY',
      level: 1 + i,
    },
    r1! + r2!,
    [(r1! * r2!) / (r1! + r2!), r1! * r2!, Math.abs(r2! - r1!)],
    'Ω',
  ),
);

const parallel = [
  [6, 3],
  [12, 12],
  [20, 5],
].map(([r1, r2], i) => {
  const r = (r1! * r2!) / (r1! + r2!);
  return numericMcq(
    {
      text: `Resistors of $${r1}\\,\\Omega$ and $${r2}\\,\\Omega$ are connected in parallel. What is the combined resistance?`,
      explanation: `$\\frac{1}{R} = \\frac{1}{${r1}} + \\frac{1}{${r2}}$, so $R = \\frac{${r1} \\times ${r2}}{${r1} + ${r2}} = ${num(r)}\\,\\Omega$. It is less than either resistor alone.`,
      hint: 'In parallel the combined resistance is smaller than the smallest resistor.',
      difficulty: i === 0 ? 'MEDIUM' : 'HARD',
      level: 4 + i,
    },
    r,
    [r1! + r2!, (r1! + r2!) / 2, 1 / r1! + 1 / r2!],
    'Ω',
  );
});

const halfLives = [
  [800, 2],
  [6400, 3],
  [1000, 1],
  [12800, 5],
  [240, 4],
].map(([start, n], i) =>
  numericMcq(
    {
      text: `A sample has an activity of $${start}$ Bq. What is its activity after $${n}$ half-li${n === 1 ? 'fe' : 'ves'}?`,
      explanation: `Each half-life halves the activity: $${start} \\times \\left(\\frac{1}{2}\\right)^{${n}} = ${num(start! / 2 ** n!)}$ Bq.`,
      hint: 'Halve it once for every half-life.',
      ...band(i, 5),
    },
    start! / 2 ** n!,
    [start! / (2 * n!), start! - start! / 2 ** n!, start! / 2 ** (n! + 1)],
    'Bq',
  ),
);

const halfLifeFinds = [
  [8, 24],
  [12, 60],
  [5, 30],
].map(([halfLife, elapsed], i) =>
  numericMcq(
    {
      text: `A sample’s activity falls to $\\frac{1}{${2 ** (elapsed! / halfLife!)}}$ of its starting value in $${elapsed}$ days. What is its half-life?`,
      explanation: `$\\frac{1}{${2 ** (elapsed! / halfLife!)}} = \\left(\\frac{1}{2}\\right)^{${elapsed! / halfLife!}}$, so $${elapsed! / halfLife!}$ half-lives took $${elapsed}$ days: each is $${halfLife}$ days.`,
      hint: 'How many times do you halve 1 to reach that fraction?',
      difficulty: 'HARD',
      level: 5 + (i % 2),
    },
    halfLife!,
    [elapsed! / 2, elapsed! / 2 ** (elapsed! / halfLife!), elapsed! * 2],
    'days',
  ),
);

export const thermalTopic: SeedTopic = {
  key: 'thermal-physics',
  name: 'Thermal physics',
  description: 'Specific heat capacity and how thermal energy is transferred.',
  subTopics: [
    {
      key: 'specific-heat-capacity',
      name: 'Specific heat capacity',
      summary: 'The energy needed to warm a material, and conduction, convection and radiation.',
      content: [
        {
          title: 'Warming things up',
          body: 'The specific heat capacity $c$ is the energy needed to raise the temperature of 1 kg of a substance by 1 °C:\n\n$$\\Delta E = mc\\Delta\\theta$$\n\nWater has a high value, about 4200 J/(kg °C), so it warms and cools slowly.',
        },
      ],
      faqs: [
        {
          question: 'Why do coastal places have milder winters?',
          answer: 'The sea’s high specific heat capacity means it stores a lot of energy and cools slowly.',
        },
      ],
      questions: [
        ...heating,
        open({
          text: 'Explain why a metal spoon in hot soup feels hotter than a wooden spoon in the same soup.',
          answer:
            'Metal is a good thermal conductor: free electrons and vibrating ions carry energy quickly along the spoon to your hand. Wood is an insulator, so energy reaches your hand much more slowly.',
          explanation: 'Both spoons reach the soup temperature at the bottom; the difference is how fast energy is conducted along them.',
          hint: 'Which material is a good conductor, and why?',
          points: [
            ['Metal is a good conductor; wood is an insulator (poor conductor)', ['conductor', 'insulator']],
            ['Free (delocalised) electrons in the metal transfer energy quickly', ['electron']],
            ['So energy reaches the hand faster through the metal spoon', ['faster', 'quickly', 'more quickly']],
          ],
          difficulty: 'MEDIUM',
          level: 4,
        }),
        ...temperatureRises,
      ],
    },
  ],
};

export const wavesTopic: SeedTopic = {
  key: 'waves',
  name: 'Waves',
  description: 'Wave properties, the wave equation and the electromagnetic spectrum.',
  subTopics: [
    {
      key: 'wave-equation',
      name: 'The wave equation',
      summary: 'Speed, frequency and wavelength, and the electromagnetic spectrum.',
      content: [
        {
          title: 'Wave speed',
          body: '$$v = f\\lambda$$\n\nFrequency is waves per second (Hz); wavelength is the distance between neighbouring crests (m). All electromagnetic waves travel at $3 \\times 10^{8}$ m/s in a vacuum.',
        },
      ],
      faqs: [
        {
          question: 'Does a wave’s frequency change when it enters glass?',
          answer: 'No. The frequency stays the same; the speed and wavelength both decrease.',
        },
      ],
      questions: [
        ...waveSpeeds,
        ...wavelengths,
        spectrum,
        open({
          text: 'State two differences between transverse and longitudinal waves, giving an example of each.',
          answer:
            'In transverse waves the vibrations are at right angles to the direction of travel (e.g. light); in longitudinal waves they are parallel to it (e.g. sound). Longitudinal waves have compressions and rarefactions; transverse waves have crests and troughs.',
          explanation: 'The key idea is the direction of vibration compared with the direction the energy travels.',
          hint: 'Compare the direction of the vibrations with the direction of energy transfer.',
          points: [
            ['Transverse: vibrations perpendicular to the direction of travel', ['perpendicular', 'right angle', '90']],
            ['Longitudinal: vibrations parallel to the direction of travel', ['parallel', 'same direction']],
            ['Correct examples: light/water/EM for transverse, sound for longitudinal', ['light', 'sound', 'water', 'electromagnetic']],
            ['Compressions and rarefactions versus crests and troughs', ['compression', 'rarefaction', 'crest', 'trough']],
          ],
          difficulty: 'MEDIUM',
          level: 3,
        }),
      ],
    },
  ],
};

export const electricityTopic: SeedTopic = {
  key: 'electricity',
  name: 'Electricity',
  description: 'Current, voltage and resistance, electrical power and circuits.',
  subTopics: [
    {
      key: 'ohms-law',
      name: 'Current, voltage and resistance',
      summary: 'Ohm’s law and calculating resistance.',
      content: [
        {
          title: 'Ohm’s law',
          body: '$$V = IR$$\n\nFor a resistor at constant temperature, the current is proportional to the voltage. A filament lamp’s resistance rises as it heats up.',
        },
      ],
      faqs: [{ question: 'Where do I put the voltmeter?', answer: 'In parallel across the component; ammeters go in series.' }],
      questions: [
        ...ohms,
        ...resistances,
        open({
          text: 'Describe how the resistance of a filament lamp changes as the current through it increases, and explain why.',
          answer: 'The resistance increases. A larger current heats the filament; the metal ions vibrate more, so electrons collide with them more often.',
          explanation: 'This is why the current–voltage graph of a lamp curves and flattens.',
          hint: 'What happens to the filament’s temperature?',
          points: [
            ['Resistance increases', ['increase', 'rises', 'goes up']],
            ['Because the filament gets hotter', ['hot', 'temperature', 'heat']],
            ['Ions vibrate more and electrons collide more', ['ion', 'vibrat', 'collision', 'collide']],
          ],
          difficulty: 'HARD',
          level: 5,
        }),
        ...currents,
      ],
    },
    {
      key: 'circuits-power',
      name: 'Circuits and electrical power',
      summary: 'Series and parallel resistors and $P = IV$.',
      content: [
        {
          title: 'Combining resistors',
          body: 'In series: $R = R_1 + R_2$. In parallel:\n\n$$\\frac{1}{R} = \\frac{1}{R_1} + \\frac{1}{R_2}$$\n\nElectrical power is $P = IV$, and energy transferred is $E = Pt$.',
        },
      ],
      faqs: [
        { question: 'Why are house lights wired in parallel?', answer: 'Each lamp gets the full supply voltage and can be switched on and off on its own.' },
      ],
      questions: [
        ...electricPower,
        ...series,
        ...parallel,
        open({
          text: 'Explain why adding another resistor in parallel to a circuit decreases the total resistance.',
          answer:
            'The parallel resistor gives the current an extra path, so more current flows from the same supply voltage; by $R = \\frac{V}{I}$ the total resistance is lower.',
          explanation: 'More paths for charge means more total current for the same p.d.',
          hint: 'Think about how many paths the charge can take.',
          points: [
            ['An extra path (branch) for the current', ['path', 'branch', 'route']],
            ['Total current increases for the same voltage', ['more current', 'current increases', 'larger current']],
            ['So resistance (V/I) is lower', ['lower', 'less', 'decrease', 'smaller']],
          ],
          difficulty: 'MEDIUM',
          level: 4,
        }),
        ...energies,
      ],
    },
  ],
};

export const nuclearTopic: SeedTopic = {
  key: 'nuclear-physics',
  name: 'Nuclear physics',
  description: 'Radioactive decay and half-life.',
  subTopics: [
    {
      key: 'half-life',
      name: 'Radioactive decay and half-life',
      summary: 'Activity, half-life and the three types of nuclear radiation.',
      content: [
        {
          title: 'Half-life',
          body: 'The half-life is the time for half the nuclei in a sample to decay, or for the activity to halve. After $n$ half-lives the activity is\n\n$$A = A_0 \\left(\\frac{1}{2}\\right)^{n}$$',
        },
      ],
      faqs: [{ question: 'Can we predict when one nucleus will decay?', answer: 'No. Decay is random; half-life describes a large number of nuclei.' }],
      questions: [
        ...halfLives,
        ...halfLifeFinds,
        open({
          text: 'Compare alpha, beta and gamma radiation in terms of what they are and how penetrating they are.',
          answer:
            'Alpha is a helium nucleus, stopped by paper; beta is a fast electron, stopped by a few mm of aluminium; gamma is an electromagnetic wave, reduced by thick lead or concrete. Alpha is the most ionising and least penetrating.',
          explanation: 'Penetration increases from alpha to beta to gamma while ionising ability decreases.',
          hint: 'Think about what stops each one.',
          points: [
            ['Alpha: helium nucleus, stopped by paper', ['helium', 'paper']],
            ['Beta: electron, stopped by aluminium', ['electron', 'aluminium']],
            ['Gamma: electromagnetic wave, reduced by lead/concrete', ['electromagnetic', 'lead', 'concrete']],
          ],
          difficulty: 'MEDIUM',
          level: 3,
        }),
      ],
    },
  ],
};
