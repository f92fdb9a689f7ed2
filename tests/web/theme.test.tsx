import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore, Provider } from 'jotai';
import { describe, expect, it } from 'vitest';
import ThemeToggle from '../../web/ui/ThemeToggle';

function renderToggle() {
  render(
    <Provider store={createStore()}>
      <ThemeToggle />
    </Provider>,
  );
}

describe('theme', () => {
  it('switches to dark and back, and the browser remembers the choice', async () => {
    renderToggle();
    await userEvent.click(screen.getByRole('button', { name: 'Switch to dark theme' }));
    expect(document.documentElement).toHaveClass('dark');
    expect(localStorage.getItem('studyhall.theme')).toBe('dark');

    await userEvent.click(screen.getByRole('button', { name: 'Switch to light theme' }));
    expect(document.documentElement).not.toHaveClass('dark');
    expect(localStorage.getItem('studyhall.theme')).toBe('light');
  });

  it('starts from the remembered theme', () => {
    localStorage.setItem('studyhall.theme', 'dark');
    renderToggle();
    expect(screen.getByRole('button', { name: 'Switch to light theme' })).toHaveAttribute('aria-pressed', 'true');
  });
});
