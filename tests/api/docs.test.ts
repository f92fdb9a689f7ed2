import { exports } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { docRoomName, lessonDocName } from '../../schema/contracts/realtime';
import { courses, sections } from '../../schema/tables';
import { signTicket } from '../../worker/lib/realtime/tickets';
import { boardOf, docTicket, type LessonFixture, lessonFixture, notesOf, openDoc, type Person, roomNeverReached } from '../helpers/docs';
import { db, requestTicket, signedInUser } from '../helpers/realtime';

let lesson: LessonFixture;

beforeAll(async () => {
  lesson = await lessonFixture();
});

/** A document of a new lesson in the fixture course, so each test sees whether its own room was reached. */
const freshBoard = async () => boardOf((await lesson.addSection())._id);

async function expectRefused(res: Response, status: number) {
  expect(res.status).toBe(status);
  expect(res.webSocket).toBeNull();
  const body = await res.json<{ message: string; errors: unknown[] }>();
  expect(body.message).toEqual(expect.any(String));
  expect(body.errors).toEqual([]);
}

async function expectOpens(person: Person, name: string) {
  const res = await openDoc(name, await docTicket(person.token, name));
  expect(res.status).toBe(101);
  res.webSocket!.accept();
  res.webSocket!.close(1000, 'done');
}

describe('happy', () => {
  it('issues a ticket for a lesson board and notes', async () => {
    for (const name of [boardOf(lesson.section._id), notesOf(lesson.section._id)]) {
      const res = await requestTicket(lesson.student.token, { room: docRoomName(name) });
      expect(res.status).toBe(200);
      expect(Object.keys(await res.json<object>())).toEqual(['ticket']);
    }
  });

  it('opens the document for the enrolled student, an enabled tutor and admins who may view courses', async () => {
    const name = await freshBoard();
    for (const person of [lesson.student, lesson.tutor, lesson.editingAdmin, lesson.viewingAdmin]) await expectOpens(person, name);
    expect(await roomNeverReached(lesson.tenantId, name)).toBe(false);
  });
});

describe('errors', () => {
  it('names the field for a document name that is not a lesson board or notes, and issues nothing', async () => {
    const id = lesson.section._id;
    for (const room of [
      'doc/',
      'doc/lesson',
      `doc/lesson:${id}`,
      `doc/lesson:${id}:chat`,
      `doc/lesson:${id}:board:x`,
      'doc/lesson:bad id:board',
      `docs/lesson:${id}:board`,
    ]) {
      const res = await requestTicket(lesson.student.token, { room });
      expect(res.status).toBe(400);
      expect((await res.json<{ errors: { path: string }[] }>()).errors[0]?.path).toBe('room');
    }
  });

  it('answers 426 to a plain GET', async () => {
    const name = await freshBoard();
    const ticket = await docTicket(lesson.student.token, name);
    const res = await exports.default.fetch(`http://localhost/api/rt/docs/${name}?ticket=${ticket}`);
    expect(res.status).toBe(426);
    expect(await roomNeverReached(lesson.tenantId, name)).toBe(true);
  });

  it('answers 404 for a lesson that does not exist or was deleted', async () => {
    const missing = lessonDocName('nosuchsection', 'board');
    await expectRefused(await openDoc(missing, await docTicket(lesson.student.token, missing)), 404);
    expect(await roomNeverReached(lesson.tenantId, missing)).toBe(true);

    const section = await lesson.addSection();
    await db.update(sections).set({ deletedAt: new Date() }).where(eq(sections._id, section._id));
    const deleted = boardOf(section._id);
    await expectRefused(await openDoc(deleted, await docTicket(lesson.tutor.token, deleted)), 404);
    expect(await roomNeverReached(lesson.tenantId, deleted)).toBe(true);
  });
});

describe('permissions', () => {
  it('refuses an upgrade without a ticket, with a forged one or with an access token', async () => {
    const name = await freshBoard();
    await expectRefused(await openDoc(name, null), 401);
    const claims = { sub: lesson.student.user._id, tid: lesson.tenantId, role: 'ADMIN', name: 'Mallory', room: docRoomName(name) };
    await expectRefused(await openDoc(name, await signTicket('not-the-secret', claims)), 401);
    await expectRefused(await openDoc(name, lesson.student.token), 401);
    expect(await roomNeverReached(lesson.tenantId, name)).toBe(true);
  });

  it('refuses a ticket for another document or a waiting room', async () => {
    const name = await freshBoard();
    await expectRefused(await openDoc(name, await docTicket(lesson.student.token, notesOf(lesson.section._id))), 401);
    const waiting = await requestTicket(lesson.student.token, { room: 'waiting-room/w1' });
    await expectRefused(await openDoc(name, (await waiting.json<{ ticket: string }>()).ticket), 401);
    expect(await roomNeverReached(lesson.tenantId, name)).toBe(true);
  });

  it('refuses a ticket used a second time', async () => {
    const name = await freshBoard();
    const ticket = await docTicket(lesson.student.token, name);
    const first = await openDoc(name, ticket);
    expect(first.status).toBe(101);
    first.webSocket!.accept();
    await expectRefused(await openDoc(name, ticket), 401);
    first.webSocket!.close(1000, 'done');
  });

  it('answers 404 to people outside the lesson: not enrolled, a disabled tutor, an admin without course access', async () => {
    const name = await freshBoard();
    for (const person of [lesson.outsider, lesson.disabledTutor, lesson.plainAdmin]) {
      await expectRefused(await openDoc(name, await docTicket(person.token, name)), 404);
    }
    expect(await roomNeverReached(lesson.tenantId, name)).toBe(true);
  });

  it('gives a parent no seat, even when acting for the enrolled child', async () => {
    const name = await freshBoard();
    const res = await exports.default.fetch('http://localhost/api/rt/tickets', {
      method: 'POST',
      headers: { authorization: `Bearer ${lesson.parent.token}`, 'x-user-id': lesson.student.user._id, 'content-type': 'application/json' },
      body: JSON.stringify({ room: docRoomName(name) }),
    });
    expect(res.status).toBe(200);
    const { ticket } = await res.json<{ ticket: string }>();
    await expectRefused(await openDoc(name, ticket), 404);
    expect(await roomNeverReached(lesson.tenantId, name)).toBe(true);
  });

  it("refuses another tenant: a ticket on the other tenant's host, and the other tenant's people on their own host", async () => {
    const name = await freshBoard();
    await expectRefused(await openDoc(name, await docTicket(lesson.student.token, name), 'partner.localhost'), 401);
    await expectRefused(await openDoc(name, await docTicket(lesson.partner.token, name, 'partner.localhost'), 'partner.localhost'), 404);
    expect(await roomNeverReached(lesson.tenantId, name)).toBe(true);
    expect(await roomNeverReached(lesson.partner.tenant._id, name)).toBe(true);
  });

  it('refuses everyone once the course is deleted', async () => {
    const section = await lesson.addSection();
    const name = boardOf(section._id);
    await expectOpens(lesson.student, name);
    await db.update(courses).set({ deletedAt: new Date() }).where(eq(courses._id, lesson.course._id));
    try {
      await expectRefused(await openDoc(name, await docTicket(lesson.student.token, name)), 404);
    } finally {
      await db.update(courses).set({ deletedAt: null }).where(eq(courses._id, lesson.course._id));
    }
  });

  it('gives a guest no ticket', async () => {
    const guest = await signedInUser({ tenant: 'studyhall', role: 'GUEST', firstname: 'Guest' });
    const res = await requestTicket(guest.token, { room: docRoomName(boardOf(lesson.section._id)) });
    expect(res.status).toBe(403);
  });
});
