import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { LessonRoomInfo } from '../../schema/contracts/lesson-room';
import { sections } from '../../schema/tables';
import { api, bearer } from '../helpers/auth';
import { type LessonFixture, lessonFixture, type Person } from '../helpers/docs';
import { db } from '../helpers/realtime';

let lesson: LessonFixture;

beforeAll(async () => {
  lesson = await lessonFixture();
  await db.update(sections).set({ joinUrl: 'https://zoom.us/j/123456789' }).where(eq(sections._id, lesson.section._id));
});

const roomInfo = (person: Person | null, sectionId = lesson.section._id, host = 'localhost', extra: Record<string, string> = {}) =>
  api(`/lesson-rooms/${sectionId}`, { headers: person ? bearer(person.token, extra) : extra }, host);

describe('happy', () => {
  it('gives a student the lesson, its course, the join link and a seat at the board', async () => {
    const res = await roomInfo(lesson.student);
    expect(res.status).toBe(200);
    const body = await res.json<LessonRoomInfo>();
    expect(body).toEqual({
      section: { _id: lesson.section._id, title: 'Lesson', kind: 'ZOOM', start: lesson.section.start!.toISOString(), duration: 60, joinUrl: 'https://zoom.us/j/123456789' },
      course: { _id: lesson.course._id, title: 'Algebra', subject: 'Maths' },
      canEdit: true,
      leads: false,
    });
  });

  it('lets the course tutor and an editing admin lead, and a viewing admin watch', async () => {
    for (const [person, canEdit, leads] of [
      [lesson.tutor, true, true],
      [lesson.editingAdmin, true, true],
      [lesson.viewingAdmin, false, false],
    ] as const) {
      const body = await (await roomInfo(person)).json<LessonRoomInfo>();
      expect({ canEdit: body.canEdit, leads: body.leads }).toEqual({ canEdit, leads });
    }
  });
});

describe('errors', () => {
  it('answers 404 for a lesson that does not exist or was deleted', async () => {
    expect((await roomInfo(lesson.student, 'no-such-lesson')).status).toBe(404);
    const gone = await lesson.addSection();
    await db.update(sections).set({ deletedAt: new Date() }).where(eq(sections._id, gone._id));
    expect((await roomInfo(lesson.student, gone._id)).status).toBe(404);
  });

  it('answers 400 naming the id when it is too long', async () => {
    const res = await roomInfo(lesson.student, 'x'.repeat(65));
    expect(res.status).toBe(400);
    expect((await res.json<{ errors: { path: string }[] }>()).errors[0]!.path).toBe('sectionId');
  });
});

describe('permissions', () => {
  it('refuses the signed-out with 401', async () => {
    expect((await roomInfo(null)).status).toBe(401);
  });

  it('gives people outside the lesson the same 404 as a missing lesson', async () => {
    for (const person of [lesson.outsider, lesson.disabledTutor, lesson.plainAdmin]) {
      const res = await roomInfo(person);
      expect(res.status).toBe(404);
      expect((await res.json<{ message: string }>()).message).toBe('Lesson not found');
    }
  });

  it('keeps another tenant out, even on its own host', async () => {
    expect((await roomInfo(lesson.partner)).status).toBe(401);
    expect((await roomInfo(lesson.partner, lesson.section._id, 'partner.localhost')).status).toBe(404);
  });

  it('gives a parent acting for the child no seat, as the document rooms do', async () => {
    expect((await roomInfo(lesson.parent, lesson.section._id, 'localhost', { 'x-user-id': lesson.student.user._id })).status).toBe(404);
  });
});
