import { render, screen } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { tenantAtom } from '../../web/entities/tenant/atoms';
import Footer from '../../web/layout/Footer';
import SupportButton from '../../web/layout/SupportButton';
import { TENANT } from './fetch-mock';

describe('the support button and the footer', () => {
  it('say the same thing the button does: open the tenant’s WhatsApp', () => {
    const store = createStore();
    store.set(tenantAtom, TENANT as never);
    render(
      <Provider store={store}>
        <MemoryRouter>
          <SupportButton />
          <Footer />
        </MemoryRouter>
      </Provider>,
    );
    expect(screen.getByRole('link', { name: 'Message support on WhatsApp' })).toHaveAttribute('href', expect.stringMatching(/^https:\/\/wa\.me\//));
    expect(screen.getByText('Need help? Message us on WhatsApp with the button in the corner.')).toBeInTheDocument();
    expect(screen.getByText('Need help? Open the menu and choose "Message support on WhatsApp".')).toBeInTheDocument();
    expect(screen.queryByText(/chat button/)).toBeNull();
  });
});
