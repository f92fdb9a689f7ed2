import { formatMoney } from '../../../schema/contracts/money';
import { type ComparisonOperator, type DateBasis, dateBasisWords, operatorSymbols, type RateTable } from '../../../schema/contracts/pricing-enums';

/**
 * The one resolution engine: which rate version applies to a lesson (or a plan purchase) and which of its rates.
 * Pure and synchronous, so the price check, the lesson ledger and the bench run exactly this code.
 */

/** What a rate can be narrowed by; a rate applies when every criterion it sets equals the subject's value. */
export const criteria = [
  'studentId',
  'tutorId',
  'studentType',
  'courseType',
  'tutorCountry',
  'studentCountry',
  'country',
  'curriculum',
  'grade',
  'packageId',
] as const;
export type Criterion = (typeof criteria)[number];
export type CriterionValues = Partial<Record<Criterion, string | null>>;

export interface EngineVersion {
  _id: string;
  table: RateTable;
  versionNumber: number;
  dateBasis: DateBasis;
  operator: ComparisonOperator;
  /** YYYY-MM-DD, compared with the subject's date for the basis as text, which orders like the calendar. */
  referenceDate: string;
}

export interface EngineRate {
  _id: string;
  versionId: string;
  /** Minor units per hour for tutor rates, per plan for student rates. */
  amount: number;
  currency: string;
  match: CriterionValues;
}

export interface PricingSubject {
  table: RateTable;
  values: CriterionValues;
  /** YYYY-MM-DD per date basis; a version whose basis date is missing does not match. */
  dates: Partial<Record<DateBasis, string>>;
  /** Lesson length for the hourly tables; the amount is pro-rated to it. */
  minutes?: number;
  /** Names to show instead of ids in the explanation (a student's name, a course type's name). */
  labels?: Partial<Record<Criterion, string>>;
}

export type Resolution =
  | { ok: true; amount: number; ratePerUnit: number; currency: string; rateVersionId: string; rateId: string; explanation: string }
  | { ok: false; reason: string };

const hourly = (table: RateTable) => table === 'ONE_TO_ONE_TUTOR' || table === 'GROUP_TUTOR';

export function compare(date: string, operator: ComparisonOperator, reference: string): boolean {
  switch (operator) {
    case 'GREATER_THAN':
      return date > reference;
    case 'LESS_THAN':
      return date < reference;
    case 'EQUAL':
      return date === reference;
    case 'GREATER_THAN_OR_EQUAL':
      return date >= reference;
    case 'LESS_THAN_OR_EQUAL':
      return date <= reference;
  }
}

/** Per-student over student type (or group course type) over country pair over default. */
export function tierOf(match: CriterionValues): number {
  if (match.studentId) return 3;
  if (match.studentType || match.courseType) return 2;
  if (match.tutorCountry || match.studentCountry || match.country) return 1;
  return 0;
}

const setCount = (match: CriterionValues) => criteria.reduce((n, key) => n + (match[key] ? 1 : 0), 0);

/** Most specific first: tier, then how many criteria the rate sets, then _id so exactly one always wins. */
export function moreSpecific(a: EngineRate, b: EngineRate): number {
  return tierOf(b.match) - tierOf(a.match) || setCount(b.match) - setCount(a.match) || (a._id < b._id ? -1 : a._id > b._id ? 1 : 0);
}

/** When several versions match, the latest reference date wins, then the higher version number, then _id. */
export function newerVersion(a: EngineVersion, b: EngineVersion): number {
  if (a.referenceDate !== b.referenceDate) return a.referenceDate > b.referenceDate ? -1 : 1;
  return b.versionNumber - a.versionNumber || (a._id < b._id ? -1 : a._id > b._id ? 1 : 0);
}

export const applies = (rate: EngineRate, values: CriterionValues) =>
  criteria.every((key) => {
    const wanted = rate.match[key];
    return !wanted || values[key] === wanted;
  });

/** Hourly amount × minutes / 60 in integers, half a minor unit rounding up (so 25 min at 0.01/h is 0.00, 30 min is 0.01). */
export function proRate(perHour: number, minutes: number): number {
  const scaled = perHour * minutes + 30;
  return (scaled - (scaled % 60)) / 60;
}

interface CompiledVersion {
  version: EngineVersion;
  perStudent: Map<string, EngineRate[]>;
  byType: Map<string, EngineRate[]>;
  countries: EngineRate[];
  defaults: EngineRate[];
}

/** Versions in priority order per table, each with its rates bucketed by tier and sorted most specific first. */
export interface RateBook {
  tables: Map<RateTable, CompiledVersion[]>;
}

function push<K>(map: Map<K, EngineRate[]>, key: K, rate: EngineRate) {
  const list = map.get(key);
  if (list) list.push(rate);
  else map.set(key, [rate]);
}

