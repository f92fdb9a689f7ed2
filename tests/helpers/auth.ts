import { exports } from 'cloudflare:workers';
import { expect } from 'vitest';
import type { TokenResponse } from '../../schema/contracts/auth';
import { fieldLabel } from '../../schema/contracts/messages';
import { DEMO_PASSWORD } from '../../schema/seed';
import { seedDemo } from './seed';

/** Calls the Worker as a browser on `host` would; `path` is below /api. */
export function api(path: string, init: RequestInit = {}, host = 'localhost') {
  return exports.default.fetch(`http://${host}/api${path}`, init);
}

export function postJson(path: string, body: unknown, init: RequestInit = {}, host = 'localhost') {
  return api(path, { ...init, method: 'POST', headers: { 'content-type': 'application/json', ...init.headers }, body: JSON.stringify(body) }, host);
}

/** POST /api/oauth/token with the web client filled in unless a field overrides it. */
export function tokenRequest(fields: Record<string, string>, host = 'localhost') {
  return api('/oauth/token', { method: 'POST', body: new URLSearchParams({ client_id: 'studyhall-web', ...fields }) }, host);
}

export async function signInFull(email: string, host = 'localhost', password = DEMO_PASSWORD) {
  const res = await tokenRequest({ grant_type: 'password', username: `login:${email}`, password }, host);
  expect(res.status, `sign in as ${email} on ${host}`).toBe(200);
  return res.json<TokenResponse>();
}

/** Signs a demo user in through the real token endpoint and returns the access token. */
export async function signIn(email: string, host = 'localhost', password = DEMO_PASSWORD) {
  return (await signInFull(email, host, password)).access_token;
}

export const bearer = (token: string, extra: Record<string, string> = {}) => ({ authorization: `Bearer ${token}`, ...extra });

export interface ErrorJson {
  message: string;
  errors: { path: string; message: string }[];
}

/** Asserts a 400 whose errors name `path`. */
export async function expectFieldError(res: Response, path: string) {
  expect(res.status).toBe(400);
  const body = await res.json<ErrorJson>();
  expect(body.errors.map((e) => e.path)).toContain(path);
  expect(body.message).toContain(fieldLabel(path));
  return body;
}

/** A sign-up body for a new student, Nora, at an address nobody holds yet. */
export const signUpBody = (overrides: Record<string, unknown> = {}) => ({
  firstname: 'Nora',
  lastname: 'Newton',
  email: `nora.${crypto.randomUUID().slice(0, 8)}@example.com`,
  password: 'a-long-password',
  role: 'STUDENT',
  timezone: 'Europe/London',
  ...overrides,
});

/** The demo tenant, with the tokens of its admin and of Sam, the student. */
export async function seedAdminAndSam() {
  await seedDemo();
  return { admin: await signIn('admin@studyhall.test'), sam: await signIn('student@studyhall.test') };
}

/** A lesson recording's chunk as the room uploads it: a multipart form whose `chunk` file carries the recorder's type. */
export function chunkForm(bytes: Uint8Array, type: string) {
  const form = new FormData();
  form.set('chunk', new File([bytes], 'chunk', { type }));
  return form;
}
