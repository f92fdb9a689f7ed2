import { render, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { usePageMeta } from '../../web/layout/use-page-meta';
import { json, mockApi } from './fetch-mock';

function Probe() {
  usePageMeta();
  return null;
}

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '*', element: <Probe /> }], {
    basename: '/learning-portal',
    initialEntries: [`/learning-portal${path}`],
  });
  render(<RouterProvider router={router} />);
  return router;
}

afterEach(() => {
  vi.unstubAllGlobals();
  document.head.querySelector('link[rel="canonical"]')?.remove();
  document.head.querySelector('meta[name="description"]')?.remove();
});

describe('page meta tags', () => {
  it('asks for the URL-encoded path without a trailing slash and applies title, description and canonical link', async () => {
    const fetchMock = mockApi({
      'POST /api/meta-tags/get': () => json({ title: 'Cambridge IGCSE tutoring | Studyhall', description: 'Live IGCSE lessons.' }),
    });
    renderAt('/cambridge-igcse/');

    await waitFor(() => expect(document.title).toBe('Cambridge IGCSE tutoring | Studyhall'));
    expect(document.head.querySelector('meta[name="description"]')).toHaveAttribute('content', 'Live IGCSE lessons.');
    const body = JSON.parse(String(fetchMock.mock.calls[0]![1]?.body)) as { path: string };
    expect(body.path).toBe(encodeURIComponent('/learning-portal/cambridge-igcse'));
    expect(document.head.querySelector('link[rel="canonical"]')).toHaveAttribute('href', `${window.location.origin}/learning-portal/cambridge-igcse`);
  });

  it('keeps the current title when the page has no meta tags, and updates the canonical link on navigation', async () => {
    document.title = 'Default title';
    const fetchMock = mockApi({ 'POST /api/meta-tags/get': () => json({ title: null, description: null }) });
    const router = renderAt('/');
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(document.head.querySelector('link[rel="canonical"]')).toHaveAttribute('href', `${window.location.origin}/learning-portal`);

    await router.navigate('/login');
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(document.head.querySelector('link[rel="canonical"]')).toHaveAttribute('href', `${window.location.origin}/learning-portal/login`);
    expect(document.title).toBe('Default title');
  });
});
