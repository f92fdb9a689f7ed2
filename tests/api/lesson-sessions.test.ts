import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BookmarkView, SessionView } from '../../schema/contracts/lesson-sessions';
import { bookmarks, lessonSessions } from '../../schema/tables';
import { api, bearer, postJson } from '../helpers/auth';
import { type LessonFixture, lessonFixture, type Person } from '../helpers/docs';
import { db } from '../helpers/realtime';

let lesson: LessonFixture;

beforeAll(async () => {
  lesson = await lessonFixture();
});

const as = (person: Person) => ({ headers: bearer(person.token) });
const saveSession = (person: Person, body: unknown, host = 'localhost') => postJson('/sessions', body, as(person), host);
const questions = [
  { text: 'Factorise x² − 9', pageNo: 3 },
  { text: 'Solve 2x + 3 = 11', pageNo: 1 },
  { text: 'Expand (x + 2)²', pageNo: 2 },
];
const bookmarkBody = (extra: Record<string, unknown> = {}) => ({ sectionId: lesson.section._id, pageNo: 2, pageId: 'p1', subject: 'Maths', ...extra });
const sessionCount = async () => (await db.select().from(lessonSessions).all()).length;
const bookmarkCount = async () => (await db.select().from(bookmarks).all()).length;

async function freshSession(person = lesson.tutor) {
  const section = await lesson.addSection();
  const res = await saveSession(person, { sectionId: section._id, questions, studentId: lesson.student.user._id });
  expect(res.status).toBe(201);
  return { section, session: await res.json<SessionView>() };
}

describe('happy', () => {
  it('keeps a lesson’s questions sorted by page and numbered in that order', async () => {
    const { session } = await freshSession();
    expect(session.questions.map((q) => [q.number, q.pageNo, q.text])).toEqual([
      [1, 1, 'Solve 2x + 3 = 11'],
      [2, 2, 'Expand (x + 2)²'],
      [3, 3, 'Factorise x² − 9'],
    ]);
    expect(session.isMeetingEnded).toBe(false);
    expect(session.student).toBe(lesson.student.user._id);

    const got = await api(`/sessions/${session._id}`, as(lesson.student));
    expect(await got.json<SessionView>()).toEqual(session);

    const list = await postJson('/sessions/list', { session: session._id, limit: 2, offset: 1 }, as(lesson.student));
    expect(await list.json()).toEqual({ docs: [session.questions[1], session.questions[2]], totalDocs: 3, limit: 2, offset: 1 });
  });

  it('replaces the questions when the tutor saves again', async () => {
    const { section, session } = await freshSession();
    const res = await saveSession(lesson.tutor, { sectionId: section._id, questions: [{ text: 'Only one', pageNo: 4 }] });
    expect(res.status).toBe(200);
    const body = await res.json<SessionView>();
    expect(body._id).toBe(session._id);
    expect(body.questions).toMatchObject([{ number: 1, pageNo: 4, text: 'Only one' }]);
  });

  it('bookmarks a page for the student and the tutor, and lists it for both', async () => {
    const section = await lesson.addSection();
    const res = await postJson('/bookmarks', bookmarkBody({ sectionId: section._id, subTopicName: 'Quadratics' }), as(lesson.student));
    expect(res.status).toBe(201);
    const saved = await res.json<BookmarkView & { isMeetingEnded: boolean }>();
    expect(saved).toMatchObject({
      studentId: lesson.student.user._id,
      tutorId: lesson.tutor.user._id,
      pageNo: 2,
      subject: 'Maths',
      subTopicName: 'Quadratics',
      isMeetingEnded: false,
    });
    for (const person of [lesson.student, lesson.tutor]) {
      const list = await api(`/bookmarks?subject=Maths&studentId=${lesson.student.user._id}`, as(person));
      const body = await list.json<{ docs: BookmarkView[]; totalDocs: number }>();
      expect(body.docs.map((b) => b._id)).toContain(saved._id);
    }
    // One lesson's bookmarks, as the room lists them and the replay makes chapters of them.
    await postJson('/bookmarks', bookmarkBody({ sectionId: lesson.section._id }), as(lesson.student));
    const ofLesson = await (await api(`/bookmarks?sectionId=${section._id}`, as(lesson.tutor))).json<{ docs: BookmarkView[] }>();
    expect(ofLesson.docs.map((b) => b._id)).toEqual([saved._id]);
  });

  it('answers isMeetingEnded on every bookmark once the tutor ends the lesson', async () => {
    const section = await lesson.addSection();
    const ended = await postJson(`/lesson-rooms/${section._id}/end`, {}, as(lesson.tutor));
    expect(ended.status).toBe(200);
    expect((await ended.json<SessionView>()).isMeetingEnded).toBe(true);
    const res = await postJson('/bookmarks', bookmarkBody({ sectionId: section._id }), as(lesson.student));
    expect((await res.json<{ isMeetingEnded: boolean }>()).isMeetingEnded).toBe(true);
  });
});

