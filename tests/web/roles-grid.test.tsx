import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminPermissionCatalogue, fullAdminPermissions, type PermissionMap } from '../../schema/contracts/permissions';
import PermissionGrid from '../../web/entities/roles/PermissionGrid';
import { renderApp, signedInApi, storeSession } from './app-harness';
import { json, mockApi, user } from './fetch-mock';

afterEach(() => vi.unstubAllGlobals());

function Grid({ initial, onChange }: { initial: PermissionMap; onChange: (map: PermissionMap) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <PermissionGrid
      catalogue={adminPermissionCatalogue}
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
}

describe('permission grid', () => {
  it('shows one checkbox per resource and action the catalogue has, ticked from the map', () => {
    render(<Grid initial={{ invoices: ['view', 'edit'] }} onChange={() => {}} />);
    expect(screen.getByRole('checkbox', { name: 'Invoices: View' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Invoices: Edit' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Invoices: Delete' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Admin users: Log in as user' })).not.toBeChecked();
    // Billing has view and customerPortalView only: no create, edit or delete boxes.
    expect(screen.queryByRole('checkbox', { name: 'Billing: Create' })).not.toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Billing: Customer portal view' })).toBeInTheDocument();
    const boxes = Object.values(adminPermissionCatalogue).reduce((n, actions) => n + actions.length, 0);
    expect(screen.getAllByRole('checkbox')).toHaveLength(boxes);
  });

  it('keeps actions in catalogue order and drops a resource with nothing ticked', async () => {
    const changes: PermissionMap[] = [];
    render(<Grid initial={{ invoices: ['edit'] }} onChange={(map) => changes.push(map)} />);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Invoices: View' }));
    expect(changes.at(-1)).toEqual({ invoices: ['view', 'edit'] });
    await userEvent.click(screen.getByRole('checkbox', { name: 'Admin users: Log in as user' }));
    expect(changes.at(-1)).toEqual({ invoices: ['view', 'edit'], adminUsers: ['logInAsUser'] });
    await userEvent.click(screen.getByRole('checkbox', { name: 'Invoices: View' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Invoices: Edit' }));
    expect(changes.at(-1)).toEqual({ adminUsers: ['logInAsUser'] });
  });
});

describe('roles page', () => {
  const ADMIN = user({ _id: 'user_admin', firstname: 'Ada', lastname: 'Admin', role: { name: 'ADMIN', isGuest: false } });
  const approver = {
    _id: 'role_approver',
    name: 'Approver',
    description: '',
    status: 'ACTIVE',
    permissions: { invoices: ['view'] },
    isSystem: false,
    usersCount: 1,
  };
  const spare = { ...approver, _id: 'role_spare', name: 'Spare', usersCount: 0 };

  function renderRoles(extra: Parameters<typeof mockApi>[0], permissions: PermissionMap = fullAdminPermissions) {
    storeSession(ADMIN);
    const fetchMock = mockApi({
      ...signedInApi(ADMIN),
      'GET /api/admin/settings/permissions': () => json({ role: null, permissions }),
      'GET /api/admin/roles': () => json({ docs: [approver, spare], totalDocs: 2, limit: 20, offset: 0 }),
      ...extra,
    });
    renderApp('/portal/admin/roles');
    return fetchMock;
  }

  it('creates a role from the grid and says “Role created!”', async () => {
    const fetchMock = renderRoles({
      'POST /api/admin/roles': ({ json: body }) => json({ ...(body as object), _id: 'role_new', isSystem: false, usersCount: 0 }, 201),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'New role' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create role' }));
    expect(within(dialog).getByText('Name is required.')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some((c) => c[0] === '/api/admin/roles' && c[1]?.method === 'POST')).toBe(false);

    await userEvent.type(within(dialog).getByLabelText(/Name/), 'Tutors desk');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Tutor rates: View' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create role' }));
    expect(await screen.findByText('Role created!')).toBeInTheDocument();
    const post = fetchMock.mock.calls.find((c) => c[0] === '/api/admin/roles' && c[1]?.method === 'POST')!;
    expect(JSON.parse(String(post[1]?.body))).toEqual({ name: 'Tutors desk', description: '', status: 'ACTIVE', permissions: { tutorRates: ['view'] } });
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Tutors desk' })).toBeInTheDocument());
  });

  it('shows the server’s field error for the permission map', async () => {
    renderRoles({
      'POST /api/admin/roles': () =>
        json({ message: 'permissions.invoices: unknown action', errors: [{ path: 'permissions.invoices', message: 'unknown action "approve"' }] }, 400),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'New role' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText(/Name/), 'Odd');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create role' }));
    expect(await within(dialog).findByText('invoices: unknown action "approve"')).toBeInTheDocument();
  });

  it('verifies before deleting: a role in use only explains why, a free one is deleted with “Role deleted!”', async () => {
    const fetchMock = renderRoles({
      'GET /api/admin/roles/verify-delete/role_approver': () =>
        json({ canDelete: false, usersCount: 1, message: 'This role is assigned to 1 user. Give them another role first.' }),
      'GET /api/admin/roles/verify-delete/role_spare': () => json({ canDelete: true, usersCount: 0, message: 'This role is not in use and can be deleted.' }),
      'DELETE /api/admin/roles/role_spare': () => json({ _id: 'role_spare' }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Approver' }));
    expect(await screen.findByText('This role is assigned to 1 user. Give them another role first.')).toBeInTheDocument();
    expect(within(screen.getByRole('dialog')).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await userEvent.click(screen.getByRole('button', { name: 'Delete Spare' }));
    await userEvent.click(await within(await screen.findByRole('dialog')).findByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Role deleted!')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Spare' })).not.toBeInTheDocument());
    expect(fetchMock.mock.calls.filter((c) => c[1]?.method === 'DELETE').map((c) => c[0])).toEqual(['/api/admin/roles/role_spare']);
  });

  it('opens View as a read-only dialog named for the role, and Edit as Edit role', async () => {
    const builtIn = { ...approver, _id: 'role_admin', name: 'Admin', isSystem: true, usersCount: 1 };
    renderRoles({ 'GET /api/admin/roles': () => json({ docs: [builtIn, approver], totalDocs: 2, limit: 20, offset: 0 }) });
    await userEvent.click(await screen.findByRole('button', { name: 'View Admin' }));
    const view = await screen.findByRole('dialog', { name: 'Role: Admin' });
    expect(within(view).queryByRole('button', { name: 'Save changes' })).not.toBeInTheDocument();
    expect(within(view).getByLabelText(/Name/)).toBeDisabled();
    await userEvent.click(within(view).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await userEvent.click(screen.getByRole('button', { name: 'Edit Approver' }));
    const edit = await screen.findByRole('dialog', { name: 'Edit role' });
    expect(within(edit).getByRole('button', { name: 'Save changes' })).toBeInTheDocument();
  });

  it('hides create, edit and delete from an admin whose role only views roles', async () => {
    renderRoles({}, { roles: ['view'] });
    expect(await screen.findByRole('heading', { name: 'Approver' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New role' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Approver' })).not.toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Tutor roles' })).not.toBeInTheDocument();
  });
});
