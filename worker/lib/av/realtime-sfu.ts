import { HTTPException } from 'hono/http-exception';
import type { SfuAnswer, SfuRequest } from '../../../schema/contracts/av-signal';

export const REALTIME_API = 'https://rtc.live.cloudflare.com/v1';

export interface SfuApp {
  appId: string;
  token: string;
}

/** The HTTP call behind each operation, as Cloudflare Realtime's Connection API documents it. */
function callFor(app: SfuApp, request: SfuRequest): { method: 'POST' | 'PUT'; path: string; body?: unknown } {
  const session = (id: string) => `/apps/${encodeURIComponent(app.appId)}/sessions/${encodeURIComponent(id)}`;
  switch (request.op) {
    case 'newSession':
      return { method: 'POST', path: `/apps/${encodeURIComponent(app.appId)}/sessions/new` };
    case 'publish':
      return {
        method: 'POST',
        path: `${session(request.sessionId)}/tracks/new`,
        body: { sessionDescription: request.offer, tracks: request.tracks.map((t) => ({ location: 'local', mid: t.mid, trackName: t.trackName })) },
      };
    case 'pull':
      return {
        method: 'POST',
        path: `${session(request.sessionId)}/tracks/new`,
        body: { tracks: request.remote.tracks.map((t) => ({ location: 'remote', sessionId: request.remote.sessionId, trackName: t.trackName })) },
      };
    case 'renegotiate':
      return { method: 'PUT', path: `${session(request.sessionId)}/renegotiate`, body: { sessionDescription: request.answer } };
  }
}

/**
 * Makes one SFU call for a member's browser: the app token stays in the Worker. Cloudflare's answer is passed on
 * in the fields the browser uses; a refusal or an outage is a 502 in words.
 */
export async function callSfu(app: SfuApp, request: SfuRequest, fetchImpl: typeof fetch = fetch): Promise<SfuAnswer> {
  const { method, path, body } = callFor(app, request);
  let res: Response;
  try {
    res = await fetchImpl(`${REALTIME_API}${path}`, {
      method,
      headers: { authorization: `Bearer ${app.token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new HTTPException(502, { message: 'The video service could not be reached. Try again in a moment.' });
  }
  const answer = (await res.json().catch(() => null)) as (SfuAnswer & { errorCode?: string; errorDescription?: string }) | null;
  if (!res.ok || !answer || answer.errorCode) {
    console.error('realtime sfu refused', request.op, res.status, answer?.errorCode, answer?.errorDescription);
    throw new HTTPException(502, { message: 'The video service refused the connection. Try again in a moment.' });
  }
  return {
    sessionId: answer.sessionId,
    sessionDescription: answer.sessionDescription,
    requiresImmediateRenegotiation: answer.requiresImmediateRenegotiation,
    tracks: answer.tracks?.map((t) => ({ mid: t.mid, trackName: t.trackName, sessionId: t.sessionId })),
  };
}
