import { exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';

describe('happy', () => {
  it('reports D1, Durable Objects and R2 as ok', async () => {
    const res = await exports.default.fetch('http://localhost/api/health');
    expect(res.status).toBe(200);
    const body = await res.json<{ d1: { status: string }; durableObjects: { status: string }; r2: { status: string } }>();
    expect(body.d1.status).toBe('ok');
    expect(body.durableObjects.status).toBe('ok');
    expect(body.r2.status).toBe('ok');
  });
});
