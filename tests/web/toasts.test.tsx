import { act, fireEvent, render, screen } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import Toaster from '../../web/ui/toast/Toaster';
import { pushToastAtom } from '../../web/ui/toast-atoms';

function renderToaster() {
  const store = createStore();
  render(
    <Provider store={store}>
      <Toaster />
    </Provider>,
  );
  return store;
}

describe('toasts', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('show error and success toasts in a live region and hide them after 4 seconds', () => {
    const store = renderToaster();
    act(() => {
      store.set(pushToastAtom, { kind: 'error', text: 'Incorrect email or password' });
      store.set(pushToastAtom, { kind: 'success', text: 'Lesson booked successfully!' });
    });
    expect(screen.getByRole('alert')).toHaveTextContent('Incorrect email or password');
    expect(screen.getByRole('status')).toHaveTextContent('Lesson booked successfully!');
    expect(screen.getByRole('alert').closest('[aria-live]')).not.toBeNull();

    act(() => vi.advanceTimersByTime(3999));
    expect(screen.getByText('Incorrect email or password')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Incorrect email or password')).not.toBeInTheDocument();
    expect(screen.queryByText('Lesson booked successfully!')).not.toBeInTheDocument();
  });

  it('close on their close button', () => {
    const store = renderToaster();
    act(() => store.set(pushToastAtom, { kind: 'error', text: 'Something went wrong' }));
    fireEvent.click(screen.getByRole('button', { name: 'Close notification' }));
    expect(screen.queryByText('Something went wrong')).not.toBeInTheDocument();
  });
});
