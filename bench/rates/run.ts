import { performance } from 'node:perf_hooks';
import { comparisonOperators, oneToOneDateBases } from '../../schema/contracts/pricing-enums';
import { compileRateBook, type EngineRate, type EngineVersion, type PricingSubject, resolveRate } from '../../worker/lib/pricing/resolve';
import { naiveResolve } from './naive';

/**
 * `npm run bench -- rates`. 10,000 one-to-one lessons priced against 50 rate versions × 200 rates (per-student,
 * student type, country pair and default rates, every date basis and operator), one lesson at a time: the engine
 * (worker/lib/pricing/resolve.ts, versions and rates compiled once) against a naive scan of every version and rate.
 */
const VERSIONS = 50;
const RATES_PER_VERSION = 200;
const LESSONS = 10_000;
const ROUNDS = 5;

let seed = 42;
const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
const day = (n: number) => new Date(Date.UTC(2023, 0, 1 + n)).toISOString().slice(0, 10);
const countries = ['SG', 'MY', 'GB', 'US', 'AU', 'IN', 'PH', 'ID'];
const studentTypes = Array.from({ length: 12 }, (_, i) => `type-${i}`);
const students = Array.from({ length: 2000 }, (_, i) => `student-${i}`);

const versions: EngineVersion[] = Array.from({ length: VERSIONS }, (_, i) => ({
  _id: `version-${i}`,
  table: 'ONE_TO_ONE_TUTOR',
  versionNumber: i + 1,
  dateBasis: pick(oneToOneDateBases),
  // Mostly "from this date" tables, as real ones are, with every other operator present.
  operator: random() < 0.7 ? 'GREATER_THAN_OR_EQUAL' : pick(comparisonOperators),
  referenceDate: day(Math.floor(random() * 1200)),
}));
const rates: EngineRate[] = versions.flatMap((version) =>
  Array.from({ length: RATES_PER_VERSION }, (_, j): EngineRate => {
    const kind = j % 10;
    const match =
      kind < 5
        ? { studentId: pick(students) }
        : kind < 7
          ? { studentType: pick(studentTypes), studentCountry: random() < 0.5 ? pick(countries) : null }
          : kind < 9
            ? { tutorCountry: pick(countries), studentCountry: random() < 0.5 ? pick(countries) : null }
            : j === 9
              ? {}
              : { curriculum: 'IB' };
    return { _id: `${version._id}-rate-${j}`, versionId: version._id, amount: 1000 + Math.floor(random() * 9000), currency: 'SGD', match };
  }),
);
const lessons: PricingSubject[] = Array.from({ length: LESSONS }, () => ({
  table: 'ONE_TO_ONE_TUTOR',
  values: {
    studentId: pick(students),
    studentType: pick(studentTypes),
    tutorCountry: pick(countries),
    studentCountry: pick(countries),
    curriculum: pick(['IB', 'IGCSE']),
  },
  dates: { STUDENT_ASSIGNED_DATE: day(Math.floor(random() * 1400)), STUDENT_REGISTRATION_DATE: day(Math.floor(random() * 1400)) },
  minutes: pick([30, 45, 60, 90]),
}));

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
};
const fmt = (ms: number) => `${(ms * 1000).toFixed(1)} µs`;

let start = performance.now();
const book = compileRateBook(versions, rates);
const compileMs = performance.now() - start;

let priced = 0;
for (const lesson of lessons) {
  const ours = resolveRate(book, lesson);
  const naive = naiveResolve(versions, rates, lesson);
  const same = ours.ok ? naive?.rateId === ours.rateId && naive.versionId === ours.rateVersionId : !naive || naive.rateId === null;
  if (!same) throw new Error(`the engine and the naive scan disagree on ${JSON.stringify(lesson)}`);
  if (ours.ok) priced++;
}

const oursMs: number[] = [];
const peerMs: number[] = [];
for (let round = 0; round < ROUNDS; round++) {
  for (const lesson of lessons) {
    start = performance.now();
    resolveRate(book, lesson);
    oursMs.push(performance.now() - start);
    start = performance.now();
    naiveResolve(versions, rates, lesson);
    peerMs.push(performance.now() - start);
  }
}

console.log(
  `${LESSONS} lessons × ${ROUNDS} rounds against ${VERSIONS} versions × ${RATES_PER_VERSION} rates ` +
    `(${priced} priced, ${LESSONS - priced} with no rate), Node ${process.version}`,
);
console.log(`  compiling the rate book once: ${compileMs.toFixed(2)} ms`);
console.log(`  ours  worker/lib/pricing/resolve.ts resolveRate   median ${fmt(quantile(oursMs, 0.5))}  p95 ${fmt(quantile(oursMs, 0.95))} per lesson`);
console.log(`  peer  naive scan of every version and rate       median ${fmt(quantile(peerMs, 0.5))}  p95 ${fmt(quantile(peerMs, 0.95))} per lesson`);
const ratio = (q: number) => (quantile(oursMs, q) / quantile(peerMs, q)).toFixed(3);
console.log(`ours/peer per-lesson median ${ratio(0.5)} p95 ${ratio(0.95)}  (target: p95 ≤ 100 µs)`);
