import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ConnectionBadge } from '../../web/features/lesson-rooms/RoomHeader';

describe('ConnectionBadge', () => {
  it('says how many changes wait on this device while offline', () => {
    render(<ConnectionBadge status="offline" pending={3} />);
    expect(screen.getByRole('status')).toHaveTextContent('Offline· 3 changes kept on this device, not yet synced');
  });

  it('uses the singular for one change, and shows syncing once back online', () => {
    render(<ConnectionBadge status="connected" pending={1} />);
    expect(screen.getByRole('status')).toHaveTextContent('Syncing· 1 change kept on this device, not yet synced');
  });

  it('says Live with nothing waiting', () => {
    render(<ConnectionBadge status="connected" pending={0} />);
    expect(screen.getByRole('status')).toHaveTextContent(/^Live$/);
    expect(screen.queryByTestId('pending-changes')).toBeNull();
  });
});
