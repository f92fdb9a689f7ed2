import { json, TENANT } from './fetch-mock';

export { renderApp } from './render-app';

/** Calls every screen makes on start: the tenant and the page's meta tags. */
export const baseApi = {
  'GET /api/tenant': () => json(TENANT),
  'POST /api/meta-tags/get': () => json({ title: null, description: null }),
};

/** The start calls of a screen `who` is signed in to. */
export const signedInApi = (who: Record<string, unknown>) => ({
  ...baseApi,
  'GET /api/user/authUser': () => json({ ...who, actingFor: who }),
});

/** A signed-in browser: the token, the user and whom calls act for, as web/lib/session-storage.ts keeps them. */
export function storeSession(user: { _id: string }, actingUserId = user._id) {
  localStorage.setItem('studyhall.token', 'token-1');
  localStorage.setItem('studyhall.user', JSON.stringify(user));
  localStorage.setItem('studyhall.actingUserId', actingUserId);
}

/** The x-user-id header a mocked call was sent with. */
export const actingHeader = (init: RequestInit) => new Headers(init.headers).get('x-user-id');
