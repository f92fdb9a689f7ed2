import { describe, expect, it } from 'vitest';
import type { PublicUser } from '../../schema/contracts/auth';
import { pathAfterLogin } from '../../web/lib/after-login';
import { user } from './fetch-mock';

const student = user() as PublicUser;
const parent = user({ role: { name: 'PARENT', isGuest: false }, userMapper: [{ _id: 's1', firstname: 'A', lastname: 'B' }] }) as PublicUser;

describe('where a login goes (spec 1, section 2)', () => {
  it('goes to Home, with the next lesson and its Join, by default', () => {
    expect(pathAfterLogin(student, null)).toBe('/portal');
  });

  it('goes to manage-accounts for a user with a user-mapper', () => {
    expect(pathAfterLogin(parent, null)).toBe('/manage-accounts');
  });

  it('follows the redirect query path, for everyone', () => {
    expect(pathAfterLogin(student, '/portal/profile?tab=1')).toBe('/portal/profile?tab=1');
    expect(pathAfterLogin(parent, '/subscriptions')).toBe('/subscriptions');
  });

  it('ignores a redirect that would leave the app', () => {
    for (const redirect of ['https://evil.example', '//evil.example', '/\\evil.example', 'javascript:alert(1)', '']) {
      expect(pathAfterLogin(student, redirect)).toBe('/portal');
    }
  });
});
