import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type Ref, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { deferredMenu } from '../../web/layout/deferred-menu';

function FakeMenu({ buttonRef }: { buttonRef?: Ref<HTMLButtonElement> }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" ref={buttonRef} onClick={() => setOpen(!open)}>
        Account
      </button>
      {open && <p>The menu is open</p>}
    </>
  );
}

function withControlledCode() {
  let arrive = () => {};
  const code = new Promise<{ default: typeof FakeMenu }>((resolve) => {
    arrive = () => resolve({ default: FakeMenu });
  });
  const useMenu = deferredMenu(() => code);
  function Header() {
    const { Menu, buttonRef, placeholder } = useMenu();
    if (Menu) return <Menu buttonRef={buttonRef} />;
    return (
      <button type="button" {...placeholder}>
        Account
      </button>
    );
  }
  return { Header, arrive: () => act(async () => arrive()) };
}

describe('header menus loaded after the first paint', () => {
  it('open when the code arrives after their button was clicked, with the focus on the real button', async () => {
    const { Header, arrive } = withControlledCode();
    render(<Header />);
    await userEvent.click(screen.getByRole('button', { name: 'Account' }));
    expect(screen.queryByText('The menu is open')).not.toBeInTheDocument();

    await arrive();
    expect(await screen.findByText('The menu is open')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Account' })).toHaveFocus();
  });

  it('keep the focus of a keyboard user who tabbed to the button, without opening', async () => {
    const { Header, arrive } = withControlledCode();
    render(<Header />);
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Account' })).toHaveFocus();

    await arrive();
    expect(screen.getByRole('button', { name: 'Account' })).toHaveFocus();
    expect(screen.queryByText('The menu is open')).not.toBeInTheDocument();
  });
});
