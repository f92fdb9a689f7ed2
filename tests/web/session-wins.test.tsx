import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GUEST, json, mockApi, TENANT, tokenAnswer, user } from './fetch-mock';
import { renderApp } from './render-app';

const base = {
  'GET /api/tenant': () => json(TENANT),
  'POST /api/meta-tags/get': () => json({ title: null, description: null }),
  'GET /api/user/authUser': () => json(user()),
};

function storeSession(token: string, stored: Record<string, unknown>) {
  localStorage.setItem('studyhall.token', token);
  localStorage.setItem('studyhall.user', JSON.stringify(stored));
  localStorage.setItem('studyhall.actingUserId', stored._id as string);
}

const headerSignIn = () => screen.queryByRole('banner') && screen.queryAllByRole('link', { name: 'Sign in' });

afterEach(() => vi.unstubAllGlobals());

describe('a stored session always wins', () => {
  it('a guest token that answers after another page stored a sign-in does not replace it', async () => {
    mockApi({
      ...base,
      'POST /api/oauth/token': () => {
        // The page Sam signed in on wrote his session while this page was still asking for a guest one.
        storeSession('student-token', user());
        return json(tokenAnswer(GUEST, 'guest-token'));
      },
    });
    renderApp('/topical-past-papers');
    expect(await screen.findByRole('heading', { name: 'Topical past papers' })).toBeInTheDocument();
    expect(localStorage.getItem('studyhall.token')).toBe('student-token');
    expect(headerSignIn()).toEqual([]);
  });

  it('a sign-in stored by another document takes over a page that shows a guest', async () => {
    storeSession('guest-token', GUEST);
    mockApi({ ...base, 'GET /api/user/authUser': () => json(GUEST) });
    renderApp('/topical-past-papers');
    expect(await screen.findByRole('heading', { name: 'Topical past papers' })).toBeInTheDocument();
    expect(headerSignIn()).not.toEqual([]);
    act(() => {
      storeSession('student-token', user());
      window.dispatchEvent(new StorageEvent('storage', { key: 'studyhall.token' }));
    });
    await waitFor(() => expect(headerSignIn()).toEqual([]));
  });

  it('a token sign-in cut off before any answer keeps the stored session', async () => {
    storeSession('student-token', user());
    mockApi({
      ...base,
      'POST /api/oauth/token': () => Promise.reject(new TypeError('Failed to fetch')),
    });
    renderApp('/topical-past-papers#id_token=abc&user_id=user_student');
    expect(await screen.findByRole('heading', { name: 'Topical past papers' })).toBeInTheDocument();
    expect(localStorage.getItem('studyhall.token')).toBe('student-token');
  });
});
