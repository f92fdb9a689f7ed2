import { expect, test } from './test';

test('the health endpoint reports D1, Durable Objects and R2 as ok', async ({ request }) => {
  const res = await request.get('/api/health');
  expect(res.ok()).toBe(true);
  const body = await res.json();
  expect(body.d1.status).toBe('ok');
  expect(body.durableObjects.status).toBe('ok');
  expect(body.r2.status).toBe('ok');
});
