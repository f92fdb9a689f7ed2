import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { lazyPage } from '../../web/ui/lazy-page';

function Loaded() {
  return <h1>Courses page</h1>;
}

describe('lazy routes', () => {
  it('show the load-failure screen when the import fails, and Retry imports again', async () => {
    const load = vi
      .fn<() => Promise<{ default: typeof Loaded }>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValueOnce({ default: Loaded });
    const Page = lazyPage(load);
    const router = createMemoryRouter([{ path: '/courses', element: <Page /> }], { initialEntries: ['/courses'] });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(<RouterProvider router={router} />);

    expect(screen.getByTestId('page-loading')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Failed to load page' })).toBeInTheDocument();
    expect(screen.getByText('Something went wrong while loading this page. Please try again.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Courses page' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
    vi.mocked(console.error).mockRestore();
  });

  it('reload the page when Retry cannot import it either (a browser that keeps the failed module)', async () => {
    const failed = new TypeError('Failed to fetch dynamically imported module');
    const load = vi.fn<() => Promise<{ default: typeof Loaded }>>().mockRejectedValue(failed);
    const Page = lazyPage(load);
    const router = createMemoryRouter([{ path: '/courses', element: <Page /> }], { initialEntries: ['/courses'] });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const reload = vi.spyOn(window.location, 'reload').mockImplementation(() => undefined);
    render(<RouterProvider router={router} />);

    await userEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(load).toHaveBeenCalledTimes(2);
    reload.mockRestore();
    vi.mocked(console.error).mockRestore();
  });
});
