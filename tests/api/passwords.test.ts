import { describe, expect, it } from 'vitest';
import { DUMMY_HASH, hashPassword, needsRehash, PBKDF2_ITERATIONS, verifyPassword } from '../../worker/lib/passwords';

describe('happy', () => {
  it('uses the platform maximum of 100,000 PBKDF2 iterations and no more', () => {
    expect(PBKDF2_ITERATIONS).toBeLessThanOrEqual(100_000);
    expect(PBKDF2_ITERATIONS).toBe(100_000);
  });

  it('hashes into the versioned format with a fresh 16-byte salt, and verifies', async () => {
    const a = await hashPassword('correct horse');
    const b = await hashPassword('correct horse');
    expect(a).toMatch(/^pbkdf2-sha256\$v1\$100000\$[A-Za-z0-9+/]{22}==\$[A-Za-z0-9+/]{43}=$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword('correct horse', a)).toBe(true);
    expect(await verifyPassword('correct horse', b)).toBe(true);
    expect(needsRehash(a)).toBe(false);
  });
});

describe('errors', () => {
  it('rejects a wrong password and malformed or foreign hashes', async () => {
    const hash = await hashPassword('correct horse');
    expect(await verifyPassword('Correct horse', hash)).toBe(false);
    expect(await verifyPassword('correct horse', 'bcrypt$2b$10$abc')).toBe(false);
    expect(await verifyPassword('correct horse', hash.replace('$100000$', '$200000$'))).toBe(false);
    expect(await verifyPassword('', DUMMY_HASH)).toBe(false);
    expect(needsRehash(DUMMY_HASH)).toBe(false);
  });

  it('asks for a rehash of hashes made with older settings', async () => {
    const hash = await hashPassword('correct horse');
    expect(needsRehash(hash.replace('$100000$', '$50000$'))).toBe(true);
    expect(needsRehash('sha1$whatever')).toBe(true);
  });
});
