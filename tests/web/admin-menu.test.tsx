import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp, signedInApi, storeSession } from './app-harness';
import { json, mockApi, user } from './fetch-mock';

const ADMIN = user({ _id: 'user_admin', firstname: 'Ada', lastname: 'Admin', role: { name: 'ADMIN', isGuest: false } });

function open(who: ReturnType<typeof user>, permissions: Record<string, string[]> = {}) {
  storeSession(who);
  mockApi({
    ...signedInApi(who),
    'GET /api/admin/settings/permissions': () => json({ role: null, permissions }),
  });
  renderApp('/topical-past-papers');
}

describe("the header's Admin menu", () => {
  it("opens from the keyboard with the admin screens the admin's role grants, and only those", async () => {
    open(ADMIN, { adminUsers: ['view'], adminCourse: ['view'] });
    const button = await screen.findByRole('button', { name: 'Admin' });
    button.focus();
    await userEvent.keyboard('{Enter}');
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual(['Users', 'Meetings', 'Course templates', 'Lesson feedback']);
    expect(screen.getByRole('menuitem', { name: 'Course templates' })).toHaveAttribute('href', '/learning-portal/portal/admin/course-templates');
  });

  it('lists the same screens in the phone menu under Admin, and not in the account menu', async () => {
    open(ADMIN, { adminUsers: ['view'] });
    await userEvent.click(await screen.findByRole('button', { name: 'Open menu' }));
    const admin = await screen.findByRole('list', { name: 'Admin' });
    expect(within(admin).getByRole('link', { name: 'Users' })).toHaveAttribute('href', '/learning-portal/portal/admin/users');
    await userEvent.click(screen.getByRole('button', { name: /Account menu for Ada/ }));
    expect(await screen.findByRole('menuitem', { name: 'Profile' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Users' })).toBeNull();
  });

  it('is not there for anyone but an admin', async () => {
    open(user());
    expect(await screen.findByRole('button', { name: /Account menu for Sam/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Admin' })).toBeNull();
  });
});
