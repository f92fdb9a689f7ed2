import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiFailure, api } from '../../web/lib/api';
import { statusOf } from '../../web/lib/errors';
import { fieldErrorsOf, zodFieldErrors } from '../../web/lib/form-errors';
import { json, mockApi } from './fetch-mock';

afterEach(() => vi.unstubAllGlobals());

describe('form errors', () => {
  it('key a failed parse by dotted path as the API does, first message winning, the whole input as body', () => {
    const schema = z
      .object({ name: z.string().min(2, 'Too short').max(1, 'Too long'), slots: z.array(z.object({ day: z.number() })) })
      .refine(() => false, 'Not allowed');
    const parsed = schema.safeParse({ name: 'x', slots: [{ day: 'monday' }] });
    expect(parsed.success).toBe(false);
    const errors = zodFieldErrors(parsed.error!);
    expect(errors.name).toBe('Too short');
    expect(Object.keys(errors)).toContain('slots.0.day');
  });

  it('read an API failure by its status and its field errors, never by its text', async () => {
    mockApi({ 'POST /api/things': () => json({ message: 'Invalid request', errors: [{ path: 'slots.0.day', message: 'is required' }] }, 400) });
    const error = await api('/things', { json: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiFailure);
    expect(statusOf(error)).toBe(400);
    expect(fieldErrorsOf(error)).toEqual({ 'slots.0.day': 'is required' });
    expect(statusOf(new Error(JSON.stringify({ status: 400 })))).toBeUndefined();
    expect(fieldErrorsOf(new TypeError('Failed to fetch'))).toEqual({});
  });
});
