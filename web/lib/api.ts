import { endSession, isRetired } from './session-events';
import { storedActingUserId, storedToken } from './session-storage';

/**
 * A failed API answer. The message stays the serialized answer, `{"status":…, "data":…}`, which the toast rules of
 * spec 1, section 8 read (./errors.ts); code that branches on the outcome reads `status` and `data` instead.
 */
export class ApiFailure extends Error {
  constructor(
    readonly status: number,
    readonly data: unknown,
  ) {
    super(JSON.stringify({ status, data }));
    this.name = 'ApiFailure';
  }
}

/** A request that never got an answer: the device is offline or the server could not be reached. */
export class Unreachable extends Error {
  constructor() {
    super(
      typeof navigator !== 'undefined' && !navigator.onLine
        ? "You're offline. This needs the internet: try again when you're back online."
        : 'The server could not be reached. Check your connection and try again.',
    );
    this.name = 'Unreachable';
  }
}

type QueryValue = string | number | boolean | null | undefined;

export interface ApiOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  /** Optional parameters are added only when present (spec 1, section 5). */
  query?: Record<string, QueryValue>;
  json?: unknown;
  form?: URLSearchParams;
  signal?: AbortSignal;
  /** The token endpoint answers 401 for a wrong password; that must not end the current session. */
  keepSessionOn401?: boolean;
}

function buildUrl(path: string, query: ApiOptions['query']) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return `/api${path}${search ? `?${search}` : ''}`;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * Calls the API with the bearer token and the `x-user-id` header and answers the response itself, its body unread,
 * for a caller that reads it as a stream (a CSV download). A failure rejects as api() does.
 */
export async function apiResponse(path: string, options: ApiOptions = {}): Promise<Response> {
  const headers = new Headers({ accept: 'application/json' });
  const token = storedToken();
  const actingUserId = storedActingUserId();
  if (token) headers.set('authorization', `Bearer ${token}`);
  if (actingUserId) headers.set('x-user-id', actingUserId);

  let body: BodyInit | undefined;
  if (options.form) {
    headers.set('content-type', 'application/x-www-form-urlencoded');
    body = options.form.toString();
  } else if (options.json !== undefined) {
    headers.set('content-type', 'application/json');
    body = JSON.stringify(options.json);
  }

  const response = await fetch(buildUrl(path, options.query), {
    method: options.method ?? (body === undefined ? 'GET' : 'POST'),
    headers,
    body,
    signal: options.signal,
  }).catch((error: unknown) => {
    // An abort is the caller's own doing and stays one; anything else is a failure to reach the server.
    throw options.signal?.aborted ? error : new Unreachable();
  });
  if (!response.ok) {
    const data = await readBody(response);
    // A 401 for a token that has been, or is being, replaced (returning from acting as a user, a fresh sign-in)
    // speaks of a session that is already over, not of the current one.
    if (response.status === 401 && !options.keepSessionOn401 && storedToken() === token && !isRetired(token)) endSession();
    throw new ApiFailure(response.status, data);
  }
  return response;
}

/**
 * Calls the API with the bearer token and the `x-user-id` header. A failure rejects with an ApiFailure: its status
 * and body as fields, and as its message the serialized server response that the toast rules in ./errors.ts read.
 */
export async function api<T>(path: string, options: ApiOptions = {}): Promise<T> {
  return (await readBody(await apiResponse(path, options))) as T;
}
