import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { type CancellationRules, DEFAULT_CANCELLATION_RULES, type PolicyWithVersions } from '../../schema/contracts/cancellation-policy';
import type { MeetingRequestType, RequesterRole } from '../../schema/contracts/meeting-requests';
import { MAX_MINOR_AMOUNT } from '../../schema/contracts/money';
import { cancellationPolicies, meetingRequests } from '../../schema/tables';
import { penaltyFor, tierFor } from '../../worker/lib/ledger/penalty';
import { shareOf } from '../../worker/lib/ledger/policy';
import { type Callers, call, callers, seedExtraAdmins } from '../helpers/admins';
import { type ErrorJson, expectFieldError } from '../helpers/auth';
import { ask, HOUR, hoursAhead, json, lesson, seedKnownRate } from '../helpers/meeting-requests';
import { db, PARTNER_HOST, seedDemo } from '../helpers/seed';

let as: Callers;
/** The seeded admin who saves the versions below. */
const ADMIN_NAME = 'Ada Admin';

beforeAll(async () => {
  await seedDemo();
  await seedExtraAdmins();
  as = await callers();
  await seedKnownRate(as);
});

const PATH = '/admin/cancellation-policy';
const read = (token = as.admin, host?: string) => call('GET', PATH, token, undefined, host).then((r) => json<PolicyWithVersions>(r));
const save = (rules: unknown, token = as.admin, host?: string) => call('PUT', PATH, token, rules, host);
const versionsSaved = async () => (await db.select().from(cancellationPolicies).all()).length;
const cancel = (sectionId: string) => ({ sectionId, type: 'CANCEL', reason: 'Clash with a school trip' });

/** The default with one change. */
const rulesWith = (change: Partial<CancellationRules>): CancellationRules => ({ ...DEFAULT_CANCELLATION_RULES, ...change });

// The first describe blocks run with the built-in default; later ones save versions, in order.
describe('happy', { timeout: 60_000 }, () => {
  it('answers the built-in default as version 1 until an admin saves one', async () => {
    expect(await read()).toEqual({
      version: 1,
      rules: DEFAULT_CANCELLATION_RULES,
      createdBy: null,
      createdByName: null,
      createdAt: null,
      versions: [{ version: 1, createdBy: null, createdByName: null, createdAt: null }],
    });
  });

  it('saves each edit as a new version, which new requests then follow', async () => {
    const rules = rulesWith({
      tiers: [
        { type: 'CANCEL', requester: 'STUDENT', withinHours: 48, penalty: { kind: 'FIXED', amount: 1200, currency: 'SGD' } },
        { type: 'ANY', requester: 'ANY', withinHours: 12, penalty: { kind: 'PERCENT', basisPoints: 1250 } },
      ],
    });
    const saved = await json<PolicyWithVersions>(await save(rules));
    expect(saved).toMatchObject({ version: 2, rules, createdBy: 'user_admin', createdByName: ADMIN_NAME });
    expect(saved.versions.map((v) => [v.version, v.createdByName])).toEqual([
      [1, null],
      [2, ADMIN_NAME],
    ]);
    expect(await read()).toEqual(saved);

    // 30 hours ahead: the student band of 48 hours, a fixed amount.
    const made = await ask(as.student, cancel((await lesson(hoursAhead(30)))._id));
    expect(made).toMatchObject({ policyVersion: 2, penalty: true, penaltyAmount: 1200, penaltyCurrency: 'SGD' });
    expect(made.penaltyReason).toBe('less than 48 hours before the lesson: a fixed SGD 12.00');
    // 5 hours ahead: the 12-hour band is narrower, so it applies; 12.5% of SGD 30.00 is SGD 3.75.
    const close = await ask(as.student, cancel((await lesson(hoursAhead(5)))._id));
    expect(close).toMatchObject({ policyVersion: 2, penaltyAmount: 375, penaltyReason: "less than 12 hours before the lesson: 12.5% of the lesson's amount" });
    // A tutor outside every band of theirs.
    const tutors = await ask(as.tutor, cancel((await lesson(hoursAhead(20)))._id));
    expect(tutors).toMatchObject({ penalty: false, penaltyReason: '12 hours or more before the lesson: no penalty' });
  });

  it('who may ask and until when are the policy’s, refused in words', async () => {
    await json(
      await save(
        rulesWith({ whoMayAsk: { CANCEL: ['STUDENT', 'TUTOR', 'ADMIN'], RESCHEDULE: ['TUTOR', 'ADMIN'], DELETE: ['ADMIN'] }, askUntilHoursBefore: 6 }),
      ),
    );
    const soon = await lesson(hoursAhead(3));
    const late = await call('POST', '/meeting-requests/preview', as.student, cancel(soon._id));
    expect(late.status).toBe(409);
    expect((await late.json<ErrorJson>()).message).toBe('Requests to cancel a lesson close 6 hours before it starts, and this lesson starts sooner than that.');
    const later = await lesson(hoursAhead(50));
    const moving = await call('POST', '/meeting-requests', as.student, { ...cancel(later._id), type: 'RESCHEDULE', newStart: hoursAhead(60).toISOString() });
    expect(moving.status).toBe(409);
    expect((await moving.json<ErrorJson>()).message).toBe('The cancellation policy does not let students ask to reschedule a lesson.');
    const deleting = await call('POST', '/meeting-requests', as.tutor, { ...cancel(later._id), type: 'DELETE' });
    expect((await deleting.json<ErrorJson>()).message).toBe('The cancellation policy does not let tutors ask to delete a lesson.');
    await json(await save(DEFAULT_CANCELLATION_RULES));
  });
});

