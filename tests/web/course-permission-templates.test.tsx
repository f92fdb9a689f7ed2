import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fullAdminPermissions } from '../../schema/contracts/permissions';
import { baseApi, renderApp, storeSession } from './app-harness';
import { json, mockApi, user } from './fetch-mock';

const ADMIN = user({ _id: 'user_admin', firstname: 'Ada', role: { name: 'ADMIN', isGuest: false } });
const page = (docs: unknown[]) => json({ docs, totalDocs: docs.length, limit: 10, offset: 0 });

describe('course permission templates', { timeout: 30_000 }, () => {
  it('are listed with what each tutor type may do, and edited per tutor type', async () => {
    storeSession(ADMIN);
    const puts: unknown[] = [];
    const template = { _id: 'p1', name: 'Cautious', status: 'ACTIVE', permissions: { PRIMARY: { COURSE: ['view', 'edit'], SECTION: ['create'] } } };
    mockApi({
      ...baseApi,
      'GET /api/user/authUser': () => json({ ...ADMIN, actingFor: ADMIN }),
      'GET /api/admin/settings/permissions': () => json({ role: null, permissions: fullAdminPermissions }),
      'GET /api/admin/flexible-plans': () => page([]),
      'GET /api/admin/subscription-plans': () => page([]),
      'GET /api/admin/course-permission-templates': () => page([template]),
      'PUT /api/admin/course-permission-templates/p1': ({ json: body }) => {
        puts.push(body);
        return json({ ...template, ...(body as object) });
      },
    });
    renderApp('/portal/admin/pricing');
    const u = userEvent.setup();
    await u.click(await screen.findByRole('tab', { name: 'Course permissions' }, { timeout: 10_000 }));
    const row = (await screen.findByText('Cautious')).closest('li')!;
    expect(row).toHaveTextContent('Primary: 3 actions · Substitute: own role · Trial: own role');
    await u.click(within(row as HTMLElement).getByRole('button', { name: /Edit/ }));
    const dialog = screen.getByRole('dialog', { name: 'Edit course permission template' });
    const primary = within(dialog).getByRole('region', { name: 'Primary tutors' });
    await u.click(within(primary).getByLabelText('Section: Create'));
    await u.click(within(primary).getByLabelText('Zoom: Create'));
    const trial = within(dialog).getByRole('region', { name: 'Trial tutors' });
    await u.selectOptions(within(trial).getByLabelText('Trial tutors'), 'Only the actions ticked below');
    await u.click(within(trial).getByLabelText('Course: View'));
    await u.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Course permission template updated!')).toBeInTheDocument();
    expect(puts).toEqual([
      { name: 'Cautious', status: 'ACTIVE', permissions: { PRIMARY: { COURSE: ['view', 'edit'], ZOOM: ['create'] }, TRIAL: { COURSE: ['view'] } } },
    ]);
  });
});
