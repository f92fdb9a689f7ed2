import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { naiveResolve } from '../../bench/rates/naive';
import { comparisonOperators, oneToOneDateBases } from '../../schema/contracts/pricing-enums';
import {
  applies,
  compileRateBook,
  type EngineRate,
  type EngineVersion,
  type PricingSubject,
  proRate,
  type Resolution,
  resolveRate,
  tierOf,
} from '../../worker/lib/pricing/resolve';

const day = (n: number) => new Date(Date.UTC(2025, 0, 1 + n)).toISOString().slice(0, 10);
const date = fc.integer({ min: 0, max: 30 }).map(day);
const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined, freq: 2 });
const country = fc.constantFrom('SG', 'MY', 'GB');
const student = fc.constantFrom('s1', 's2', 's3');
const studentType = fc.constantFrom('t1', 't2');

const version = (id: string) =>
  fc.record({
    _id: fc.constant(id),
    table: fc.constant('ONE_TO_ONE_TUTOR' as const),
    versionNumber: fc.integer({ min: 1, max: 9 }),
    dateBasis: fc.constantFrom(...oneToOneDateBases),
    operator: fc.constantFrom(...comparisonOperators),
    referenceDate: date,
  });

const match = fc.record({ studentId: maybe(student), studentType: maybe(studentType), tutorCountry: maybe(country), studentCountry: maybe(country) });

const book = fc.integer({ min: 1, max: 4 }).chain((n) => {
  const ids = Array.from({ length: n }, (_, i) => `v${i}`);
  return fc
    .record({
      versions: fc.tuple(...ids.map(version)),
      rates: fc.array(fc.record({ versionId: fc.constantFrom(...ids), amount: fc.integer({ min: 0, max: 100_000 }), match }), { maxLength: 12 }),
    })
    .map(({ versions, rates }) => ({
      versions: versions as EngineVersion[],
      rates: rates.map((r, i): EngineRate => ({ ...r, _id: `r${String(i).padStart(2, '0')}`, currency: 'SGD' })),
    }));
});

const subject: fc.Arbitrary<PricingSubject> = fc.record({
  table: fc.constant('ONE_TO_ONE_TUTOR' as const),
  values: fc.record({ studentId: student, studentType, tutorCountry: country, studentCountry: country }),
  dates: fc.record({ STUDENT_ASSIGNED_DATE: date, STUDENT_REGISTRATION_DATE: date }),
  minutes: fc.integer({ min: 1, max: 240 }),
});

/** What a lesson is priced at; the wording may name the moved date. */
const priced = (answer: Resolution) => (answer.ok ? { amount: answer.amount, rateId: answer.rateId, rateVersionId: answer.rateVersionId } : null);

