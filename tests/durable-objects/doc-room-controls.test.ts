import { and, eq } from 'drizzle-orm';
import * as encoding from 'lib0/encoding';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TUTOR_ONLY } from '../../durable-objects/lib/controls-apply';
import { BOARD_READ_ONLY, CONTROLS_ARE_THE_TUTORS, ELEMENT_LOCKED, PAGE_LOCKED } from '../../durable-objects/lib/controls-guard';
import {
  CONTROLS_MAP,
  type ControlNotice,
  type ControlRequest,
  DOC_MESSAGE_CONTROL,
  type LessonControls,
  readLessonControls,
} from '../../schema/contracts/lesson-controls';
import { courseStudents, lessonAttendance } from '../../schema/tables';
import { boardOf, type Client, eventually, type LessonFixture, lessonFixture, notesOf, type Person, type RoomClient, roomClients } from '../helpers/docs';
import { db, signedInUser } from '../helpers/realtime';

let lesson: LessonFixture;
let secondStudent: Person;

/** Stock clients that keep the control notices they hear. */
const clients = roomClients(DOC_MESSAGE_CONTROL, (text) => JSON.parse(text) as ControlNotice);
type ControlClient = RoomClient<ControlNotice>;

beforeAll(async () => {
  lesson = await lessonFixture();
  secondStudent = await signedInUser({ tenant: 'studyhall', role: 'STUDENT', firstname: 'Mia', lastname: 'Ode' });
  await db.insert(courseStudents).values({ tenantId: lesson.tenantId, courseId: lesson.course._id, userId: secondStudent.user._id, paymentType: 'ONETIME' });
});

afterEach(clients.closeAll);

/** A board of a new lesson in the fixture course, so each test starts with no controls. */
const freshBoard = async () => boardOf((await lesson.addSection())._id);

function sendControl(c: Client, request: ControlRequest | Record<string, unknown>) {
  const encoder = encoding.createEncoder();
  encoding.writeVarUint(encoder, DOC_MESSAGE_CONTROL);
  encoding.writeVarString(encoder, JSON.stringify(request));
  c.provider.ws!.send(encoding.toUint8Array(encoder));
}

const controlsOf = (c: Client): LessonControls => readLessonControls(c.doc.getMap(CONTROLS_MAP).toJSON());
const refusals = (c: ControlClient) => c.frames.flatMap((n) => (n.type === 'refused' ? [n.message] : []));
const page = (c: Client, id = 'p1') => c.doc.getArray<{ id: string; x: number }>(`page:${id}`);
const idsOn = (c: Client, id = 'p1') =>
  page(c, id)
    .toArray()
    .map((e) => `${e.id}@${e.x}`);

/** Moves an element as the board does: a delete and an insert of the moved copy at the same index. */
function move(c: Client, id: string, dx: number, pageId = 'p1') {
  const elements = page(c, pageId);
  c.doc.transact(() => {
    const index = elements.toArray().findIndex((e) => e.id === id);
    const element = elements.get(index);
    elements.delete(index, 1);
    elements.insert(index, [{ ...element, x: element.x + dx }]);
  });
}

/** Everything the three people see, once each has heard the last change. */
async function sameBoard(...all: Client[]) {
  await eventually(() => {
    for (const c of all) expect({ controls: controlsOf(c), p1: idsOn(c) }).toEqual({ controls: controlsOf(all[0]!), p1: idsOn(all[0]!) });
  });
}

