import { beforeAll, describe, expect, it } from 'vitest';
import { expectFieldError, postJson } from '../helpers/auth';
import { PARTNER_HOST, seedDemo } from '../helpers/seed';

beforeAll(seedDemo);

const metaFor = async (path: unknown, host = 'localhost') => {
  const res = await postJson('/meta-tags/get', { path }, {}, host);
  expect(res.status).toBe(200);
  return res.json<{ title: string | null; description: string | null }>();
};

describe('happy', () => {
  it('answers the meta tags of the landing page, with or without a trailing slash or URL-encoding', async () => {
    const home = await metaFor('/learning-portal');
    expect(home.title).toContain('Studyhall');
    expect(home.description).toEqual(expect.any(String));
    expect(await metaFor('/learning-portal/')).toEqual(home);
    expect(await metaFor(encodeURIComponent('/learning-portal'))).toEqual(home);
    expect((await metaFor('/learning-portal/cambridge-igcse/maths')).title).toContain('Mathematics');
    expect((await metaFor('/learning-portal/login')).title).toContain('Sign in');
  });

  it('answers nulls for a page without tags', async () => {
    expect(await metaFor('/learning-portal/nowhere')).toEqual({ title: null, description: null });
    expect(await metaFor('/learning-portal/cambridge-igcse/astrology')).toEqual({ title: null, description: null });
    expect(await metaFor('/learning-portal/cambridge-igcse/maths/algebra/nowhere')).toEqual({ title: null, description: null });
  });

  it('describes content pages without their own tags from the content', async () => {
    expect(await metaFor('/learning-portal/cambridge-igcse/physics')).toEqual({
      title: 'Cambridge IGCSE Physics: topics and practice | Studyhall',
      description: expect.stringContaining('Cambridge IGCSE Physics'),
    });
    expect(await metaFor('/learning-portal/cambridge-igcse/maths/algebra/quadratic-equations')).toEqual({
      title: 'Quadratic equations | Cambridge IGCSE Mathematics | Studyhall',
      description: 'Solving by factorising and with the quadratic formula; the discriminant.',
    });
  });

  it('keeps meta tags per tenant', async () => {
    expect((await metaFor('/learning-portal', PARTNER_HOST)).title).toContain('BrightPath');
    expect((await metaFor('/learning-portal/cambridge-igcse', PARTNER_HOST)).title).toBe('Cambridge IGCSE | BrightPath Tutors');
    expect(await metaFor('/learning-portal/aqa-gcse', PARTNER_HOST)).toEqual({ title: null, description: null });
  });
});

describe('errors', () => {
  it('names path when it is missing or not a path', async () => {
    await expectFieldError(await postJson('/meta-tags/get', {}), 'path');
    await expectFieldError(await postJson('/meta-tags/get', { path: 'learning-portal' }), 'path');
    await expectFieldError(await postJson('/meta-tags/get', { path: 42 }), 'path');
  });
});
