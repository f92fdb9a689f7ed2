import type { MarkSchemePoint } from '../../../schema/tables';

const SUPERSCRIPTS: Record<string, string> = { '²': '2', '³': '3', '¹': '1', '⁰': '0' };

/** Words that carry no meaning for a mark: left out so "the gradient is 3" matches "gradient 3". */
const STOP_WORDS = new Set(['the', 'a', 'an', 'of', 'is', 'are', 'to', 'and', 'it', 'its', 'by', 'be', 'so', 'that', 'this', 'in', 'on']);

/** Crude plural folding, enough for mark-scheme keywords ("roots" ~ "root", "divides" ~ "divide"). */
const stem = (word: string) =>
  word.length > 4 && word.endsWith('es') && !word.endsWith('ses')
    ? word.slice(0, -2)
    : word.length > 3 && word.endsWith('s') && !word.endsWith('ss')
      ? word.slice(0, -1)
      : word;

/**
 * Lower-cased tokens with accents, punctuation and LaTeX markup removed; numbers become their value ("3.50" → "3.5")
 * and are split from units ("12cm²" → "12", "cm2"), so answers match however the learner writes them.
 */
export function tokens(text: string): string[] {
  const cleaned = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[²³¹⁰]/g, (ch) => SUPERSCRIPTS[ch] ?? ch)
    .toLowerCase()
    .replace(/\\(times|cdot)/g, ' × ')
    .replace(/\\[a-z]+/g, ' ')
    .replace(/[−–]/g, '-')
    .replace(/(\d),(\d{3})\b/g, '$1$2')
    .replace(/(\d)([a-z])/g, '$1 $2')
    // Operators stand alone, so "x=5" and "x = 5" or "2x-5" and "2x - 5" read the same.
    .replace(/([=+\-×÷*/<>])/g, ' $1 ')
    .replace(/[^a-z0-9.=+\-×÷*/<> ]+/g, ' ')
    .replace(/\.(?!\d)/g, ' ');
  return cleaned
    .split(/\s+/)
    .filter((word) => word && !STOP_WORDS.has(word))
    .map((word) => (/^\d+(\.\d+)?$/.test(word) ? String(Number(word)) : stem(word)));
}

/** A keyword is made when every one of its words appears in the answer, in any order. */
export function keywordMade(answerTokens: Set<string>, keyword: string) {
  const wanted = tokens(keyword);
  return wanted.length > 0 && wanted.every((word) => answerTokens.has(word));
}

/** Marks an open answer against the scheme: a point is credited when any of its keywords is made. */
export function markAgainstScheme(scheme: MarkSchemePoint[], maxMarks: number, answer: string) {
  if (!answer.trim()) return { score: 0, reasons: ['No answer was given, so no marks.'] };
  const answerTokens = new Set(tokens(answer));
  let score = 0;
  const reasons = scheme.map((point) => {
    const credited = point.keywords.some((keyword) => keywordMade(answerTokens, keyword));
    if (credited) score += point.marks;
    const marks = `${point.marks} mark${point.marks === 1 ? '' : 's'}`;
    return credited ? `Credited: ${point.point} (+${marks})` : `Missing: ${point.point} (${marks} not given)`;
  });
  return { score: Math.min(score, maxMarks), reasons };
}