describe('happy', () => {
  it("applies the tutor's control frames and every one reaches everyone", async () => {
    const name = await freshBoard();
    const tutor = await clients.join(lesson.tutor, name);
    const student = await clients.join(lesson.student, name);
    expect(tutor.frames.some((n) => n.type === 'clock' && Math.abs(n.now - Date.now()) < 60_000)).toBe(true);

    sendControl(tutor, { type: 'lead', on: true });
    sendControl(tutor, { type: 'lockPage', pageId: 'p2', locked: true });
    sendControl(tutor, { type: 'lockElements', ids: ['e1', 'e2'], locked: true });
    sendControl(tutor, { type: 'readOnly', on: true });
    sendControl(tutor, { type: 'gather', pageId: 'p2', view: { x: 10, y: 20, zoom: 2 } });
    const before = Date.now();
    sendControl(tutor, { type: 'timer', action: 'start' });
    await eventually(() => {
      const seen = controlsOf(student);
      expect(seen.lead).toEqual({ by: lesson.tutor.user._id, name: 'Tomas Ng' });
      expect(seen.lockedPages).toEqual(['p2']);
      expect(seen.lockedElements).toEqual(['e1', 'e2']);
      expect(seen.readOnly).toBe(true);
      expect(seen.gather).toMatchObject({ pageId: 'p2', view: { x: 10, y: 20, zoom: 2 }, by: lesson.tutor.user._id });
      expect(seen.timer.running).toBe(true);
    });
    expect(controlsOf(student).timer.startedAt).toBeGreaterThanOrEqual(before - 1000);

    sendControl(tutor, { type: 'timer', action: 'pause' });
    await eventually(() => expect(controlsOf(student).timer).toMatchObject({ running: false, startedAt: null }));
    sendControl(tutor, { type: 'lockElements', ids: ['e1'], locked: false });
    sendControl(tutor, { type: 'lead', on: false });
    await eventually(() => expect(controlsOf(student)).toMatchObject({ lead: null, lockedElements: ['e2'] }));
    await sameBoard(tutor, student);
    expect(refusals(tutor)).toEqual([]);

    // The controls are in the document: someone opening the board later has them.
    const late = await clients.join(lesson.editingAdmin, name);
    expect(controlsOf(late)).toEqual(controlsOf(student));
  });

  it("applies a student's raised hand, keeps the hands in the order the room got them, and counts each raise", async () => {
    const name = await freshBoard();
    const tutor = await clients.join(lesson.tutor, name);
    const sara = await clients.join(lesson.student, name);
    const mia = await clients.join(secondStudent, name);

    sendControl(mia, { type: 'hand', raised: true });
    await eventually(() => expect(controlsOf(tutor).hands.map((h) => h.name)).toEqual(['Mia Ode']));
    sendControl(sara, { type: 'hand', raised: true });
    // Raising again keeps the place in the queue.
    sendControl(mia, { type: 'hand', raised: true });
    await eventually(() => expect(controlsOf(tutor).hands.map((h) => h.name)).toEqual(['Mia Ode', 'Sara Lim']));
    const [first, second] = controlsOf(tutor).hands;
    expect(first!.at).toBeLessThanOrEqual(second!.at);

    // Lowering: a student their own; the tutor one of them, or all.
    sendControl(mia, { type: 'hand', raised: false });
    await eventually(() => expect(controlsOf(sara).hands.map((h) => h.userId)).toEqual([lesson.student.user._id]));
    sendControl(mia, { type: 'hand', raised: true });
    await eventually(() => expect(controlsOf(sara).hands.map((h) => h.name)).toEqual(['Sara Lim', 'Mia Ode']));
    sendControl(tutor, { type: 'lowerHands', userId: lesson.student.user._id });
    await eventually(() => expect(controlsOf(mia).hands.map((h) => h.name)).toEqual(['Mia Ode']));
    sendControl(tutor, { type: 'lowerHands' });
    await eventually(() => expect(controlsOf(mia).hands).toEqual([]));
    await sameBoard(tutor, sara, mia);

    const sectionId = name.split(':')[1]!;
    const counts = await db
      .select({ userId: lessonAttendance.userId, handsRaised: lessonAttendance.handsRaised })
      .from(lessonAttendance)
      .where(and(eq(lessonAttendance.tenantId, lesson.tenantId), eq(lessonAttendance.sectionId, sectionId)));
    const handsOf = (person: Person) => counts.find((row) => row.userId === person.user._id)?.handsRaised;
    expect({ mia: handsOf(secondStudent), sara: handsOf(lesson.student), tutor: handsOf(lesson.tutor) }).toEqual({ mia: 2, sara: 1, tutor: 0 });
  });

  it('lets the tutor change what is locked for students, and students change what is not', async () => {
    const name = await freshBoard();
    const tutor = await clients.join(lesson.tutor, name);
    const student = await clients.join(lesson.student, name);
    page(tutor).push([
      { id: 'e1', x: 0 },
      { id: 'e2', x: 0 },
    ]);
    sendControl(tutor, { type: 'lockElements', ids: ['e1'], locked: true });
    await eventually(() => expect(controlsOf(student).lockedElements).toEqual(['e1']));
    move(tutor, 'e1', 5);
    move(student, 'e2', 7);
    page(student, 'p2').push([{ id: 's1', x: 1 }]);
    await eventually(() => expect(idsOn(tutor)).toEqual(['e1@5', 'e2@7']));
    await eventually(() => expect(idsOn(tutor, 'p2')).toEqual(['s1@1']));
    await sameBoard(tutor, student);
    expect(refusals(student)).toEqual([]);
  });
});

