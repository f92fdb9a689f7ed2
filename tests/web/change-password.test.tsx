import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { baseApi, renderApp, storeSession } from './app-harness';
import { json, mockApi, profileOf, user } from './fetch-mock';

const SAM = user({ _id: 'user_sam', firstname: 'Sam', lastname: 'Student', email: 'sam@studyhall.test', role: { name: 'STUDENT', isGuest: false } });
const PROFILE = profileOf(SAM);

afterEach(() => vi.unstubAllGlobals());

describe('change password on the profile', () => {
  it('checks both fields first, shows a wrong current password beside it, then confirms and clears the form', async () => {
    const sent: unknown[] = [];
    const fetchMock = mockApi({
      ...baseApi,
      'GET /api/user/authUser': () => json({ ...SAM, actingFor: SAM }),
      'GET /api/user/user_sam': () => json(PROFILE),
      'POST /api/auth/change-password': ({ json: body }) => {
        sent.push(body);
        if ((body as { currentPassword: string }).currentPassword === 'not-it')
          return json({ message: 'Current password is not correct.', errors: [{ path: 'currentPassword', message: 'is not correct' }] }, 400);
        return json({ message: 'Your password has been changed. Other devices have been signed out.' });
      },
    });
    storeSession(SAM);
    renderApp('/portal/profile');
    const section = await screen.findByRole('region', { name: 'Change password' });
    const current = within(section).getByLabelText(/Current password/);
    const next = within(section).getByLabelText(/New password/);
    const submit = within(section).getByRole('button', { name: 'Change password' });

    await userEvent.click(submit);
    expect(within(section).getByText('Enter your current password')).toBeInTheDocument();
    expect(current).toHaveAttribute('aria-invalid', 'true');
    expect(next).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toHaveLength(0);

    await userEvent.type(current, 'not-it');
    await userEvent.type(next, 'a-brand-new-password');
    await userEvent.click(submit);
    expect(await within(section).findByText('Current password is not correct.')).toBeInTheDocument();
    expect(screen.queryByText(/Current password Your/)).toBeNull();
    expect(next).not.toHaveAttribute('aria-invalid');

    await userEvent.clear(current);
    await userEvent.type(current, 'studyhall-demo');
    await userEvent.click(submit);
    expect(await screen.findByText('Password changed. You have been signed out everywhere else.')).toBeInTheDocument();
    expect(sent.at(-1)).toEqual({ currentPassword: 'studyhall-demo', newPassword: 'a-brand-new-password' });
    expect(current).toHaveValue('');
    expect(next).toHaveValue('');
    expect(fetchMock).toHaveBeenCalled();
  });

  it('is not offered while a parent edits a student’s profile', async () => {
    const PARENT = user({
      _id: 'user_pat',
      firstname: 'Pat',
      lastname: 'Parent',
      email: 'pat@studyhall.test',
      role: { name: 'PARENT', isGuest: false },
      userMapper: [SAM],
    });
    mockApi({
      ...baseApi,
      'GET /api/user/authUser': () => json({ ...PARENT, actingFor: SAM }),
      'GET /api/user/user_sam': () => json(PROFILE),
    });
    storeSession(PARENT, 'user_sam');
    renderApp('/portal/profile');
    expect(await screen.findByText(/You are editing Sam’s profile/)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Change password' })).not.toBeInTheDocument();
  });
});
