import { beforeAll, describe, expect, it } from 'vitest';
import { api, bearer, type ErrorJson, postJson, signIn, signUpBody } from '../helpers/auth';
import { seedDemo } from '../helpers/seed';

beforeAll(seedDemo);

const MB = 1024 * 1024;

/** A JSON body of about `bytes` bytes: a sign-up whose last name is long. */
const jsonOf = (bytes: number) => JSON.stringify(signUpBody({ lastname: 'x'.repeat(bytes) }));

/** The same body sent without a length, as a stream a client writes as it goes. */
function streamed(text: string) {
  const bytes = new TextEncoder().encode(text);
  return new ReadableStream<Uint8Array>({
    start(controller) {
      for (let at = 0; at < bytes.length; at += 64 * 1024) controller.enqueue(bytes.subarray(at, at + 64 * 1024));
      controller.close();
    },
  });
}

describe('errors', () => {
  it('refuses a 10 MB JSON body with 413 and a sentence, before anything reads it', async () => {
    const res = await postJson('/sign-up', JSON.parse(jsonOf(10 * MB)));
    expect(res.status).toBe(413);
    const body = await res.json<ErrorJson>();
    expect(body.message).toBe('What was sent is too large: it must be 1 MB or smaller.');
    expect(body.errors).toEqual([{ path: 'body', message: 'must be 1 MB or smaller' }]);
  });

  it('counts a body sent without a length as it arrives', async () => {
    const res = await api('/sign-up', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: streamed(jsonOf(2 * MB)),
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
  });

  it('caps a signed-in JSON route the same way', async () => {
    const token = await signIn('student@studyhall.test');
    const res = await api('/user', {
      method: 'PUT',
      headers: bearer(token, { 'content-type': 'application/json' }),
      body: JSON.stringify({ firstname: 'x'.repeat(2 * MB) }),
    });
    expect(res.status).toBe(413);
  });
});

describe('happy', () => {
  it('lets a JSON body under the cap through to the route, which judges it', async () => {
    const res = await postJson('/sign-up', JSON.parse(jsonOf(512 * 1024)));
    expect(res.status).toBe(400);
  });

  it('lets an upload route take more than the JSON cap: the route itself judges the file', async () => {
    const token = await signIn('tutor@studyhall.test');
    const form = new FormData();
    form.set('section', 'no-such-section');
    form.set('file', new File([new Uint8Array(3 * MB)], 'notes.pdf', { type: 'application/pdf' }));
    const res = await api('/resources-and-homeworks/upload', { method: 'POST', headers: bearer(token), body: form });
    expect(res.status).toBe(404);
  });
});