describe('permissions', () => {
  it("refuses a student's control frames with a notice to them alone, and changes nothing", async () => {
    const name = await freshBoard();
    const tutor = await clients.join(lesson.tutor, name);
    const student = await clients.join(lesson.student, name);
    const requests: ControlRequest[] = [
      { type: 'lead', on: true },
      { type: 'lockPage', pageId: 'p1', locked: true },
      { type: 'lockElements', ids: ['e1'], locked: true },
      { type: 'readOnly', on: true },
      { type: 'timer', action: 'start' },
      { type: 'lowerHands' },
      { type: 'gather', pageId: 'p1', view: { x: 0, y: 0, zoom: 1 } },
    ];
    for (const request of requests) sendControl(student, request);
    await eventually(() => expect(refusals(student)).toEqual(requests.map(() => TUTOR_ONLY)));
    // The tutor's next control arrives after anything the student's frames could have changed.
    sendControl(tutor, { type: 'timer', action: 'reset' });
    await eventually(() => expect(tutor.doc.getMap(CONTROLS_MAP).has('timer')).toBe(true));
    expect(tutor.doc.getMap(CONTROLS_MAP).toJSON()).toEqual({ timer: { running: false, startedAt: null, elapsedMs: 0 } });
    expect(refusals(tutor)).toEqual([]);
  });

  it("undoes a student's own write to the controls, for everyone, and tells the student", async () => {
    const name = await freshBoard();
    const tutor = await clients.join(lesson.tutor, name);
    const student = await clients.join(lesson.student, name);
    sendControl(tutor, { type: 'lockPage', pageId: 'p2', locked: true });
    await eventually(() => expect(controlsOf(student).lockedPages).toEqual(['p2']));
    student.doc.transact(() => {
      student.doc.getMap(CONTROLS_MAP).set('lockedPages', []);
      student.doc.getMap(CONTROLS_MAP).set('readOnly', false);
    });
    await eventually(() => expect(refusals(student)).toEqual([CONTROLS_ARE_THE_TUTORS]));
    await eventually(() => expect(student.doc.getMap(CONTROLS_MAP).toJSON()).toEqual({ lockedPages: ['p2'] }));
    await sameBoard(tutor, student);
    expect(controlsOf(tutor).lockedPages).toEqual(['p2']);
  });

  it("undoes a student's move or erase of a locked element and any change on a locked page; later edits still land", async () => {
    const name = await freshBoard();
    const tutor = await clients.join(lesson.tutor, name);
    const student = await clients.join(lesson.student, name);
    page(tutor).push([
      { id: 'e1', x: 0 },
      { id: 'e2', x: 0 },
    ]);
    page(tutor, 'p2').push([{ id: 'q1', x: 0 }]);
    sendControl(tutor, { type: 'lockElements', ids: ['e1'], locked: true });
    sendControl(tutor, { type: 'lockPage', pageId: 'p2', locked: true });
    await eventually(() => expect(controlsOf(student)).toMatchObject({ lockedElements: ['e1'], lockedPages: ['p2'] }));
    await eventually(() => expect(idsOn(student, 'p2')).toEqual(['q1@0']));

    move(student, 'e1', 9);
    await eventually(() => expect(refusals(student)).toEqual([ELEMENT_LOCKED]));
    await eventually(() => expect(idsOn(student)).toEqual(['e1@0', 'e2@0']));
    page(student).delete(0, 1);
    await eventually(() => expect(refusals(student)).toHaveLength(2));
    page(student, 'p2').push([{ id: 's1', x: 1 }]);
    await eventually(() => expect(refusals(student)).toEqual([ELEMENT_LOCKED, ELEMENT_LOCKED, PAGE_LOCKED]));
    await eventually(() => expect(idsOn(student, 'p2')).toEqual(['q1@0']));
    await eventually(() => expect(idsOn(student)).toEqual(['e1@0', 'e2@0']));

    // The undone changes stay in the student's history, so their next edit builds on them and reaches everyone.
    move(student, 'e2', 3);
    await eventually(() => expect(idsOn(tutor)).toEqual(['e1@0', 'e2@3']));
    await sameBoard(tutor, student);
    expect(idsOn(tutor, 'p2')).toEqual(['q1@0']);
    expect(refusals(student)).toHaveLength(3);
  });

  it("takes back two students' refused updates in a row, each from its own socket, and keeps an allowed one sent between them", async () => {
    const name = await freshBoard();
    const tutor = await clients.join(lesson.tutor, name);
    const sara = await clients.join(lesson.student, name);
    const mia = await clients.join(secondStudent, name);
    page(tutor).push([{ id: 'e1', x: 0 }]);
    sendControl(tutor, { type: 'lockElements', ids: ['e1'], locked: true });
    sendControl(tutor, { type: 'lockPage', pageId: 'p2', locked: true });
    for (const student of [sara, mia])
      await eventually(() => expect({ controls: controlsOf(student), p1: idsOn(student) }).toMatchObject({ controls: { lockedPages: ['p2'] }, p1: ['e1@0'] }));
    await eventually(() => expect(controlsOf(mia).lockedElements).toEqual(['e1']));

    move(sara, 'e1', 9);
    page(mia, 'p3').push([{ id: 'm1', x: 1 }]);
    page(mia, 'p2').push([{ id: 'm2', x: 2 }]);
    await eventually(() => expect({ sara: refusals(sara), mia: refusals(mia) }).toEqual({ sara: [ELEMENT_LOCKED], mia: [PAGE_LOCKED] }));
    await eventually(() => expect({ p1: idsOn(tutor), p2: idsOn(tutor, 'p2'), p3: idsOn(tutor, 'p3') }).toEqual({ p1: ['e1@0'], p2: [], p3: ['m1@1'] }));

    page(sara, 'p4').push([{ id: 's1', x: 3 }]);
    await eventually(() => expect(idsOn(tutor, 'p4')).toEqual(['s1@3']));
    await sameBoard(tutor, sara, mia);
    expect([...refusals(sara), ...refusals(mia)]).toHaveLength(2);
  });

  it('undoes every board change of a student while the board is read-only, and none once it is not', async () => {
    const name = await freshBoard();
    const tutor = await clients.join(lesson.tutor, name);
    const student = await clients.join(lesson.student, name);
    sendControl(tutor, { type: 'readOnly', on: true });
    await eventually(() => expect(controlsOf(student).readOnly).toBe(true));
    page(student).push([{ id: 's1', x: 0 }]);
    student.doc.getArray('pageOrder').push(['p9']);
    await eventually(() => expect(refusals(student)).toEqual([BOARD_READ_ONLY, BOARD_READ_ONLY]));
    await eventually(() => expect({ p1: idsOn(student), order: student.doc.getArray('pageOrder').toArray() }).toEqual({ p1: [], order: [] }));

    sendControl(tutor, { type: 'readOnly', on: false });
    await eventually(() => expect(controlsOf(student).readOnly).toBe(false));
    page(student).push([{ id: 's2', x: 0 }]);
    await eventually(() => expect(idsOn(tutor)).toEqual(['s2@0']));
    expect(refusals(student)).toHaveLength(2);
  });
});

