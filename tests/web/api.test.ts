import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../web/lib/api';
import { onSessionEnded, retireToken } from '../../web/lib/session-events';
import { json, mockApi, user } from './fetch-mock';

function storeSession() {
  localStorage.setItem('studyhall.token', 'token-1');
  localStorage.setItem('studyhall.user', JSON.stringify(user()));
  localStorage.setItem('studyhall.actingUserId', 'user_student');
}

afterEach(() => vi.unstubAllGlobals());

describe('api client', () => {
  it('sends the bearer token and the x-user-id header on every call', async () => {
    storeSession();
    const fetchMock = mockApi({ 'GET /api/tenant': () => json({ ok: true }) });
    await api('/tenant', { query: { limit: 10, searchText: '', sortKey: undefined } });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/tenant?limit=10');
    const headers = new Headers(init?.headers);
    expect(headers.get('authorization')).toBe('Bearer token-1');
    expect(headers.get('x-user-id')).toBe('user_student');
  });

  it('rejects with the serialized server response', async () => {
    mockApi({ 'POST /api/things': () => json({ message: 'Invalid request', errors: [{ path: 'name', message: 'is required' }] }, 400) });
    const error = (await api('/things', { json: {} }).catch((e: unknown) => e)) as Error;
    expect(JSON.parse(error.message)).toEqual({
      status: 400,
      data: { message: 'Invalid request', errors: [{ path: 'name', message: 'is required' }] },
    });
  });

  it('a 401 clears the stored session and navigates to the portal root', async () => {
    storeSession();
    mockApi({ 'GET /api/user/authUser': () => json({ message: 'Your session has expired. Please sign in again.', errors: [] }, 401) });
    const ended = vi.fn();
    const unsubscribe = onSessionEnded(ended);
    await expect(api('/user/authUser')).rejects.toThrow(/"status":401/);
    unsubscribe();
    expect(localStorage.getItem('studyhall.token')).toBeNull();
    expect(localStorage.getItem('studyhall.user')).toBeNull();
    expect(localStorage.getItem('studyhall.actingUserId')).toBeNull();
    expect(ended).toHaveBeenCalledOnce();
  });

  it('without the app shell listening, a 401 loads the portal root', async () => {
    storeSession();
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    mockApi({ 'GET /api/user/authUser': () => json({ message: 'expired', errors: [] }, 401) });
    await expect(api('/user/authUser')).rejects.toThrow();
    expect(assign).toHaveBeenCalledWith('/learning-portal/');
    assign.mockRestore();
  });
  it('a 401 for a token replaced while the call was out leaves the new session alone', async () => {
    storeSession();
    mockApi({
      'GET /api/chat/notifications': () => {
        // The admin returns from acting as a user while this call is on its way.
        localStorage.setItem('studyhall.token', 'token-admin');
        return json({ message: 'Your session has expired. Please sign in again.', errors: [] }, 401);
      },
    });
    const ended = vi.fn();
    const unsubscribe = onSessionEnded(ended);
    await expect(api('/chat/notifications')).rejects.toThrow(/"status":401/);
    unsubscribe();
    expect(localStorage.getItem('studyhall.token')).toBe('token-admin');
    expect(ended).not.toHaveBeenCalled();
  });
  it('a 401 for a token being retired (returning from acting as a user) does not sign anyone out', async () => {
    storeSession();
    localStorage.setItem('studyhall.token', 'token-acting');
    retireToken('token-acting');
    mockApi({ 'GET /api/chat/notifications': () => json({ message: 'Your session has expired. Please sign in again.', errors: [] }, 401) });
    const ended = vi.fn();
    const unsubscribe = onSessionEnded(ended);
    await expect(api('/chat/notifications')).rejects.toThrow(/"status":401/);
    unsubscribe();
    expect(localStorage.getItem('studyhall.token')).toBe('token-acting');
    expect(ended).not.toHaveBeenCalled();
  });
});
