import { exports } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { inlineScriptHashes } from '../../worker/security-headers';
import { api, bearer, signIn } from '../helpers/auth';
import { seedDemo } from '../helpers/seed';

beforeAll(seedDemo);

const fromWorker = (path: string, init?: RequestInit, origin = 'http://localhost') => exports.default.fetch(`${origin}${path}`, init);

function expectCommonHeaders(res: Response) {
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  expect(res.headers.get('referrer-policy')).toBe('same-origin');
  expect(res.headers.get('permissions-policy')).toContain('camera=(self)');
  expect(res.headers.get('permissions-policy')).toContain('microphone=(self)');
  expect(res.headers.get('permissions-policy')).toContain('display-capture=(self)');
  const policy = res.headers.get('content-security-policy') ?? '';
  expect(policy).toMatch(/default-src '(self|none)'/);
  expect(policy).toContain("frame-ancestors 'none'");
  expect(policy).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  expect(policy).not.toMatch(/script-src[^;]*'unsafe-eval'/);
  return policy;
}

describe('happy', () => {
  it('the app shell allows exactly its own inline scripts, by hash, and the sockets, pictures and devices it needs', async () => {
    const res = await fromWorker('/learning-portal/portal');
    expect(res.status).toBe(200);
    const policy = expectCommonHeaders(res);
    const html = await res.text();
    const hashes = await inlineScriptHashes(html);
    expect(hashes.length, 'the built shell has its inline scripts: run `npm run build` before the workerd tests').toBeGreaterThan(0);
    for (const hash of hashes) expect(policy).toContain(`'sha256-${hash}'`);
    expect(policy).toContain("default-src 'self'");
    expect(policy).toContain("connect-src 'self' blob:");
    expect(policy).toMatch(/img-src 'self'[^;]* blob:/);
    expect(policy).toMatch(/img-src 'self'[^;]* data:/);
  });

  it('a HEAD of the shell states the same policy as its GET', async () => {
    const get = await fromWorker('/learning-portal/portal');
    const head = await fromWorker('/learning-portal/portal', { method: 'HEAD' });
    expect(head.headers.get('content-security-policy')).toBe(get.headers.get('content-security-policy'));
  });

  it('a partner tenant’s shell (rewritten with its colours and data) carries the same policy', async () => {
    const res = await fromWorker('/learning-portal/', undefined, 'http://partner.localhost');
    expect(res.status).toBe(200);
    expectCommonHeaders(res);
  });

  it('API JSON, files the Worker serves, redirects and errors all carry the headers', async () => {
    for (const path of ['/api/health', '/api/tenant', '/api/no-such-route', '/', '/learning-portal/manifest.webmanifest', '/learning-portal/push-sw.js']) {
      const res = await fromWorker(path, { redirect: 'manual' });
      expectCommonHeaders(res);
    }
    const json = await fromWorker('/api/tenant');
    expect(json.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
  });

  it('a signed-out or malformed call’s error answer carries them too', async () => {
    expectCommonHeaders(await api('/user/authUser'));
    expectCommonHeaders(await api('/sessions', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{' }));
  });

  it('personal data is never stored by a cache', async () => {
    const token = await signIn('student@studyhall.test');
    const res = await api('/user/authUser', { headers: bearer(token) });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('HSTS is sent over https only', async () => {
    expect((await fromWorker('/api/health')).headers.get('strict-transport-security')).toBeNull();
    const https = await fromWorker('/api/health', undefined, 'https://localhost');
    expect(https.headers.get('strict-transport-security')).toMatch(/^max-age=\d{7,}/);
    const shell = await fromWorker('/learning-portal/', undefined, 'https://localhost');
    expect(shell.headers.get('strict-transport-security')).toMatch(/^max-age=\d{7,}/);
  });
});
