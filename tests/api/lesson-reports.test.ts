import { eq, like } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { LessonReportList, LessonReportView } from '../../schema/contracts/lesson-reports';
import { emailOutbox, lessonReports, sections } from '../../schema/tables';
import { expectFieldError } from '../helpers/auth';
import { call, closedLesson, type LedgerCallers, MATHS, MAYA, PARTNER_HOST, SAM, seedLedgerWorld, T, THEO } from '../helpers/ledger';
import { db } from '../helpers/seed';

let as: LedgerCallers;
let lessonId: string;

const json = async <T>(res: Response, status = 200) => {
  const text = await res.text();
  expect(res.status, text).toBe(status);
  return JSON.parse(text) as T;
};
const reportsOf = (token: string) => call('GET', `/lesson-reports/${lessonId}`, token);
const save = (token: string, body: unknown) => call('PUT', `/lesson-reports/${lessonId}/${SAM}`, token, body);
const send = (token: string, body: unknown) => call('POST', `/lesson-reports/${lessonId}/${SAM}/send`, token, body);
const stored = () => db.select().from(lessonReports).where(eq(lessonReports.sectionId, lessonId)).all();

beforeAll(async () => {
  as = await seedLedgerWorld();
  const { section } = await closedLesson({ ago: 90, students: [SAM] });
  lessonId = section._id;
  // Homework set during the lesson goes into the report; homework from days before it (or the seed's) does not.
  await db.insert(sections).values([
    {
      tenantId: T,
      courseId: MATHS,
      sortingKey: 101,
      kind: 'HOMEWORK',
      title: 'Quadratics worksheet',
      createdBy: THEO,
      createdAt: new Date(section.start!.getTime() + 40 * 60_000),
    },
    {
      tenantId: T,
      courseId: MATHS,
      sortingKey: 102,
      kind: 'HOMEWORK',
      title: 'Old worksheet',
      createdBy: THEO,
      createdAt: new Date(Date.now() - 10 * 86_400_000),
    },
  ]);
}, 120_000);

describe('lesson reports', { timeout: 60_000 }, () => {
  it('gives the tutor a draft per student drawn from the rooms, written nowhere until saved', async () => {
    const [draft, ...others] = await json<LessonReportView[]>(await reportsOf(as.tutor));
    expect(others).toEqual([]);
    expect(draft).toMatchObject({
      _id: null,
      status: 'DRAFT',
      student: { _id: SAM, firstname: 'Sam' },
      tutor: { _id: THEO, firstname: 'Theo' },
      summary: '',
      covered: [],
      boardPages: 0,
      minutesInRoom: 61,
      lesson: { title: 'Ledger lesson', duration: 60 },
      sentAt: null,
    });
    expect(draft!.homework.map((h) => h.title)).toEqual(['Quadratics worksheet']);
    expect(await stored()).toEqual([]);
  });

  it('shows nothing of a report to the student, a stranger, another tenant or an admin without the flag before it is sent', async () => {
    for (const token of [as.student, as.maya, as.parent, as.tia]) expect((await reportsOf(token)).status).toBe(404);
    expect((await call('GET', `/lesson-reports/${lessonId}`, as.partner, undefined, PARTNER_HOST)).status).toBe(404);
    expect((await reportsOf(as.enterer)).status).toBe(404);
    expect((await reportsOf(as.admin)).status).toBe(200);
  });

  it('refuses a writer who is not the lesson’s tutor with 404 whatever the body, and bad input with a sentence naming the field', async () => {
    for (const token of [as.student, as.parent, as.tia, as.admin]) {
      expect((await save(token, { nonsense: true })).status).toBe(404);
      expect((await send(token, {})).status).toBe(404);
    }
    expect((await expectFieldError(await save(as.tutor, { summary: 'x'.repeat(5001), covered: [] }), 'summary')).message).toContain(
      'can be at most 5000 characters',
    );
    expect((await expectFieldError(await send(as.tutor, { summary: '  ', covered: [] }), 'summary')).message).toContain(
      'is needed before the report can be sent',
    );
    expect((await expectFieldError(await save(as.tutor, { summary: 'Fine', covered: [''] }), 'covered.0')).message).toContain('cannot be empty');
    expect(await stored()).toEqual([]);
  });

  it('saves the tutor’s draft, then sends it once: the student and the parent read it here and get it by mail', async () => {
    const draft = await json<LessonReportView & { message: string }>(
      await save(as.tutor, { summary: 'Sam factorised quadratics confidently.', covered: ['Factorising', 'Completing the square'] }),
    );
    expect(draft).toMatchObject({ message: 'Draft saved!', status: 'DRAFT', summary: 'Sam factorised quadratics confidently.' });
    expect(draft._id).toEqual(expect.any(String));
    expect((await reportsOf(as.student)).status).toBe(404);

    const sent = await json<LessonReportView & { message: string }>(
      await send(as.tutor, { summary: 'Sam factorised quadratics confidently.', covered: ['Factorising', 'Completing the square'] }),
    );
    expect(sent).toMatchObject({ message: 'Lesson report sent!', status: 'SENT', _id: draft._id });
    expect(sent.sentAt).toEqual(expect.any(String));

    const [read] = await json<LessonReportView[]>(await reportsOf(as.student));
    expect(read).toMatchObject({ status: 'SENT', summary: 'Sam factorised quadratics confidently.', covered: ['Factorising', 'Completing the square'] });
    const list = await json<LessonReportList>(await call('GET', '/lesson-reports', as.parent));
    expect(list.docs.map((d) => d.sectionId)).toContain(lessonId);
    expect((await json<LessonReportList>(await call('GET', '/lesson-reports', as.maya))).docs.map((d) => d.student._id)).not.toContain(SAM);
    expect((await call('GET', '/lesson-reports', as.tutor)).status).toBe(403);

    const mails = await db.select().from(emailOutbox).where(like(emailOutbox.subject, 'Lesson report:%')).all();
    expect(mails.map((m) => m.to).sort()).toEqual(['parent@studyhall.test', 'student@studyhall.test']);
    expect(mails[0]!.text).toContain('Sam factorised quadratics confidently.');
    expect(mails[0]!.text).toContain(`/learning-portal/portal/lesson-reports/${lessonId}`);
    expect(mails.some((m) => m.to.includes(MAYA))).toBe(false);
  });

  it('refuses to change a report once it was sent, and sending twice mails nobody twice', async () => {
    const again = await send(as.tutor, { summary: 'Changed', covered: [] });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ message: 'This report was already sent, so it can no longer be changed.' });
    expect((await stored())[0]!.summary).toBe('Sam factorised quadratics confidently.');
    expect(await db.select().from(emailOutbox).where(like(emailOutbox.subject, 'Lesson report:%')).all()).toHaveLength(2);
  });
});
