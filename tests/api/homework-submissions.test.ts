import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CourseHomework, HandIn, StudentHandInSummary } from '../../schema/contracts/homework';
import type { Section } from '../../schema/contracts/sections';
import { DEMO_USERS, TENANT_IDS } from '../../schema/seed';
import { homeworkSubmissions, notifications, topics } from '../../schema/tables';
import { type Callers, call } from '../helpers/admins';
import { api, bearer, expectFieldError } from '../helpers/auth';
import { eventually } from '../helpers/docs';
import { handInCall, MAGIC, otherParent, pdfFile, pngFile, textFile } from '../helpers/hand-ins';
import { COURSE_IDS, seedCoursesSignedIn } from '../helpers/section-fixtures';
import { db, PARTNER_HOST } from '../helpers/seed';

let as: Callers;
let maya: string;
let mayaParent: string;
const ids = COURSE_IDS;
const base = '/homework-submissions';
const SAM = DEMO_USERS.student._id;
const PAT = DEMO_USERS.parent._id;

const rows = () => db.select().from(homeworkSubmissions).orderBy(homeworkSubmissions._id).all();
const stored = async () => (await env.FILES.list({ prefix: `${TENANT_IDS.studyhall}/homework/` })).objects.map((o) => o.key).sort();
/** The hand-in table and the stored files, to show a refused call wrote nothing. */
const snapshot = async () => JSON.stringify([await rows(), await stored()]);
const asParentFor = (studentId: string) => ({ 'x-user-id': studentId });

async function homework(title: string, dueAt: string) {
  const res = await call('POST', '/resources-and-homeworks', as.tutor, { course: ids.sam, kind: 'HOMEWORK', title, dueAt });
  expect(res.status).toBe(201);
  return res.json<Section>();
}

async function handIn(section: string, files: File[] = [pdfFile()], text = 'See the attached sheet.') {
  const res = await handInCall('POST', base, as.student, { section, text }, files);
  expect(res.status, await res.clone().text()).toBe(201);
  return res.json<HandIn>();
}

const get = (path: string, token: string, headers: Record<string, string> = {}) => api(path, { headers: bearer(token, headers) });

beforeAll(async () => {
  ({ as, maya } = await seedCoursesSignedIn());
  mayaParent = await otherParent();
});

