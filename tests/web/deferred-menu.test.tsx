import { act, fireEvent, render, screen } from '@testing-library/react';
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

  it('open when the code arrives between a mouse press on their button and its release, whose click then reaches neither button', async () => {
    const { Header, arrive } = withControlledCode();
    render(
      <div data-testid="header">
        <Header />
      </div>,
    );
    fireEvent.pointerDown(screen.getByRole('button', { name: 'Account' }), { pointerType: 'mouse', button: 0 });

    await arrive();
    // The press went to the plain button, now gone, and the release to the real one: the browser clicks their parent.
    fireEvent.pointerUp(screen.getByRole('button', { name: 'Account' }), { pointerType: 'mouse', button: 0 });
    fireEvent.click(screen.getByTestId('header'));
    expect(await screen.findByText('The menu is open')).toBeInTheDocument();
  });

  it('leave a tap to its click, which reaches the real button once it is there, so the menu opens once', async () => {
    const { Header, arrive } = withControlledCode();
    render(<Header />);
    fireEvent.pointerDown(screen.getByRole('button', { name: 'Account' }), { pointerType: 'touch', button: 0 });

    await arrive();
    fireEvent.click(screen.getByRole('button', { name: 'Account' }));
    expect(await screen.findByText('The menu is open')).toBeInTheDocument();
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
