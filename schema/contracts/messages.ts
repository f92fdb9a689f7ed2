import { z } from 'zod';
import type { $ZodRawIssue } from 'zod/v4/core';

/** Field names whose words alone do not read well to a person. */
const LABELS: Record<string, string> = {
  body: 'The request body',
  email: 'E-mail address',
  url: 'Web address',
  id: 'The record',
  _id: 'The record',
  ianaTimeZone: 'Time zone',
  timeZone: 'Time zone',
  startsAt: 'Start time',
  endsAt: 'End time',
  brandColour: 'Brand colour',
  brandColourDark: 'Brand colour in dark mode',
  textOnBrand: 'Text on the brand colour',
  backgroundColour: 'Background colour',
  whatsappNumber: 'WhatsApp number',
  supportEmail: 'Support e-mail',
  headlineHighlight: 'Highlighted words',
  lead: 'Introduction',
  senderName: 'Sender name',
  shortName: 'Short name',
  icon: 'App icon',
  /** An import's lines, so a bad one reads "Link (row 3) …". */
  rows: 'Row',
  /** A past-paper upload's questions: "Mark scheme (question row 4) …". */
  questionRows: 'Question row',
  markScheme: 'Mark scheme',
  subTopic: 'Sub topic',
};

const words = (name: string) =>
  (Object.hasOwn(LABELS, name) ? LABELS[name]! : null) ??
  name
    .replace(/^_+/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase()
    .trim();

const capital = (text: string) => (text ? text[0]!.toUpperCase() + text.slice(1) : 'This field');

/**
 * The words a person knows a field by: `pricePerHour` → "Price per hour". A field inside a list names its row counted
 * from one, so an import's bad row can be found: `questions.2.point` → "Point (questions 3)".
 */
export function fieldLabel(path: string): string {
  const parts = path.split('.');
  const rows: string[] = [];
  parts.forEach((part, i) => {
    if (/^\d+$/.test(part) && i > 0) rows.push(`${words(parts[i - 1]!).toLowerCase()} ${Number(part) + 1}`);
  });
  const last = parts[parts.length - 1]!;
  if (/^\d+$/.test(last)) return capital(rows.pop() ?? 'This field') + (rows.length ? ` (${rows.join(', ')})` : '');
  return capital(words(last)) + (rows.length ? ` (${rows.join(', ')})` : '');
}

/** One sentence for a field's problem: ("price", "cannot be negative") → "Price cannot be negative." */
export function fieldSentence(path: string, problem: string): string {
  const sentence = `${fieldLabel(path)} ${problem}`.trim();
  return /[.!?]$/.test(sentence) ? sentence : `${sentence}.`;
}

const TYPE_WORDS: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'yes or no',
  array: 'a list',
  object: 'a set of fields',
  date: 'a date',
};

const FORMAT_WORDS: Record<string, string> = {
  datetime: 'must be a date and time',
  date: 'must be a date',
  time: 'must be a time of day',
  email: 'must be an e-mail address',
  url: 'must be a web address',
  uuid: 'must be a valid id',
};

const plural = (count: number, one: string) => `${count} ${one}${count === 1 ? '' : 's'}`;

function sizeProblem(issue: { origin: string; code: 'too_small' | 'too_big' }, limit: number | bigint) {
  const n = Number(limit);
  const small = issue.code === 'too_small';
  switch (issue.origin) {
    case 'string':
      if (small) return n <= 1 ? 'is required' : `must be at least ${plural(n, 'character')}`;
      return `must be at most ${plural(n, 'character')}`;
    case 'array':
    case 'set':
      if (small) return n <= 1 ? 'needs at least one item' : `needs at least ${plural(n, 'item')}`;
      return `can have at most ${plural(n, 'item')}`;
    default:
      if (small) return n === 0 ? 'cannot be negative' : `must be at least ${n}`;
      return `must be at most ${n}`;
  }
}

/**
 * The problem in a person's words for every issue a schema did not word itself: zod's defaults ("Too small: expected
 * number to be >=0", "Invalid ISO datetime") name types and symbols nobody filling in a form knows.
 */
export function describeIssue(issue: $ZodRawIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null) return 'is required';
      return `must be ${TYPE_WORDS[issue.expected] ?? 'of another kind'}`;
    case 'too_small':
      return sizeProblem(issue, issue.minimum);
    case 'too_big':
      return sizeProblem(issue, issue.maximum);
    case 'invalid_format':
      return FORMAT_WORDS[issue.format] ?? 'is not in the expected format';
    case 'invalid_value':
      return issue.values.length <= 6 ? `must be one of ${issue.values.map(String).join(', ')}` : 'is not one of the choices';
    case 'unrecognized_keys':
      return `has fields we do not know: ${issue.keys.join(', ')}`;
    case 'not_multiple_of':
      return `must be a multiple of ${String(issue.divisor)}`;
    default:
      return 'is not valid';
  }
}

// Worker and web both load the contracts, so the wording holds wherever a schema is parsed.
z.config({ customError: (issue) => describeIssue(issue) });