describe('errors', { timeout: 60_000 }, () => {
  it('refuses out-of-range percentages, amounts and hours with 400 naming the field, and saves nothing', async () => {
    const before = await versionsSaved();
    const tier = (penalty: unknown, extra: Record<string, unknown> = {}) =>
      rulesWith({ tiers: [{ type: 'ANY', requester: 'ANY', withinHours: 24, penalty, ...extra } as CancellationRules['tiers'][number]] });
    const above = await expectFieldError(await save(tier({ kind: 'PERCENT', basisPoints: 10_001 })), 'tiers.0.penalty.basisPoints');
    expect(above.message).toBe('Basis points (tiers 1) cannot be above 100%.');
    await expectFieldError(await save(tier({ kind: 'PERCENT', basisPoints: -1 })), 'tiers.0.penalty.basisPoints');
    await expectFieldError(await save(tier({ kind: 'PERCENT', basisPoints: 12.5 })), 'tiers.0.penalty.basisPoints');
    await expectFieldError(await save(tier({ kind: 'FIXED', amount: -100, currency: 'SGD' })), 'tiers.0.penalty.amount');
    await expectFieldError(await save(tier({ kind: 'FIXED', amount: 10.5, currency: 'SGD' })), 'tiers.0.penalty.amount');
    await expectFieldError(await save(tier({ kind: 'FIXED', amount: 100, currency: 'ZZZ' })), 'tiers.0.penalty.currency');
    await expectFieldError(await save(tier({ kind: 'PERCENT', basisPoints: 100 }, { withinHours: 0 })), 'tiers.0.withinHours');
    await expectFieldError(await save(tier({ kind: 'PERCENT', basisPoints: 100 }, { requester: 'PARENT' })), 'tiers.0.requester');
    await expectFieldError(await save(rulesWith({ askUntilHoursBefore: -1 })), 'askUntilHoursBefore');
    await expectFieldError(await save(rulesWith({ lateCancelHours: 24 * 15 })), 'lateCancelHours');
    await expectFieldError(await save(rulesWith({ notStartedPayBasisPoints: 20_000 })), 'notStartedPayBasisPoints');
    const { whoMayAsk: _gone, ...noWho } = DEFAULT_CANCELLATION_RULES;
    await expectFieldError(await save(noWho), 'whoMayAsk');
    expect(await versionsSaved()).toBe(before);
  });
});

describe('permissions', { timeout: 60_000 }, () => {
  it('students, tutors, parents and admins without the permission get 403, before the body is read', async () => {
    const before = await versionsSaved();
    for (const token of [as.student, as.tutor, as.parent, as.approver, as.enterer]) {
      expect((await call('GET', PATH, token)).status).toBe(403);
      expect((await save({ nonsense: true }, token)).status).toBe(403);
      expect((await save(DEFAULT_CANCELLATION_RULES, token)).status).toBe(403);
    }
    expect(await versionsSaved()).toBe(before);
  });

  it("each tenant has its own versions: another tenant's save changes nothing here", async () => {
    const ours = await read();
    const theirs = await json<PolicyWithVersions>(await save(rulesWith({ lateCancelHours: 2 }), as.partner, PARTNER_HOST));
    expect(theirs).toMatchObject({ version: 2, rules: { lateCancelHours: 2 } });
    expect(await read()).toEqual(ours);
  });
});

