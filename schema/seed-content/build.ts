import type { Difficulty, SeedQuestion } from './types';

/** Prints a computed number without float noise: 0.30000000000000004 → 0.3, and large values keep their digits. */
export const num = (n: number) => String(Number(n.toFixed(6)));

/** The sequence a generator walks: deterministic, so the seed is the same on every run. */
export const range = (n: number) => Array.from({ length: n }, (_, i) => i);

/** Difficulty and level rise together across a generator's items: levels 1–2 easy, 3–4 medium, 5–6 hard. */
export function band(i: number, count: number): { difficulty: Difficulty; level: number } {
  const level = Math.min(6, 1 + Math.floor((i * 6) / count));
  return { difficulty: level <= 2 ? 'EASY' : level <= 4 ? 'MEDIUM' : 'HARD', level };
}

/**
 * A multiple-choice question whose first option is correct. Distractors that coincide with the answer or each
 * other are a bug in the generator, so they throw at seed time rather than seeding an ambiguous question.
 */
export function mcq(fields: Omit<SeedQuestion, 'kind' | 'options'> & { correct: string; wrong: string[] }): SeedQuestion {
  const { correct, wrong, ...rest } = fields;
  const options = [correct, ...wrong];
  if (new Set(options).size !== options.length || options.length !== 4) {
    throw new Error(`Seed question needs four distinct options: ${fields.text} → ${options.join(' | ')}`);
  }
  return { kind: 'MCQ', options, ...rest };
}

/** An MCQ from a correct answer and candidate slips: the first three candidates that differ from it and each other. */
export function pickMcq(fields: Omit<SeedQuestion, 'kind' | 'options'>, correct: string, candidates: string[]): SeedQuestion {
  const wrong = [...new Set(candidates.filter((c) => c !== correct))].slice(0, 3);
  return mcq({ ...fields, correct, wrong });
}

/** A numeric MCQ with distractors from common slips, topped up with near misses when slips coincide. */
export function numericMcq(fields: Omit<SeedQuestion, 'kind' | 'options'>, correct: number, slips: number[], unit = ''): SeedQuestion {
  const suffix = unit === '°' ? '^\\circ' : unit ? `\\,\\text{${unit}}` : '';
  const show = (n: number) => `$${num(n)}${suffix}$`;
  const fallbacks = [correct * 2, correct / 2, correct + 1, correct - 1, correct * 10, correct + 10];
  return pickMcq(fields, show(correct), [...slips, ...fallbacks].filter(Number.isFinite).map(show));
}

export interface OpenFields {
  text: string;
  answer: string;
  explanation: string;
  hint: string;
  points: [point: string, keywords: string[], marks?: number][];
  difficulty: Difficulty;
  level: number;
}

/** An open question with a mark scheme: one mark per point unless the point says otherwise. */
export function open({ points, ...rest }: OpenFields): SeedQuestion {
  return { kind: 'OPEN', ...rest, markScheme: points.map(([point, keywords, marks = 1]) => ({ point, keywords, marks })) };
}

const gcd = (a: number, b: number): number => (b === 0 ? Math.abs(a) : gcd(b, a % b));

/** A fraction in lowest terms as LaTeX; whole numbers print plainly. */
export function frac(n: number, d: number) {
  const g = gcd(n, d);
  const [p, q] = [n / g, d / g];
  return q === 1 ? `${p}` : `\\frac{${p}}{${q}}`;
}

/** `x^2 + bx + c` with signs and unit coefficients written as people write them. */
export function quadratic(b: number, c: number, v = 'x') {
  const term = (k: number, suffix: string) => (k === 0 ? '' : `${k < 0 ? ' - ' : ' + '}${Math.abs(k) === 1 && suffix ? '' : Math.abs(k)}${suffix}`);
  return `${v}^2${term(b, v)}${term(c, '')}`;
}

/** `(x + p)` or `(x - p)`. */
export const bracket = (p: number, v = 'x') => `(${v} ${p < 0 ? '-' : '+'} ${Math.abs(p)})`;

/** `ax + b` for the left side of an equation. */
export function linear(a: number, b: number, v = 'x') {
  const lead = a === 1 ? v : a === -1 ? `-${v}` : `${a}${v}`;
  return b === 0 ? lead : `${lead} ${b < 0 ? '-' : '+'} ${Math.abs(b)}`;
}

/** Rounds for answers given "to n decimal places", as a number (so the MCQ prints it plainly). */
export const dp = (n: number, places: number) => Math.round(n * 10 ** places) / 10 ** places;