describe('happy', () => {
  let first: HandIn;

  it('Sam hands in a file and text; the file is stored under the tenant with the type its bytes prove', async () => {
    first = await handIn(ids.homework, [pdfFile('Mé answers (1).PDF'), textFile()]);
    expect(first).toMatchObject({ section: ids.homework, course: ids.sam, status: 'HANDED_IN', text: 'See the attached sheet.', late: false, mark: null });
    expect(first.student).toMatchObject({ _id: SAM, firstname: 'Sam' });
    expect(first.files.map((f) => f.contentType)).toEqual(['application/pdf', 'text/plain']);
    expect(first.files[0]!.name).toMatch(/^Me-answers-1-\d+\.pdf$/);
    expect(first.files[0]!.download).toBe(`/api${base}/${first._id}/files/${first.files[0]!._id}`);
    expect(await stored()).toHaveLength(2);
    expect((await stored())[0]).toMatch(new RegExp(`^${TENANT_IDS.studyhall}/homework/${ids.sam}/${ids.homework}/${SAM}/`));
  });

  it('serves the files to Sam, his parent, the tutor and the admin: images and PDFs inline, the rest as attachments, never sniffed', async () => {
    const [pdf, txt] = first.files;
    for (const [token, headers] of [
      [as.student, {}],
      [as.parent, {}],
      [as.parent, asParentFor(SAM)],
      [as.tutor, {}],
      [as.admin, {}],
    ] as const) {
      const res = await api(pdf!.download.replace(/^\/api/, ''), { headers: bearer(token, headers) });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/pdf');
      expect(res.headers.get('content-disposition')).toBe(`inline; filename="${pdf!.name}"`);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(new TextDecoder().decode(await res.arrayBuffer())).toBe(`${MAGIC.pdf}page one`);
    }
    const text = await api(txt!.download.replace(/^\/api/, ''), { headers: bearer(as.tutor) });
    expect(text.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(text.headers.get('content-disposition')).toMatch(/^attachment; /);
  });

  it('reads: one hand-in, a homework’s, a course’s, the course page’s homework, one student’s, per student', async () => {
    expect(await (await get(`${base}/${first._id}`, as.student)).json()).toMatchObject({ _id: first._id });
    const list = await (await get(`${base}?section=${ids.homework}`, as.tutor)).json<{ docs: HandIn[]; totalDocs: number }>();
    expect(list).toMatchObject({ totalDocs: 1, limit: 20, offset: 0 });
    expect((await (await get(`${base}?section=${ids.homework}&student=${SAM}`, as.student)).json<{ totalDocs: number }>()).totalDocs).toBe(1);
    expect((await (await get(`${base}/by-course?course=${ids.sam}`, as.parent)).json<{ totalDocs: number }>()).totalDocs).toBe(1);
    const page = await (await get(`${base}/course/${ids.sam}`, as.student)).json<CourseHomework>();
    expect(page).toMatchObject({ canHandIn: true, canMark: false });
    expect(page.homework.find((h) => h._id === ids.homework)?.handIns.map((h) => h._id)).toEqual([first._id]);
    const tutorPage = await (await get(`${base}/course/${ids.sam}`, as.tutor)).json<CourseHomework>();
    expect(tutorPage).toMatchObject({ canHandIn: false, canMark: true });
    const acting = await (await get(`${base}/course/${ids.sam}`, as.parent, asParentFor(SAM))).json<CourseHomework>();
    expect(acting).toMatchObject({ canHandIn: false, canMark: false });
    const own = await (await get(`${base}/course/${ids.sam}/student`, as.student)).json<HandIn[]>();
    expect(own.map((h) => h._id)).toEqual([first._id]);
    expect((await (await get(`${base}/course/${ids.sam}/student?student=${SAM}`, as.tutor)).json<HandIn[]>()).length).toBe(1);
    const summaries = await (await get(`${base}/course/${ids.sam}/students`, as.tutor)).json<StudentHandInSummary[]>();
    expect(summaries).toEqual([{ student: expect.objectContaining({ _id: SAM }), homework: 1, handedIn: 1, late: 0, marked: 0, averagePercent: null }]);
  });

  it('Sam replaces his hand-in until it is marked: kept files stay, dropped ones are removed from storage', async () => {
    const [pdf, txt] = first.files;
    const res = await handInCall('PUT', `${base}/${first._id}`, as.student, { text: 'Corrected working.', keep: [pdf!._id] }, [pngFile()]);
    expect(res.status, await res.clone().text()).toBe(200);
    const replaced = await res.json<HandIn & { message: string }>();
    expect(replaced.message).toBe('Hand-in updated!');
    expect(replaced.files.map((f) => f.contentType)).toEqual(['application/pdf', 'image/png']);
    expect(replaced.text).toBe('Corrected working.');
    expect((await stored()).some((key) => key.includes(txt!._id))).toBe(false);
    first = replaced;
  });

  it('the tutor marks it; Sam and his parent see the mark and feedback and are told once', async () => {
    const res = await call('PUT', `${base}/${first._id}/mark`, as.tutor, { mark: 8, outOf: 10, feedback: 'Good working; check question 4.' });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.json()).toMatchObject({
      status: 'MARKED',
      mark: 8,
      outOf: 10,
      feedback: 'Good working; check question 4.',
      markedBy: { firstname: 'Theo' },
    });
    for (const [token, headers] of [
      [as.student, {}],
      [as.parent, {}],
      [as.parent, asParentFor(SAM)],
    ] as const) {
      const page = await (await get(`${base}/course/${ids.sam}`, token, headers)).json<CourseHomework>();
      expect(page.homework.find((h) => h._id === ids.homework)?.handIns[0]).toMatchObject({ mark: 8, outOf: 10, feedback: 'Good working; check question 4.' });
    }
    const key = `homework-marked:${first._id}:8/10`;
    await eventually(async () => {
      for (const person of [SAM, PAT])
        expect(await db.select().from(notifications).where(eq(notifications.userId, person)).all()).toContainEqual(
          expect.objectContaining({ dedupeKey: key, kind: 'progress' }),
        );
    });
    const [patNotice] = (await db.select().from(notifications).where(eq(notifications.userId, PAT)).all()).filter((n) => n.dedupeKey === key);
    expect(patNotice!.body).toBe('Theo Tutor marked Sam’s hand-in for “Exercises”: 8 / 10 (80%). “Good working; check question 4.”');
    // The same mark again tells nobody twice.
    await call('PUT', `${base}/${first._id}/mark`, as.tutor, { mark: 8, outOf: 10, feedback: 'Good working.' });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await db.select().from(notifications).where(eq(notifications.userId, SAM)).all()).filter((n) => n.dedupeKey === key)).toHaveLength(1);
  });

  it('a marked hand-in can no longer be changed or withdrawn', async () => {
    const before = await snapshot();
    expect((await handInCall('PUT', `${base}/${first._id}`, as.student, { text: 'Late change' })).status).toBe(409);
    expect((await call('DELETE', `${base}/${first._id}`, as.student)).status).toBe(409);
    expect(await snapshot()).toBe(before);
  });

  it('takes a hand-in after the due date and shows it as late', async () => {
    const overdue = await homework('Overdue sheet', '2020-01-01T00:00:00Z');
    const late = await handIn(overdue._id, [], 'Sorry this is late.');
    expect(late).toMatchObject({ late: true, files: [] });
    const summaries = await (await get(`${base}/course/${ids.sam}/students`, as.tutor)).json<StudentHandInSummary[]>();
    expect(summaries[0]).toMatchObject({ homework: 2, handedIn: 2, late: 1, marked: 1, averagePercent: 80 });
  });

  it('Sam withdraws an unmarked hand-in and its files go with it', async () => {
    const sheet = await homework('Withdrawn sheet', '2031-01-01T00:00:00Z');
    const withdrawn = await handIn(sheet._id);
    const res = await call('DELETE', `${base}/${withdrawn._id}`, as.student);
    expect(await res.json()).toMatchObject({ _id: withdrawn._id, message: 'Hand-in withdrawn.' });
    expect((await stored()).some((key) => key.includes(withdrawn.files[0]!._id))).toBe(false);
    expect((await rows()).some((r) => r._id === withdrawn._id)).toBe(false);
  });

  it('admins with the flag list every hand-in by filter, mark and remove', async () => {
    const all = await (await call('GET', `/admin${base}?course=${ids.sam}&status=MARKED`, as.admin)).json<{ docs: HandIn[]; totalDocs: number }>();
    expect(all.totalDocs).toBe(1);
    expect((await (await call('GET', `/admin${base}/by-course?course=${ids.sam}`, as.admin)).json<{ totalDocs: number }>()).totalDocs).toBe(2);
    const sheet = await homework('Admin sheet', '2031-01-01T00:00:00Z');
    const mine = await handIn(sheet._id);
    expect(await (await call('PUT', `/admin${base}/${mine._id}/mark`, as.admin, { mark: 3, outOf: 4 })).json()).toMatchObject({ mark: 3, feedback: null });
    expect((await call('DELETE', `/admin${base}/${mine._id}`, as.admin)).status).toBe(200);
    expect((await stored()).some((key) => key.includes(mine.files[0]!._id))).toBe(false);
  });

  it('a topic’s hand-ins are the student’s in the courses of its subject', async () => {
    const topic = await db.select({ _id: topics._id }).from(topics).where(eq(topics.subjectId, 'subject_studyhall_cambridge_igcse_maths')).get();
    const mine = await (await get(`${base}/topic/${topic!._id}/student`, as.student)).json<HandIn[]>();
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((h) => h.student._id === SAM && h.course === ids.sam)).toBe(true);
    expect((await (await get(`${base}/topic/${topic!._id}/student?student=${SAM}`, as.tutor)).json<HandIn[]>()).length).toBe(mine.length);
    expect((await get(`${base}/topic/${topic!._id}/student?student=${SAM}`, maya)).status).toBe(404);
    expect((await get(`${base}/topic/no_such_topic/student`, as.student)).status).toBe(404);
  });
});