describe('rate resolution engine', () => {
  it('answers exactly one applying rate of one matching version, or says why not, as the naive scan does', () => {
    fc.assert(
      fc.property(book, subject, ({ versions, rates }, lesson) => {
        const answer = resolveRate(compileRateBook(versions, rates), lesson);
        const naive = naiveResolve(versions, rates, lesson);
        if (answer.ok) {
          expect(naive).toEqual({ versionId: answer.rateVersionId, rateId: answer.rateId });
          expect(applies(rates.find((r) => r._id === answer.rateId)!, lesson.values)).toBe(true);
          expect(answer.explanation).toMatch(
            /^one-to-one rate v\d \(student (assigned|registered) [><=≥≤] 2025-\d\d-\d\d\), .+: [\d,]+\.\d\d SGD\/h × \d+ min = /,
          );
        } else {
          expect(naive === null || naive.rateId === null).toBe(true);
          expect(answer.reason).toMatch(/^(No one-to-one rate version applies|One-to-one rate v\d .* has no rate for) .*\.$/);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('lets a more specific applying rate win over every less specific one', () => {
    fc.assert(
      fc.property(book, subject, fc.constantFrom(0, 1, 2, 3), ({ versions, rates }, lesson, extraTier) => {
        const before = resolveRate(compileRateBook(versions, rates), lesson);
        fc.pre(before.ok);
        if (!before.ok) return;
        const winner = rates.find((r) => r._id === before.rateId)!;
        fc.pre(extraTier > tierOf(winner.match));
        const v = lesson.values;
        const extraMatch = [{}, { tutorCountry: v.tutorCountry }, { studentType: v.studentType }, { studentId: v.studentId }][extraTier]!;
        const extra: EngineRate = { _id: 'zz-extra', versionId: before.rateVersionId, amount: 1, currency: 'SGD', match: extraMatch };
        const after = resolveRate(compileRateBook(versions, [...rates, extra]), lesson);
        expect(after).toMatchObject({ ok: true, rateId: 'zz-extra', rateVersionId: before.rateVersionId });
      }),
    );
  });

  it('moving a version’s date changes only lessons whose date lies between the old and the new date', () => {
    fc.assert(
      fc.property(book, fc.array(subject, { minLength: 1, maxLength: 20 }), fc.integer({ min: 0, max: 30 }), ({ versions, rates }, lessons, to) => {
        const moved = versions[0]!;
        const [lo, hi] = [moved.referenceDate, day(to)].sort() as [string, string];
        // Only a move that passes no other version's date leaves the versions' order unchanged.
        fc.pre(versions.slice(1).every((v) => v.referenceDate < lo || v.referenceDate > hi));
        const beforeBook = compileRateBook(versions, rates);
        const afterBook = compileRateBook([{ ...moved, referenceDate: day(to) }, ...versions.slice(1)], rates);
        for (const lesson of lessons) {
          const when = lesson.dates[moved.dateBasis]!;
          if (when >= lo && when <= hi) continue;
          expect(priced(resolveRate(afterBook, lesson))).toEqual(priced(resolveRate(beforeBook, lesson)));
        }
      }),
    );
  });

  it('pro-rates by minutes in integers, rounding half a minor unit up', () => {
    expect(proRate(1800, 60)).toBe(1800);
    expect(proRate(1800, 45)).toBe(1350);
    expect(proRate(1, 29)).toBe(0);
    expect(proRate(1, 30)).toBe(1);
    expect(proRate(1000, 50)).toBe(833);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000_000_000 }), fc.integer({ min: 1, max: 1440 }), (perHour, minutes) => {
        const exact = BigInt(perHour) * BigInt(minutes);
        expect(BigInt(proRate(perHour, minutes))).toBe((exact * 2n + 60n) / 120n);
      }),
    );
  });

  it('explains a group lesson the way the issue shows it', () => {
    const rateBook = compileRateBook(
      [
        {
          _id: 'g3',
          table: 'GROUP_TUTOR',
          versionNumber: 3,
          dateBasis: 'TUTOR_REGISTRATION_DATE',
          operator: 'GREATER_THAN_OR_EQUAL',
          referenceDate: '2025-01-01',
        },
      ],
      [
        { _id: 'a', versionId: 'g3', amount: 1500, currency: 'SGD', match: {} },
        { _id: 'b', versionId: 'g3', amount: 1800, currency: 'SGD', match: { courseType: 'small', tutorCountry: 'SG' } },
      ],
    );
    const answer = resolveRate(rateBook, {
      table: 'GROUP_TUTOR',
      values: { courseType: 'small', tutorCountry: 'SG', studentCountry: 'MY' },
      dates: { TUTOR_REGISTRATION_DATE: '2025-03-02' },
      labels: { courseType: 'Small Group' },
    });
    expect(answer).toEqual({
      ok: true,
      amount: 1800,
      ratePerUnit: 1800,
      currency: 'SGD',
      rateVersionId: 'g3',
      rateId: 'b',
      explanation: 'group rate v3 (tutor registered ≥ 2025-01-01), course type Small Group, SG→any: 18.00 SGD/h',
    });
  });
});