describe('errors', () => {
  it('refuses a control frame that does not parse, names the field, and keeps the socket open', async () => {
    const name = await freshBoard();
    const tutor = await clients.join(lesson.tutor, name);
    sendControl(tutor, { type: 'lockPage', pageId: 'no spaces allowed', locked: true });
    sendControl(tutor, { type: 'explode' });
    await eventually(() => expect(refusals(tutor)).toHaveLength(2));
    expect(refusals(tutor)[0]).toMatch(/pageId/);
    expect(refusals(tutor)[1]).toMatch(/type/);
    expect(tutor.doc.getMap(CONTROLS_MAP).size).toBe(0);
    sendControl(tutor, { type: 'lead', on: true });
    await eventually(() => expect(controlsOf(tutor).lead?.by).toBe(lesson.tutor.user._id));
    expect(tutor.closes).toEqual([]);
  });

  it("refuses control frames on a lesson's notes and from a seat that only watches", async () => {
    const notes = await clients.join(lesson.tutor, notesOf((await lesson.addSection())._id));
    sendControl(notes, { type: 'lead', on: true });
    await eventually(() => expect(refusals(notes)).toEqual(["Controls belong to a lesson's board."]));
    expect(notes.doc.share.has(CONTROLS_MAP)).toBe(false);

    const name = await freshBoard();
    const viewer = await clients.join(lesson.viewingAdmin, name);
    sendControl(viewer, { type: 'hand', raised: true });
    await eventually(() => expect(refusals(viewer)).toHaveLength(1));
    expect(viewer.doc.getMap(CONTROLS_MAP).size).toBe(0);
  });
});
