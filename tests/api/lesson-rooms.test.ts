import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { decodeHistory, encodeHistory, historyKey } from '../../platform/realtime/doc-history';
import type { LessonRoomInfo } from '../../schema/contracts/lesson-room';
import { lessonDocName } from '../../schema/contracts/realtime';
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
      section: {
        _id: lesson.section._id,
        title: 'Lesson',
        kind: 'ZOOM',
        start: lesson.section.start!.toISOString(),
        duration: 60,
        joinUrl: 'https://zoom.us/j/123456789',
      },
      course: { _id: lesson.course._id, title: 'Algebra', subject: 'Maths' },
      canEdit: true,
      leads: false,
      session: null,
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

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82]);

function upload(person: Person | null, bytes: Uint8Array, sectionId = lesson.section._id, host = 'localhost') {
  const form = new FormData();
  form.set('file', new File([bytes], 'worksheet.png', { type: 'image/png' }));
  return api(`/lesson-rooms/${sectionId}/images`, { method: 'POST', body: form, headers: person ? bearer(person.token) : {} }, host);
}

const storedImages = async () => (await env.FILES.list({ prefix: `${lesson.tenantId}/lesson-images/` })).objects.length;

describe('board images', () => {
  describe('happy', () => {
    it("stores a member's image and serves it back to the lesson's people", async () => {
      const res = await upload(lesson.student, PNG);
      expect(res.status).toBe(201);
      const { imageId } = await res.json<{ imageId: string }>();
      expect(imageId).toMatch(/^[a-f0-9]{32}\.png$/);
      for (const person of [lesson.student, lesson.tutor, lesson.viewingAdmin]) {
        const got = await api(`/lesson-rooms/${lesson.section._id}/images/${imageId}`, { headers: bearer(person.token) });
        expect(got.status).toBe(200);
        expect(got.headers.get('content-type')).toBe('image/png');
        expect(new Uint8Array(await got.arrayBuffer())).toEqual(PNG);
      }
    });
  });

  describe('errors', () => {
    it('refuses a file that is not an image, naming the field, and stores nothing', async () => {
      const before = await storedImages();
      const res = await upload(lesson.tutor, new TextEncoder().encode('<svg onload=alert(1)>'));
      expect(res.status).toBe(400);
      expect((await res.json<{ errors: { path: string }[] }>()).errors[0]!.path).toBe('file');
      expect(await storedImages()).toBe(before);
    });

    it('refuses an image over 5 MB', async () => {
      const big = new Uint8Array(5 * 1024 * 1024 + 1);
      big.set(PNG);
      const res = await upload(lesson.tutor, big);
      expect(res.status).toBe(413);
    });

    it('answers 404 for an image that was never uploaded', async () => {
      const res = await api(`/lesson-rooms/${lesson.section._id}/images/${'a'.repeat(32)}.png`, { headers: bearer(lesson.student.token) });
      expect(res.status).toBe(404);
    });
  });

  describe('permissions', () => {
    it('lets only people who may write add images, and keeps everyone else out', async () => {
      const before = await storedImages();
      expect((await upload(null, PNG)).status).toBe(401);
      expect((await upload(lesson.viewingAdmin, PNG)).status).toBe(403);
      for (const person of [lesson.outsider, lesson.disabledTutor, lesson.plainAdmin]) expect((await upload(person, PNG)).status).toBe(404);
      expect((await upload(lesson.partner, PNG, lesson.section._id, 'partner.localhost')).status).toBe(404);
      expect(await storedImages()).toBe(before);
    });

    it("does not serve a lesson's image to people outside it", async () => {
      const { imageId } = await (await upload(lesson.tutor, PNG)).json<{ imageId: string }>();
      const path = `/lesson-rooms/${lesson.section._id}/images/${imageId}`;
      expect((await api(path)).status).toBe(401);
      expect((await api(path, { headers: bearer(lesson.outsider.token) })).status).toBe(404);
      expect((await api(path, { headers: bearer(lesson.partner.token) }, 'partner.localhost')).status).toBe(404);
    });
  });
});

describe('history', () => {
  const entry = (seq: number, text: string) => {
    const doc = new Y.Doc();
    doc.getText('t').insert(0, text);
    return { seq, at: 1_700_000_000_000 + seq, user: lesson.tutor.user._id, data: Y.encodeStateAsUpdate(doc) };
  };
  const history = (person: Person | null, part = 'board', sectionId = lesson.section._id, host = 'localhost') =>
    api(`/lesson-rooms/${sectionId}/history/${part}`, { headers: person ? bearer(person.token) : {} }, host);

  describe('happy', () => {
    it('joins the archived parts of a document into one log in order', async () => {
      const name = lessonDocName(lesson.section._id, 'board');
      await env.FILES.put(historyKey(lesson.tenantId, name, 3, 4), encodeHistory([entry(3, 'c'), entry(4, 'd')]));
      await env.FILES.put(historyKey(lesson.tenantId, name, 1, 2), encodeHistory([entry(1, 'a'), entry(2, 'b')]));
      const res = await history(lesson.student);
      expect(res.status).toBe(200);
      const entries = decodeHistory(new Uint8Array(await res.arrayBuffer()));
      expect(entries.map((e) => [e.seq, e.at])).toEqual([1, 2, 3, 4].map((seq) => [seq, 1_700_000_000_000 + seq]));
      const notes = decodeHistory(new Uint8Array(await (await history(lesson.student, 'notes')).arrayBuffer()));
      expect(notes).toEqual([]);
    });
    it('orders archives whose numbers overlap by time, and shows a row archived twice once', async () => {
      const section = await lesson.addSection();
      const name = lessonDocName(section._id, 'board');
      const at = (seq: number, minutes: number) => ({ ...entry(seq, `${minutes}`), at: 1_700_000_000_000 + minutes * 60_000 });
      await env.FILES.put(historyKey(lesson.tenantId, name, 1, 3), encodeHistory([at(1, 0), at(2, 1), at(3, 2)]));
      await env.FILES.put(historyKey(lesson.tenantId, name, 1, 2), encodeHistory([at(1, 60), at(2, 61)]));
      await env.FILES.put(historyKey(lesson.tenantId, name, 3, 4), encodeHistory([at(3, 2), at(4, 3)]));
      const res = await history(lesson.student, 'board', section._id);
      const entries = decodeHistory(new Uint8Array(await res.arrayBuffer()));
      expect(entries.map((e) => [e.seq, (e.at - 1_700_000_000_000) / 60_000])).toEqual([
        [1, 0],
        [2, 1],
        [3, 2],
        [4, 3],
        [1, 60],
        [2, 61],
      ]);
    });
  });

  describe('errors', () => {
    it('names the part when it is not board or notes', async () => {
      const res = await history(lesson.student, 'chat');
      expect(res.status).toBe(400);
      expect((await res.json<{ errors: { path: string }[] }>()).errors[0]!.path).toBe('part');
    });
  });

  describe('permissions', () => {
    it('keeps the history to the lesson’s members', async () => {
      expect((await history(null)).status).toBe(401);
      for (const person of [lesson.outsider, lesson.disabledTutor, lesson.plainAdmin]) expect((await history(person)).status).toBe(404);
      expect((await history(lesson.partner, 'board', lesson.section._id, 'partner.localhost')).status).toBe(404);
    });
  });
});
