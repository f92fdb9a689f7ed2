import { afterEach, describe, expect, it, vi } from 'vitest';
import { requestToken } from '../../web/lib/token-request';
import { json, mockApi, tokenAnswer, user } from './fetch-mock';

afterEach(() => vi.unstubAllGlobals());

describe('token requests (spec 1, section 5)', () => {
  it('are not sent when credentials are missing', async () => {
    const fetchMock = mockApi({});
    await expect(requestToken({ type: 'login', username: 'a@b.co' })).resolves.toBeNull();
    await expect(requestToken({ type: 'login', username: '', password: 'secret' })).resolves.toBeNull();
    await expect(requestToken({ type: 'cookie' })).resolves.toBeNull();
    await expect(requestToken({ type: 'tpToken', token: 'abc' })).resolves.toBeNull();
    await expect(requestToken({ type: 'tpToken', userId: 'u1' })).resolves.toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('send a form-encoded password grant with the login: prefix', async () => {
    const fetchMock = mockApi({ 'POST /api/oauth/token': () => json(tokenAnswer(user())) });
    const answer = await requestToken({ type: 'login', username: 'student@studyhall.test', password: 'studyhall-demo' });
    expect(answer?.access_token).toBe('token-1');
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/oauth/token');
    expect(new Headers(init?.headers).get('content-type')).toBe('application/x-www-form-urlencoded');
    const form = new URLSearchParams(String(init?.body));
    expect(Object.fromEntries(form)).toEqual({
      client_id: 'studyhall-web',
      grant_type: 'password',
      username: 'login:student@studyhall.test',
      password: 'studyhall-demo',
    });
  });

  it('ask for a guest session with client_credentials', async () => {
    const fetchMock = mockApi({ 'POST /api/oauth/token': () => json(tokenAnswer(user())) });
    await requestToken({ type: 'guest' });
    const form = new URLSearchParams(String(fetchMock.mock.calls[0]![1]?.body));
    expect(form.get('grant_type')).toBe('client_credentials');
    expect(form.get('client_id')).toBe('studyhall-web');
  });

  it('a wrong password rejects without ending the session', async () => {
    localStorage.setItem('studyhall.token', 'guest-token');
    localStorage.setItem('studyhall.user', JSON.stringify(user()));
    mockApi({
      'POST /api/oauth/token': () =>
        json({ error: 'invalid_grant', error_description: 'Incorrect email or password', message: 'Incorrect email or password' }, 401),
    });
    await expect(requestToken({ type: 'login', username: 'a@b.co', password: 'nope' })).rejects.toThrow(/Incorrect email or password/);
    expect(localStorage.getItem('studyhall.token')).toBe('guest-token');
  });
});

describe('token sign-ins', () => {
  it('send cookie:<userId> for a cookie sign-in and tpToken:<userId> with the id token as password', async () => {
    const fetchMock = mockApi({ 'POST /api/oauth/token': () => json(tokenAnswer(user())) });
    await requestToken({ type: 'cookie', userId: 'u1' });
    await requestToken({ type: 'tpToken', userId: 'u1', token: 'id-token-1' });
    const forms = fetchMock.mock.calls.map((call) => Object.fromEntries(new URLSearchParams(String(call[1]?.body))));
    expect(forms[0]).toMatchObject({ grant_type: 'password', username: 'cookie:u1' });
    expect(forms[1]).toMatchObject({ grant_type: 'password', username: 'tpToken:u1', password: 'id-token-1' });
  });
});
