import { createStore } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startStoredSession } from '../../web/features/auth/stored-user';
import { sessionAtom, tokenReadyAtom, userLoadedAtom } from '../../web/lib/session';
import { toastsAtom } from '../../web/ui/toast-atoms';
import { json, mockApi, user } from './fetch-mock';

const settle = () => new Promise((resolve) => setTimeout(resolve, 10));

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('studyhall.token', 'token-1');
  localStorage.setItem('studyhall.user', JSON.stringify(user({ firstname: 'Old name' })));
  localStorage.setItem('studyhall.actingUserId', 'user_student');
});
afterEach(() => vi.unstubAllGlobals());

describe('a stored session at start-up, before the first render', () => {
  it("is a ready token at once, and its user's fresh data replaces the stored copy", async () => {
    const fetch = mockApi({ 'GET /api/user/authUser': () => json(user({ firstname: 'Samantha' })) });
    const store = createStore();
    startStoredSession('', store);
    expect(store.get(tokenReadyAtom)).toBe(true);
    expect(store.get(userLoadedAtom)).toBe(false);
    await settle();
    expect(store.get(userLoadedAtom)).toBe(true);
    expect(store.get(sessionAtom)?.user.firstname).toBe('Samantha');
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('offline, counts the stored user as loaded without a toast', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    const store = createStore();
    startStoredSession('', store);
    await settle();
    expect(store.get(userLoadedAtom)).toBe(true);
    expect(store.get(sessionAtom)?.user.firstname).toBe('Old name');
    expect(store.get(toastsAtom)).toEqual([]);
  });

  it('says so when the server fails, and the app carries on with the stored user', async () => {
    mockApi({ 'GET /api/user/authUser': () => json({ message: 'Something went wrong on our side.' }, 500) });
    const store = createStore();
    startStoredSession('', store);
    await settle();
    expect(store.get(userLoadedAtom)).toBe(true);
    expect(store.get(toastsAtom)).toHaveLength(1);
  });

  it('waits when the address carries a token sign-in, which replaces the stored session first', () => {
    const fetch = mockApi({});
    const store = createStore();
    startStoredSession('#id_token=abc&user_id=user_other', store);
    expect(store.get(tokenReadyAtom)).toBe(false);
    expect(fetch).not.toHaveBeenCalled();
  });
});