describe('errors', () => {
  it('names the field of a bad session or bookmark, and writes nothing', async () => {
    const before = [await sessionCount(), await bookmarkCount()];
    const bad = await saveSession(lesson.tutor, { sectionId: lesson.section._id, questions: [{ text: 'x', pageNo: 0 }] });
    expect(bad.status).toBe(400);
    expect((await bad.json<{ errors: { path: string }[] }>()).errors[0]!.path).toBe('questions.0.pageNo');
    const noSubject = await postJson('/bookmarks', bookmarkBody({ subject: '' }), as(lesson.student));
    expect(noSubject.status).toBe(400);
    expect((await noSubject.json<{ errors: { path: string }[] }>()).errors[0]!.path).toBe('subject');
    const otherStudent = await saveSession(lesson.tutor, { sectionId: lesson.section._id, questions: [], studentId: lesson.outsider.user._id });
    expect(otherStudent.status).toBe(400);
    expect([await sessionCount(), await bookmarkCount()]).toEqual(before);
  });

  it('answers 404 for a session that does not exist', async () => {
    expect((await api('/sessions/nope', as(lesson.student))).status).toBe(404);
    expect((await postJson('/sessions/list', { session: 'nope' }, as(lesson.student))).status).toBe(404);
  });
});

describe('permissions', () => {
  it('lets only the tutor set questions or end the lesson', async () => {
    const before = await sessionCount();
    for (const person of [lesson.student, lesson.viewingAdmin]) {
      expect((await saveSession(person, { sectionId: lesson.section._id, questions })).status).toBe(403);
      expect((await postJson(`/lesson-rooms/${lesson.section._id}/end`, {}, as(person))).status).toBe(403);
    }
    expect(await sessionCount()).toBe(before);
  });

  it('keeps sessions and bookmarks of a lesson from people outside it and from other tenants', async () => {
    const { section, session } = await freshSession();
    const before = [await sessionCount(), await bookmarkCount()];
    for (const person of [lesson.outsider, lesson.disabledTutor, lesson.plainAdmin]) {
      expect((await api(`/sessions/${session._id}`, as(person))).status).toBe(404);
      expect((await postJson('/sessions/list', { session: session._id }, as(person))).status).toBe(404);
      expect((await postJson('/bookmarks', bookmarkBody({ sectionId: section._id }), as(person))).status).toBe(404);
    }
    expect((await api(`/sessions/${session._id}`, as(lesson.partner), 'partner.localhost')).status).toBe(404);
    expect((await postJson('/bookmarks', bookmarkBody({ sectionId: section._id }), as(lesson.partner), 'partner.localhost')).status).toBe(404);
    expect((await api(`/sessions/${session._id}`)).status).toBe(401);
    expect((await postJson('/bookmarks', bookmarkBody())).status).toBe(401);
    expect([await sessionCount(), await bookmarkCount()]).toEqual(before);
  });

  it('lists only the bookmarks a person is the student or tutor of', async () => {
    await postJson('/bookmarks', bookmarkBody(), as(lesson.student));
    const outsider = await api('/bookmarks', as(lesson.outsider));
    expect((await outsider.json<{ totalDocs: number }>()).totalDocs).toBe(0);
    const asked = await api(`/bookmarks?studentId=${lesson.student.user._id}`, as(lesson.outsider));
    expect((await asked.json<{ totalDocs: number }>()).totalDocs).toBe(0);
    const partner = await api('/bookmarks', as(lesson.partner), 'partner.localhost');
    expect((await partner.json<{ totalDocs: number }>()).totalDocs).toBe(0);
    const mine = await db.select().from(bookmarks).where(eq(bookmarks.studentId, lesson.student.user._id)).all();
    const listed = await api('/bookmarks?limit=100', as(lesson.student));
    expect((await listed.json<{ totalDocs: number }>()).totalDocs).toBe(mine.length);
  });
});