describe('errors', () => {
  it('refuses a wrong type, a renamed file, an empty or oversized file and too many files, in a sentence naming the field; nothing is written', async () => {
    const sheet = await homework('Checked sheet', '2031-01-01T00:00:00Z');
    const before = await snapshot();
    const send = (files: File[], text = '') => handInCall('POST', base, as.student, { section: sheet._id, text }, files);
    const wrong = await expectFieldError(await send([new File(['MZ'], 'game.exe')]), 'file');
    expect(wrong.message).toBe('File “game.exe” must be a PDF, PNG, JPEG, WebP, Word (.docx) or plain text (.txt) file.');
    const renamed = await expectFieldError(await send([new File([MAGIC.pdf], 'photo.png', { type: 'image/png' })]), 'file');
    expect(renamed.message).toContain('is not really a PNG file');
    await expectFieldError(await send([new File([new Uint8Array([0, 1, 2])], 'notes.txt')]), 'file');
    await expectFieldError(await send([new File([], 'empty.pdf')]), 'file');
    const big = await expectFieldError(await send([pdfFile(), new File([MAGIC.pdf, new Uint8Array(10 * 1024 * 1024)], 'big.pdf')]), 'file.1');
    expect(big.message).toContain('must be 10 MB or smaller');
    await expectFieldError(await send(Array.from({ length: 6 }, (_, i) => pdfFile(`p${i}.pdf`))), 'file');
    await expectFieldError(await send([]), 'file');
    await expectFieldError(await send([], 'x'.repeat(10_001)), 'text');
    await expectFieldError(await handInCall('POST', base, as.student, { text: 'no section' }), 'section');
    expect(await snapshot()).toBe(before);
  });

  it('refuses a second hand-in, one for cancelled homework (gone from the student’s course), and a bad mark', async () => {
    const sheet = await homework('Once only', '2031-01-01T00:00:00Z');
    const done = await handIn(sheet._id);
    expect((await handInCall('POST', base, as.student, { section: sheet._id, text: 'again' })).status).toBe(409);
    const cancelled = await homework('Cancelled sheet', '2031-01-01T00:00:00Z');
    await call('PUT', `/resources-and-homeworks/cancel/${cancelled._id}`, as.tutor, { reason: 'Not needed' });
    const before = await snapshot();
    expect((await handInCall('POST', base, as.student, { section: cancelled._id, text: 'x' })).status).toBe(404);
    await expectFieldError(await call('PUT', `${base}/${done._id}/mark`, as.tutor, { mark: 11, outOf: 10 }), 'mark');
    await expectFieldError(await call('PUT', `${base}/${done._id}/mark`, as.tutor, { mark: 1, outOf: 0 }), 'outOf');
    await expectFieldError(await call('PUT', `${base}/${done._id}/mark`, as.tutor, { mark: 1.5, outOf: 4 }), 'mark');
    await expectFieldError(await handInCall('PUT', `${base}/${done._id}`, as.student, { text: 'x', keep: ['not_a_file'] }), 'keep');
    await expectFieldError(await call('GET', base, as.student), 'section');
    expect(await snapshot()).toBe(before);
  });
});

