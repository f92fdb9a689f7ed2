import { beforeAll, describe, expect, it } from 'vitest';
import type { AvConfig, SfuRequest } from '../../schema/contracts/av-signal';
import { avConfigFor, CLOUDFLARE_STUN } from '../../worker/lib/av/config';
import { callSfu, REALTIME_API } from '../../worker/lib/av/realtime-sfu';
import { sealMatches, sealSession } from '../../worker/lib/av/session-seal';
import { api, bearer } from '../helpers/auth';
import { type LessonFixture, lessonFixture, type Person } from '../helpers/docs';

let lesson: LessonFixture;

beforeAll(async () => {
  lesson = await lessonFixture();
});

const avOf = (person: Person, sectionId = lesson.section._id) => api(`/lesson-rooms/${sectionId}/av`, { headers: bearer(person.token) });
const sfu = (person: Person, body: unknown) =>
  api(`/lesson-rooms/${lesson.section._id}/av/sfu`, {
    method: 'POST',
    headers: bearer(person.token, { 'content-type': 'application/json' }),
    body: JSON.stringify(body),
  });

describe('configuration', () => {
  it('gives members the mesh with no ICE servers when none are configured: host candidates only', async () => {
    for (const person of [lesson.student, lesson.tutor, lesson.viewingAdmin]) {
      const res = await avOf(person);
      expect(res.status).toBe(200);
      expect(await res.json<AvConfig>()).toEqual({ mode: 'mesh', iceServers: [] });
    }
  });

  it('answers 404 to people outside the lesson, as the room does', async () => {
    for (const person of [lesson.outsider, lesson.disabledTutor, lesson.plainAdmin]) expect((await avOf(person)).status).toBe(404);
  });

  it('reads STUN and TURN from AV_ICE_SERVERS, and turns to the SFU when a Realtime app is configured', () => {
    const turn = { urls: ['turn:turn.example.com:3478'], username: 'u', credential: 'p' };
    expect(avConfigFor({ AV_ICE_SERVERS: JSON.stringify([{ urls: 'stun:stun.example.com' }, turn]) })).toEqual({
      mode: 'mesh',
      iceServers: [{ urls: 'stun:stun.example.com' }, turn],
    });
    expect(avConfigFor({ AV_ICE_SERVERS: 'not json' })).toEqual({ mode: 'mesh', iceServers: [] });
    expect(avConfigFor({ REALTIME_APP_ID: 'app', REALTIME_APP_TOKEN: 'secret' })).toEqual({ mode: 'sfu', iceServers: [{ urls: CLOUDFLARE_STUN }] });
  });
});

describe('the SFU', () => {
  it('is not offered when no Realtime app is configured', async () => {
    const res = await sfu(lesson.student, { op: 'newSession' });
    expect(res.status).toBe(404);
  });

  it('calls Cloudflare Realtime as its API documents, with the app token, and passes the answer on', async () => {
    const calls: { url: string; method: string; auth: string | null; body: unknown }[] = [];
    const answers: unknown[] = [
      { sessionId: 'sess1' },
      { sessionDescription: { type: 'answer', sdp: 'v=0 answer' }, tracks: [{ mid: '0', trackName: 'cam' }] },
      {
        requiresImmediateRenegotiation: true,
        sessionDescription: { type: 'offer', sdp: 'v=0 offer' },
        tracks: [{ mid: '2', trackName: 'cam', sessionId: 'other' }],
      },
      {},
    ];
    const fakeFetch = (async (url: string, init: RequestInit) => {
      calls.push({
        url,
        method: init.method!,
        auth: new Headers(init.headers).get('authorization'),
        body: init.body ? JSON.parse(String(init.body)) : undefined,
      });
      return Response.json(answers[calls.length - 1], { status: calls.length === 1 ? 201 : 200 });
    }) as typeof fetch;
    const app = { appId: 'app1', token: 'secret' };
    const seal = 'a'.repeat(64);
    const requests: SfuRequest[] = [
      { op: 'newSession' },
      { op: 'publish', sessionId: 'sess1', seal, offer: { type: 'offer', sdp: 'v=0 local' }, tracks: [{ mid: '0', trackName: 'cam' }] },
      { op: 'pull', sessionId: 'sess1', seal, remote: { sessionId: 'other', tracks: [{ kind: 'camera', trackName: 'cam' }] } },
      { op: 'renegotiate', sessionId: 'sess1', seal, answer: { type: 'answer', sdp: 'v=0 mine' } },
    ];
    const results = [];
    for (const request of requests) results.push(await callSfu(app, request, fakeFetch));
    expect(calls).toEqual([
      { url: `${REALTIME_API}/apps/app1/sessions/new`, method: 'POST', auth: 'Bearer secret', body: undefined },
      {
        url: `${REALTIME_API}/apps/app1/sessions/sess1/tracks/new`,
        method: 'POST',
        auth: 'Bearer secret',
        body: { sessionDescription: { type: 'offer', sdp: 'v=0 local' }, tracks: [{ location: 'local', mid: '0', trackName: 'cam' }] },
      },
      {
        url: `${REALTIME_API}/apps/app1/sessions/sess1/tracks/new`,
        method: 'POST',
        auth: 'Bearer secret',
        body: { tracks: [{ location: 'remote', sessionId: 'other', trackName: 'cam' }] },
      },
      {
        url: `${REALTIME_API}/apps/app1/sessions/sess1/renegotiate`,
        method: 'PUT',
        auth: 'Bearer secret',
        body: { sessionDescription: { type: 'answer', sdp: 'v=0 mine' } },
      },
    ]);
    expect(results[0]).toMatchObject({ sessionId: 'sess1' });
    expect(results[2]).toMatchObject({ requiresImmediateRenegotiation: true, sessionDescription: { type: 'offer', sdp: 'v=0 offer' } });
  });

  it('seals each session to the member and lesson it was made for', async () => {
    const scope = { tenantId: 't1', sectionId: 's1', userId: 'u1' };
    const seal = await sealSession('secret', scope, 'session1');
    expect(seal).toMatch(/^[a-f0-9]{64}$/);
    expect(await sealMatches('secret', scope, 'session1', seal)).toBe(true);
    expect(await sealMatches('secret', { ...scope, userId: 'u2' }, 'session1', seal)).toBe(false);
    expect(await sealMatches('secret', { ...scope, sectionId: 's2' }, 'session1', seal)).toBe(false);
    expect(await sealMatches('secret', scope, 'session2', seal)).toBe(false);
    expect(await sealMatches('other secret', scope, 'session1', seal)).toBe(false);
  });

  it('turns a refusal or an outage into a 502 in words', async () => {
    const refusing = (async () => Response.json({ errorCode: 'session_error', errorDescription: 'nope' })) as unknown as typeof fetch;
    await expect(callSfu({ appId: 'a', token: 't' }, { op: 'newSession' }, refusing)).rejects.toMatchObject({
      status: 502,
      message: 'The video service refused the connection. Try again in a moment.',
    });
    const down = (async () => {
      throw new TypeError('network');
    }) as unknown as typeof fetch;
    await expect(callSfu({ appId: 'a', token: 't' }, { op: 'newSession' }, down)).rejects.toMatchObject({ status: 502 });
  });
});
