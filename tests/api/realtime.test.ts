import { listDurableObjectIds } from 'cloudflare:test';
import { env, exports } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { waitingRoomName } from '../../schema/contracts/realtime';
import { signTicket, TICKET_TTL_SECONDS, verifyTicket } from '../../worker/lib/realtime/tickets';
import { requestTicket, signedInUser, ticketFor, uniqueWaitingId, upgrade } from '../helpers/realtime';
import { MINUTE, waitingLesson } from '../helpers/waiting-room';

let student: Awaited<ReturnType<typeof signedInUser>>;
let tutor: Awaited<ReturnType<typeof signedInUser>>;

beforeAll(async () => {
  student = await signedInUser({ tenant: 'studyhall', role: 'STUDENT', firstname: 'Sara', lastname: 'Lim' });
  tutor = await signedInUser({ tenant: 'studyhall', role: 'TUTOR', firstname: 'Tomas', lastname: 'Ng' });
});

const newLesson = async (opts: Partial<Parameters<typeof waitingLesson>[0]> = {}) =>
  (await waitingLesson({ tutors: [tutor], students: [student], ...opts })).waitingId;

/** True when the waiting room for this tenant and waiting id was never instantiated. */
async function roomNeverReached(tenantId: string, waitingId: string) {
  const id = env.WAITING_ROOM.idFromName(`${tenantId}:${waitingId}`);
  const ids = await listDurableObjectIds(env.WAITING_ROOM);
  return !ids.some((existing) => existing.equals(id));
}

async function expectRefused(res: Response, status = 401) {
  expect(res.status).toBe(status);
  expect(res.webSocket).toBeNull();
  const body = await res.json<{ message: string; errors: unknown[] }>();
  expect(body.message).toEqual(expect.any(String));
  expect(body.errors).toEqual([]);
}

describe('happy', () => {
  it('issues a 60 s ticket bound to the user, tenant, role, name and room', async () => {
    const waitingId = uniqueWaitingId();
    const res = await requestTicket(student.token, { room: waitingRoomName(waitingId) });
    expect(res.status).toBe(200);
    const body = await res.json<{ ticket: string }>();
    expect(Object.keys(body)).toEqual(['ticket']);
    const claims = await verifyTicket(env.TOKEN_SECRET, body.ticket);
    expect(claims).toMatchObject({
      sub: student.user._id,
      tid: student.tenant._id,
      role: 'STUDENT',
      name: 'Sara Lim',
      room: `waiting-room/${waitingId}`,
    });
    expect(claims!.exp - Math.floor(Date.now() / 1000)).toBeLessThanOrEqual(TICKET_TTL_SECONDS);
  });

  it('upgrades with a valid ticket and reaches the room', async () => {
    const waitingId = await newLesson();
    const res = await upgrade(waitingId, await ticketFor(student.token, waitingId));
    expect(res.status).toBe(101);
    expect(res.webSocket).not.toBeNull();
    res.webSocket!.accept();
    expect(await roomNeverReached(student.tenant._id, waitingId)).toBe(false);
    res.webSocket!.close(1000, 'done');
  });
});

describe('errors', () => {
  it('names the field for a bad room and issues nothing', async () => {
    for (const room of ['lobby/x', 'waiting-room/', 'waiting-room/a/b', 'waiting-room/bad id', 42]) {
      const res = await requestTicket(student.token, { room });
      expect(res.status).toBe(400);
      const body = await res.json<{ errors: { path: string }[] }>();
      expect(body.errors[0]?.path).toBe('room');
    }
  });

  it('answers 426 to a plain GET on a room', async () => {
    const waitingId = uniqueWaitingId();
    const ticket = await ticketFor(student.token, waitingId);
    const res = await exports.default.fetch(`http://localhost/api/rt/waiting-room/${waitingId}?ticket=${ticket}`);
    expect(res.status).toBe(426);
    expect(await roomNeverReached(student.tenant._id, waitingId)).toBe(true);
  });

  it('answers every socket route the same 426 before looking at the ticket', async () => {
    const paths = [
      '/rt/chat/course/c1',
      `/rt/chat/admin/${student.user._id}`,
      '/rt/inbox',
      '/rt/docs/lesson-s1-board',
      `/rt/waiting-room/${uniqueWaitingId()}`,
    ];
    for (const path of paths) {
      const res = await exports.default.fetch(`http://localhost/api${path}?ticket=not-a-ticket`);
      expect(res.status, path).toBe(426);
      expect(await res.json(), path).toEqual({ message: 'Expected a WebSocket upgrade', errors: [] });
    }
  });
});