describe('permissions', () => {
  let sams: HandIn;

  beforeAll(async () => {
    sams = await handIn((await homework('Private sheet', '2031-01-01T00:00:00Z'))._id);
  });

  it('another student, another family’s parent and an unflagged admin get 404 for Sam’s hand-ins and files', async () => {
    const before = await snapshot();
    const file = sams.files[0]!.download.replace(/^\/api/, '');
    for (const [token, headers] of [
      [maya, {}],
      [mayaParent, {}],
      [as.parent, asParentFor(DEMO_USERS.student2._id)],
      [as.enterer, {}],
    ] as const) {
      for (const path of [`${base}/${sams._id}`, file, `${base}/course/${ids.sam}`, `${base}/course/${ids.sam}/students`, `${base}?section=${sams.section}`]) {
        expect((await get(path, token, headers)).status, `${path}`).toBe(404);
      }
      expect((await handInCall('PUT', `${base}/${sams._id}`, token, { text: 'mine now' }, [], headers)).status).toBe(404);
      expect(
        (
          await api(`${base}/${sams._id}/mark`, {
            method: 'PUT',
            headers: bearer(token, { ...headers, 'content-type': 'application/json' }),
            body: '{"mark":1,"outOf":1}',
          })
        ).status,
      ).toBe(404);
      expect((await api(`${base}/${sams._id}`, { method: 'DELETE', headers: bearer(token, headers) })).status).toBe(404);
    }
    expect((await get(`${base}/course/${ids.sam}/student?student=${SAM}`, maya)).status).toBe(404);
    expect((await get(`${base}/course/${ids.maya}/student?student=${SAM}`, as.parent, asParentFor(DEMO_USERS.student2._id))).status).toBe(404);
    expect((await get(`${base}/${sams._id}`, as.partner, {})).status).toBe(401);
    expect((await api(`${base}/${sams._id}`, { headers: bearer(as.partner) }, PARTNER_HOST)).status).toBe(404);
    expect(await snapshot()).toBe(before);
  });

  it('only the student hands in: a tutor, an admin and a parent acting for Sam are refused; Sam cannot mark', async () => {
    const sheet = await homework('Who hands in', '2031-01-01T00:00:00Z');
    const before = await snapshot();
    for (const [token, headers] of [
      [as.tutor, {}],
      [as.admin, {}],
      [as.parent, asParentFor(SAM)],
    ] as const) {
      expect((await handInCall('POST', base, token, { section: sheet._id, text: 'x' }, [pdfFile()], headers)).status).toBe(403);
    }
    expect((await handInCall('PUT', `${base}/${sams._id}`, as.parent, { text: 'x' }, [], asParentFor(SAM))).status).toBe(404);
    expect((await call('PUT', `${base}/${sams._id}/mark`, as.student, { mark: 10, outOf: 10 })).status).toBe(403);
    expect((await handInCall('POST', base, maya, { section: sheet._id, text: 'x' })).status).toBe(404);
    expect(await snapshot()).toBe(before);
  });

  it('admin routes need the submissions flag', async () => {
    expect((await call('GET', `/admin${base}`, as.enterer)).status).toBe(403);
    expect((await call('PUT', `/admin${base}/${sams._id}/mark`, as.enterer, { mark: 1, outOf: 1 })).status).toBe(403);
    expect((await call('DELETE', `/admin${base}/${sams._id}`, as.tutor)).status).toBe(403);
  });
});
