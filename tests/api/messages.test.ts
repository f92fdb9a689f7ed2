import { beforeAll, describe, expect, it } from 'vitest';
import { type ErrorJson, signUpBody as person, postJson } from '../helpers/auth';
import { seedDemo } from '../helpers/seed';

beforeAll(seedDemo);

/** What zod says on its own, or a field key, must never be what a person reads. */
const SCHEMA_PHRASES = /expected|ISO|Too small|Too big|Invalid input|^[\w.]+: /;

describe('messages for people', () => {
  it.each([
    ['a missing e-mail address', '/sign-up', person({ email: undefined }), /^E-mail address /],
    ['a malformed e-mail address', '/sign-up', person({ email: 'nora' }), /^E-mail address /],
    ['a number where a name goes', '/sign-up', person({ firstname: 42 }), /^Firstname /],
    ['an unknown role', '/sign-up', person({ role: 'WIZARD' }), /^Role /],
    ['an empty body', '/sign-up', {}, /\.$/],
  ])('words %s as a sentence that names the field by its label', async (_, path, body, start) => {
    const res = await postJson(path, body);
    expect(res.status).toBe(400);
    const { message, errors } = await res.json<ErrorJson>();
    expect(message).toMatch(start);
    expect(message).not.toMatch(SCHEMA_PHRASES);
    expect(message).toMatch(/\.$/);
    for (const error of errors) expect(error.message).not.toMatch(SCHEMA_PHRASES);
  });

  it('says a body that is not JSON in words', async () => {
    const res = await postJson('/sign-up', '{not json');
    const { message } = await res.json<ErrorJson>();
    expect(res.status).toBe(400);
    expect(message).not.toMatch(SCHEMA_PHRASES);
  });
});
