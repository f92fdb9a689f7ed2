import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useSearchParams } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import TrialScheduledDialog from '../../web/layout/TrialScheduledDialog';

function Portal() {
  const [params] = useSearchParams();
  return params.has('trialClassCreated') ? <TrialScheduledDialog /> : <p>Portal without dialog</p>;
}

function renderAt(entry: string) {
  const router = createMemoryRouter([{ path: '/portal', element: <Portal /> }], { initialEntries: [entry] });
  render(<RouterProvider router={router} />);
  return router;
}

describe('trial-class-scheduled dialog', () => {
  it('opens with the flag and Dismiss removes only the flag, replacing the history entry', async () => {
    const router = renderAt('/portal?trialClassCreated=true&tab=courses');
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Congratulations!');
    expect(dialog).toHaveTextContent('Your trial class is successfully scheduled. Check your homepage and email for details.');

    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(await screen.findByText('Portal without dialog')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?tab=courses');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('closes with the close icon', async () => {
    const router = renderAt('/portal?trialClassCreated');
    await screen.findByRole('dialog');
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(await screen.findByText('Portal without dialog')).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });
});