export function compileRateBook(versions: EngineVersion[], rates: EngineRate[]): RateBook {
  const compiled = new Map<string, CompiledVersion>();
  for (const version of versions) compiled.set(version._id, { version, perStudent: new Map(), byType: new Map(), countries: [], defaults: [] });
  for (const rate of [...rates].sort(moreSpecific)) {
    const entry = compiled.get(rate.versionId);
    if (!entry) continue;
    const tier = tierOf(rate.match);
    if (tier === 3) push(entry.perStudent, rate.match.studentId!, rate);
    else if (tier === 2) push(entry.byType, rate.match.studentType ? `s:${rate.match.studentType}` : `c:${rate.match.courseType}`, rate);
    else if (tier === 1) entry.countries.push(rate);
    else entry.defaults.push(rate);
  }
  const tables = new Map<RateTable, CompiledVersion[]>();
  for (const entry of [...compiled.values()].sort((a, b) => newerVersion(a.version, b.version))) {
    const list = tables.get(entry.version.table);
    if (list) list.push(entry);
    else tables.set(entry.version.table, [entry]);
  }
  return { tables };
}

const firstApplying = (list: EngineRate[] | undefined, values: CriterionValues) => list?.find((rate) => applies(rate, values));

function pickRate(entry: CompiledVersion, values: CriterionValues): EngineRate | undefined {
  return (
    (values.studentId ? firstApplying(entry.perStudent.get(values.studentId), values) : undefined) ??
    (values.studentType ? firstApplying(entry.byType.get(`s:${values.studentType}`), values) : undefined) ??
    (values.courseType ? firstApplying(entry.byType.get(`c:${values.courseType}`), values) : undefined) ??
    firstApplying(entry.countries, values) ??
    firstApplying(entry.defaults, values)
  );
}

const tableWords: Record<RateTable, string> = {
  ONE_TO_ONE_TUTOR: 'one-to-one rate',
  GROUP_TUTOR: 'group rate',
  STUDENT_FLEXIBLE: 'flexible plan rate',
  STUDENT_SUBSCRIPTION: 'subscription plan rate',
};

export const versionWords = (v: EngineVersion) =>
  `${tableWords[v.table]} v${v.versionNumber} (${dateBasisWords[v.dateBasis]} ${operatorSymbols[v.operator]} ${v.referenceDate})`;

/** "18.00 SGD": the amount then the code, as in "18.00 SGD/h". */
function amountThenCode(amount: number, currency: string) {
  const shown = formatMoney(amount, currency);
  return shown.startsWith(`${currency} `) ? `${shown.slice(currency.length + 1)} ${currency}` : shown;
}

function rateWords(rate: EngineRate, labels: PricingSubject['labels'] = {}): string {
  const m = rate.match;
  const name = (key: Criterion) => labels[key] ?? m[key]!;
  const parts: string[] = [];
  if (m.studentId) parts.push(`student ${name('studentId')}`);
  if (m.tutorId) parts.push(`tutor ${name('tutorId')}`);
  if (m.studentType) parts.push(`student type ${name('studentType')}`);
  if (m.courseType) parts.push(`course type ${name('courseType')}`);
  if (m.packageId) parts.push(`plan ${name('packageId')}`);
  if (m.curriculum || m.grade) parts.push([m.curriculum, m.grade].filter(Boolean).join(' '));
  if (m.tutorCountry || m.studentCountry) parts.push(`${m.tutorCountry ?? 'any'}→${m.studentCountry ?? 'any'}`);
  if (m.country) parts.push(`country ${m.country}`);
  return parts.length ? parts.join(', ') : 'default rate';
}

function subjectWords(subject: PricingSubject) {
  const v = subject.values;
  const pair = `${v.tutorCountry ?? v.country ?? '?'}→${v.studentCountry ?? '?'}`;
  return hourly(subject.table) ? `a ${subject.table === 'GROUP_TUTOR' ? 'group' : 'one-to-one'} lesson ${pair}` : 'this plan';
}

export function resolveRate(book: RateBook, subject: PricingSubject): Resolution {
  const versions = book.tables.get(subject.table) ?? [];
  const entry = versions.find(({ version }) => {
    const date = subject.dates[version.dateBasis];
    return date !== undefined && compare(date, version.operator, version.referenceDate);
  });
  if (!entry) return { ok: false, reason: `No ${tableWords[subject.table]} version applies to the dates of ${subjectWords(subject)}.` };
  const rate = pickRate(entry, subject.values);
  if (!rate) return { ok: false, reason: `${capitalise(versionWords(entry.version))} has no rate for ${subjectWords(subject)}.` };
  const perHour = hourly(subject.table);
  const amount = perHour && subject.minutes !== undefined ? proRate(rate.amount, subject.minutes) : rate.amount;
  const unit = perHour ? '/h' : '';
  const length = perHour && subject.minutes !== undefined ? ` × ${subject.minutes} min = ${amountThenCode(amount, rate.currency)}` : '';
  return {
    ok: true,
    amount,
    ratePerUnit: rate.amount,
    currency: rate.currency,
    rateVersionId: entry.version._id,
    rateId: rate._id,
    explanation: `${versionWords(entry.version)}, ${rateWords(rate, subject.labels)}: ${amountThenCode(rate.amount, rate.currency)}${unit}${length}`,
  };
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
