import { env } from 'cloudflare:workers';
import { and, eq, like } from 'drizzle-orm';
import { sign } from 'hono/jwt';
import { beforeAll, describe, expect, it } from 'vitest';
import { PROGRESS_MESSAGES } from '../../schema/contracts/progress';
import { DEMO_USERS, TENANT_IDS } from '../../schema/seed';
import { emailOutbox, jobRuns, notificationPreferences, notifications, submissions } from '../../schema/tables';
import { isoWeekLabel, PROGRESS_DIGEST_JOB } from '../../worker/lib/jobs/progress-digest';
import { runScheduledJobs } from '../../worker/lib/jobs/scheduled';
import { weekNumber, weekStart } from '../../worker/lib/progress/totals';
import { unsubscribeToken } from '../../worker/lib/progress/unsubscribe';
import { call, callers, seedExtraAdmins } from '../helpers/admins';
import { expectFieldError, postJson } from '../helpers/auth';
import { linearQuestions, QUIZ_IDS, seedQuizFixtures } from '../helpers/quiz-fixtures';
import { db, seedDemo } from '../helpers/seed';

const PAT = DEMO_USERS.parent;
const THEO = DEMO_USERS.tutor;
const HOUR = 60 * 60_000;
/** An hour into the week after this one: the digest then covers this week, in which Sam finishes his attempt. */
const nextWeek = weekStart(weekNumber(Date.now()) + 1).getTime() + HOUR;
const week = isoWeekLabel(weekStart(weekNumber(Date.now())));
const SUBJECT = 'Progress for the week of';

let as: Awaited<ReturnType<typeof callers>>;

const digestsTo = (email: string) =>
  db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.to, email), like(emailOutbox.subject, `${SUBJECT}%`)))
    .all();
const tokenIn = (text: string) => /unsubscribe\/progress\?token=([\w.-]+)/.exec(text)?.[1];
const preferencesOf = async (userId: string) =>
  (await db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, userId)).get())?.preferences;

beforeAll(async () => {
  await seedDemo();
  await seedExtraAdmins();
  const { open } = await seedQuizFixtures().then(() => linearQuestions());
  as = await callers();
  await call('POST', '/submissions/openEndedAnswer/add', as.student, {
    submissionId: QUIZ_IDS.samSubmission,
    questionId: open._id,
    answer: 'x = 4',
    answeredAt: Date.now(),
  });
  expect((await call('POST', '/submissions/finish', as.student, { submissionId: QUIZ_IDS.samSubmission })).status).toBe(200);
});

describe('the weekly progress digest', () => {
  it('mails Sam’s parent and tutor once for the week, however often the cron runs', async () => {
    await runScheduledJobs(env, nextWeek);
    await runScheduledJobs(env, nextWeek + 5 * 60_000);
    const [toPat, toTheo] = await Promise.all([digestsTo(PAT.email), digestsTo(THEO.email)]);
    expect(toPat).toHaveLength(1);
    expect(toTheo).toHaveLength(1);
    const mail = toPat[0]!;
    expect(mail.text).toContain(`Sam ${DEMO_USERS.student.lastname} finished 1 quiz on Linear equations`);
    expect(mail.text).toMatch(/scoring \d+% of the marks/);
    expect(mail.text).toContain('Next: ');
    expect(mail.text).toContain('/learning-portal/dashboard/progress');
    expect(tokenIn(mail.text)).toBeTruthy();
    expect(mail.html).toContain('Stop these e-mails');
    // Nobody else is told about Sam: not Maya, not the student himself.
    expect(await digestsTo(DEMO_USERS.student.email)).toHaveLength(0);
    expect(await digestsTo(DEMO_USERS.student2.email)).toHaveLength(0);
  });

  it('is kept once per person by the notice’s weekly key even when the run record is gone', async () => {
    await db.delete(jobRuns).where(and(eq(jobRuns.job, PROGRESS_DIGEST_JOB), eq(jobRuns.runKey, week)));
    await runScheduledJobs(env, nextWeek + 10 * 60_000);
    expect(await digestsTo(PAT.email)).toHaveLength(1);
    const notices = await db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, PAT._id), eq(notifications.dedupeKey, `progress-digest:${week}`)))
      .all();
    expect(notices).toHaveLength(1);
    expect(notices[0]!.kind).toBe('progress');
  });
});

describe('POST /progress/unsubscribe', () => {
  describe('happy', () => {
    it('turns progress e-mail off for the person the link names, without a sign-in, leaving the app’s notices on', async () => {
      const token = tokenIn((await digestsTo(PAT.email))[0]!.text)!;
      const res = await postJson('/progress/unsubscribe', { token });
      expect(res.status, await res.clone().text()).toBe(200);
      expect(await res.json()).toEqual({ message: PROGRESS_MESSAGES.unsubscribed });
      const preferences = await preferencesOf(PAT._id);
      expect(preferences?.progress).toEqual({ inApp: true, email: false, push: true });
      expect(preferences?.lessons.email).toBe(true);
      // Following the link again changes nothing and still says so.
      expect((await postJson('/progress/unsubscribe', { token })).status).toBe(200);
    });

    it('sends Pat no digest e-mail the next week, while Theo still gets his', async () => {
      // A second attempt of Sam's, finished in the week after: the next week's digest covers it.
      const later = await call('POST', '/submissions/createByQuizId', as.student, { quizId: QUIZ_IDS.published });
      const { _id } = await later.json<{ _id: string }>();
      expect((await call('POST', '/submissions/finish', as.student, { submissionId: _id })).status).toBe(200);
      await db
        .update(submissions)
        .set({ completedAt: new Date(nextWeek) })
        .where(eq(submissions._id, _id));
      await runScheduledJobs(env, nextWeek + 7 * 24 * HOUR);
      expect(await digestsTo(PAT.email)).toHaveLength(1);
      expect(await digestsTo(THEO.email)).toHaveLength(2);
    });
  });

  describe('errors', () => {
    it('names a missing token', async () => {
      await expectFieldError(await postJson('/progress/unsubscribe', {}), 'token');
    });
  });

  describe('permissions', () => {
    it('refuses a forged, altered or foreign link and changes nothing', async () => {
      const before = await preferencesOf(THEO._id);
      const real = tokenIn((await digestsTo(THEO.email))[0]!.text)!;
      const [head, body, signature] = real.split('.');
      const altered = `${head}.${body}.${signature!.slice(0, -2)}${signature!.endsWith('AA') ? 'BB' : 'AA'}`;
      const payload = { sub: THEO._id, tid: TENANT_IDS.studyhall, kind: 'progress-email-off' };
      const forged = await sign(payload, 'a-guessed-secret', 'HS256');
      // A token of the right key but another kind: an access token's key is not this one, and neither is its claim.
      const otherKind = await sign({ ...payload, kind: 'session' }, `${env.TOKEN_SECRET}:progress-unsubscribe`, 'HS256');
      const otherSite = await unsubscribeToken(env.TOKEN_SECRET, TENANT_IDS.brightpath, THEO._id);
      for (const token of [altered, forged, otherKind, otherSite, 'not-a-token']) {
        const res = await postJson('/progress/unsubscribe', { token });
        expect(res.status, token).toBe(403);
        expect((await res.json<{ message: string }>()).message).toBe(PROGRESS_MESSAGES.badLink);
      }
      expect(await preferencesOf(THEO._id)).toEqual(before);
    });
  });
});