describe('properties', () => {
  const percentTier = fc.record({
    type: fc.constantFrom('CANCEL', 'RESCHEDULE', 'DELETE', 'ANY'),
    requester: fc.constantFrom('STUDENT', 'TUTOR', 'ADMIN', 'ANY'),
    withinHours: fc.integer({ min: 1, max: 24 * 60 }),
    penalty: fc.record({ kind: fc.constant('PERCENT' as const), basisPoints: fc.integer({ min: 0, max: 10_000 }) }),
  });
  const fixedTier = fc.record({
    type: fc.constantFrom('CANCEL', 'RESCHEDULE', 'DELETE', 'ANY'),
    requester: fc.constantFrom('STUDENT', 'TUTOR', 'ADMIN', 'ANY'),
    withinHours: fc.integer({ min: 1, max: 24 * 60 }),
    penalty: fc.record({
      kind: fc.constant('FIXED' as const),
      amount: fc.integer({ min: 0, max: MAX_MINOR_AMOUNT }),
      currency: fc.constantFrom('SGD', 'USD', 'JPY'),
    }),
  });
  const everyone: CancellationRules['whoMayAsk']['CANCEL'] = ['STUDENT', 'TUTOR', 'ADMIN'];
  const everyoneMayAsk = { CANCEL: everyone, RESCHEDULE: everyone, DELETE: everyone };
  const situation = fc.record({
    type: fc.constantFrom<MeetingRequestType>('CANCEL', 'RESCHEDULE', 'DELETE'),
    requesterRole: fc.constantFrom<RequesterRole>('STUDENT', 'TUTOR', 'ADMIN'),
    noticeMs: fc.integer({ min: 1, max: 70 * 24 * HOUR }),
    amount: fc.integer({ min: 0, max: MAX_MINOR_AMOUNT }),
  });
  const now = new Date('2030-06-03T08:00:00Z');
  const apply = (tiers: CancellationRules['tiers'], s: { type: MeetingRequestType; requesterRole: RequesterRole; noticeMs: number; amount: number }) =>
    penaltyFor({ ...DEFAULT_CANCELLATION_RULES, whoMayAsk: everyoneMayAsk, askUntilHoursBefore: 0, tiers }, 7, {
      type: s.type,
      requesterRole: s.requesterRole,
      start: new Date(now.getTime() + s.noticeMs),
      now,
      amount: s.amount,
      currency: 'SGD',
    });

  it('penaltyFor never takes more than the lesson’s amount for a percentage, and never a negative or fractional amount', () => {
    fc.assert(
      fc.property(fc.array(percentTier, { maxLength: 6 }), situation, (tiers, s) => {
        const result = apply(tiers as CancellationRules['tiers'], s);
        expect(Number.isSafeInteger(result.penaltyAmount)).toBe(true);
        expect(result.penaltyAmount).toBeGreaterThanOrEqual(0);
        expect(result.penaltyAmount).toBeLessThanOrEqual(s.amount);
        expect(result.policyVersion).toBe(7);
      }),
      { numRuns: 1000, seed: 30 },
    );
  }, 60_000);

  it('penaltyFor applies the narrowest band covering the notice, and is never negative with fixed bands too', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(percentTier, fixedTier), { maxLength: 6 }), situation, (tiers, s) => {
        const typed = tiers as CancellationRules['tiers'];
        const result = apply(typed, s);
        expect(result.penaltyAmount).toBeGreaterThanOrEqual(0);
        const applying = typed.filter(
          (t) => (t.type === 'ANY' || t.type === s.type) && (t.requester === 'ANY' || t.requester === s.requesterRole) && s.noticeMs < t.withinHours * HOUR,
        );
        const tier = tierFor(applying, s.noticeMs);
        if (!tier) {
          expect(result.penaltyAmount).toBe(0);
          return;
        }
        expect(Math.min(...applying.map((t) => t.withinHours))).toBe(tier.withinHours);
        expect(result.penaltyAmount).toBe(tier.penalty.kind === 'FIXED' ? tier.penalty.amount : shareOf(s.amount, tier.penalty.basisPoints));
        expect(result.reason).toMatch(new RegExp(`^less than ${tier.withinHours} hours? before the lesson: `));
      }),
      { numRuns: 1000, seed: 31 },
    );
  }, 60_000);

  it('a later policy version never changes the penalty of a request made under an earlier one', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 10_000 }), fc.integer({ min: 1, max: 20 }), async (basisPoints, hours) => {
        const earlier = await ask(as.student, cancel((await lesson(hoursAhead(hours)))._id));
        const stored = await db.select().from(meetingRequests).where(eq(meetingRequests._id, earlier._id)).get();
        const saved = await json<PolicyWithVersions>(
          await save(rulesWith({ tiers: [{ type: 'ANY', requester: 'ANY', withinHours: 24, penalty: { kind: 'PERCENT', basisPoints } }] })),
        );
        expect(saved.version).toBeGreaterThan(earlier.policyVersion);
        expect(await db.select().from(meetingRequests).where(eq(meetingRequests._id, earlier._id)).get()).toEqual(stored);
        const reread = await json<typeof earlier>(await call('GET', `/admin/meeting-requests/${earlier._id}`, as.admin));
        expect(reread).toMatchObject({ policyVersion: earlier.policyVersion, penaltyAmount: earlier.penaltyAmount, penalty: earlier.penalty });
        // A request made now follows the new version.
        const later = await ask(as.student, cancel((await lesson(hoursAhead(hours)))._id));
        expect(later).toMatchObject({ policyVersion: saved.version, penaltyAmount: shareOf(3000, basisPoints) });
      }),
      { numRuns: 6, seed: 30 },
    );
  }, 180_000);
});