describe('permissions', () => {
  it('refuses a ticket without sign-in', async () => {
    const res = await requestTicket('', { room: waitingRoomName(uniqueWaitingId()) });
    expect(res.status).toBe(401);
  });

  it('refuses a ticket to a guest', async () => {
    const guest = await signedInUser({ tenant: 'studyhall', role: 'GUEST', firstname: 'Guest' });
    const res = await requestTicket(guest.token, { room: waitingRoomName(uniqueWaitingId()) });
    expect(res.status).toBe(403);
  });

  it('refuses a guest before reading the body: a bad room is still 403, not 400', async () => {
    const guest = await signedInUser({ tenant: 'studyhall', role: 'GUEST', firstname: 'Guest' });
    expect((await requestTicket(guest.token, {})).status).toBe(403);
    expect((await requestTicket(guest.token, { room: 'not-a-room' })).status).toBe(403);
  });

  it('refuses an upgrade without a ticket', async () => {
    const waitingId = uniqueWaitingId();
    await expectRefused(await upgrade(waitingId, null));
    expect(await roomNeverReached(student.tenant._id, waitingId)).toBe(true);
  });

  it('refuses a forged or tampered ticket', async () => {
    const waitingId = uniqueWaitingId();
    const claims = { sub: student.user._id, tid: student.tenant._id, role: 'ADMIN', name: 'Mallory', room: waitingRoomName(waitingId) };
    await expectRefused(await upgrade(waitingId, await signTicket('not-the-secret', claims)));

    const [header, , signature] = (await ticketFor(student.token, waitingId)).split('.');
    const payload = btoa(JSON.stringify({ ...claims, aud: 'studyhall-rt', jti: 'x', exp: Math.floor(Date.now() / 1000) + 60 }))
      .replaceAll('=', '')
      .replaceAll('+', '-')
      .replaceAll('/', '_');
    await expectRefused(await upgrade(waitingId, `${header}.${payload}.${signature}`));
    expect(await roomNeverReached(student.tenant._id, waitingId)).toBe(true);
  });

  it('refuses an expired ticket', async () => {
    const waitingId = uniqueWaitingId();
    const claims = { sub: student.user._id, tid: student.tenant._id, role: 'STUDENT', name: 'Sara Lim', room: waitingRoomName(waitingId) };
    const expired = await signTicket(env.TOKEN_SECRET, claims, Date.now() - (TICKET_TTL_SECONDS + 1) * 1000);
    await expectRefused(await upgrade(waitingId, expired));
    expect(await roomNeverReached(student.tenant._id, waitingId)).toBe(true);
  });

  it('refuses a ticket for another room', async () => {
    const ticketRoom = uniqueWaitingId();
    const otherRoom = uniqueWaitingId();
    await expectRefused(await upgrade(otherRoom, await ticketFor(student.token, ticketRoom)));
    expect(await roomNeverReached(student.tenant._id, otherRoom)).toBe(true);
  });

  it("refuses a ticket on the other tenant's host", async () => {
    const partner = await signedInUser({ tenant: 'partner', role: 'STUDENT', firstname: 'Pia' });
    const waitingId = uniqueWaitingId();
    await expectRefused(await upgrade(waitingId, await ticketFor(student.token, waitingId), 'partner.localhost'));
    expect(await roomNeverReached(partner.tenant._id, waitingId)).toBe(true);
    expect(await roomNeverReached(student.tenant._id, waitingId)).toBe(true);
  });

  it('refuses an access token used as a ticket', async () => {
    const waitingId = uniqueWaitingId();
    await expectRefused(await upgrade(waitingId, student.token));
    expect(await roomNeverReached(student.tenant._id, waitingId)).toBe(true);
  });

  it('refuses a ticket used a second time', async () => {
    const waitingId = await newLesson();
    const ticket = await ticketFor(student.token, waitingId);
    const first = await upgrade(waitingId, ticket);
    expect(first.status).toBe(101);
    first.webSocket!.accept();
    await expectRefused(await upgrade(waitingId, ticket));
    first.webSocket!.close(1000, 'done');
  });
  it("refuses, before the room is reached, someone who is not one of the lesson's people", async () => {
    const outsider = await signedInUser({ tenant: 'studyhall', role: 'STUDENT', firstname: 'Otto' });
    const otherTutor = await signedInUser({ tenant: 'studyhall', role: 'TUTOR', firstname: 'Olga' });
    const waitingId = await newLesson();
    for (const person of [outsider, otherTutor]) {
      await expectRefused(await upgrade(waitingId, await ticketFor(person.token, waitingId)), 404);
    }
    expect(await roomNeverReached(student.tenant._id, waitingId)).toBe(true);
    const unknown = uniqueWaitingId();
    await expectRefused(await upgrade(unknown, await ticketFor(student.token, unknown)), 404);
    expect(await roomNeverReached(student.tenant._id, unknown)).toBe(true);
  });

  it("refuses the other tenant's user a lesson of this tenant, even on their own host", async () => {
    const partner = await signedInUser({ tenant: 'partner', role: 'STUDENT', firstname: 'Pia' });
    const waitingId = await newLesson();
    const res = await requestTicket(partner.token, { room: `waiting-room/${waitingId}` }, 'partner.localhost');
    const { ticket } = await res.json<{ ticket: string }>();
    await expectRefused(await upgrade(waitingId, ticket, 'partner.localhost'), 404);
    expect(await roomNeverReached(partner.tenant._id, waitingId)).toBe(true);
    expect(await roomNeverReached(student.tenant._id, waitingId)).toBe(true);
  });

  it('refuses a cancelled lesson and one whose room has closed', async () => {
    const cancelled = await newLesson({ status: 'CANCELLED' });
    await expectRefused(await upgrade(cancelled, await ticketFor(student.token, cancelled)), 409);
    expect(await roomNeverReached(student.tenant._id, cancelled)).toBe(true);
    const over = await newLesson({ start: new Date(Date.now() - 3 * 60 * MINUTE) });
    await expectRefused(await upgrade(over, await ticketFor(student.token, over)), 409);
  });
});
