import { render } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { routes } from '../../web/router';
import { GUEST, json, TENANT, tokenAnswer } from './fetch-mock';

/** The calls every page makes at startup: tenant, meta tags, and a guest session. */
export const startup = {
  'GET /api/tenant': () => json(TENANT),
  'POST /api/meta-tags/get': () => json({ title: null, description: null }),
  'POST /api/oauth/token': () => json(tokenAnswer(GUEST, 'guest-token')),
};

/** The whole app at `path` (below /learning-portal), with its own store (or the test's, to set atoms from outside). */
export function renderApp(path: string, store = createStore()) {
  const router = createMemoryRouter(routes, { basename: '/learning-portal', initialEntries: [`/learning-portal${path}`] });
  render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return router;
}
