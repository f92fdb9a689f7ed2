import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import Footer from '../../web/layout/Footer';
import SupportButton from '../../web/layout/SupportButton';

describe('the support button and the footer', () => {
  it('say the same thing the button does: open WhatsApp', () => {
    render(
      <MemoryRouter>
        <SupportButton />
        <Footer />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'Message support on WhatsApp' })).toHaveAttribute('href', expect.stringMatching(/^https:\/\/wa\.me\//));
    expect(screen.getByText('Need help? Message us on WhatsApp with the button in the corner.')).toBeInTheDocument();
    expect(screen.getByText('Need help? Open the menu and choose "Message support on WhatsApp".')).toBeInTheDocument();
    expect(screen.queryByText(/chat button/)).toBeNull();
  });
});
