import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fullAdminPermissions } from '../../schema/contracts/permissions';
import { baseApi, renderApp, storeSession } from './app-harness';
import { json, mockApi, user } from './fetch-mock';

const ADMIN = user({ _id: 'user_admin', firstname: 'Ada', role: { name: 'ADMIN', isGuest: false } });
const catalogue = [{ _id: 'c1', curriculum: 'Cambridge IGCSE', subjects: [{ subject: 'Mathematics', grade: [{ grade: 'Grade 9' }] }] }];

describe('the course form’s templates', { timeout: 30_000 }, () => {
  it('picks a permission and a pricing template and sends their ids', async () => {
    storeSession(ADMIN);
    const posts: unknown[] = [];
    mockApi({
      ...baseApi,
      'GET /api/user/authUser': () => json({ ...ADMIN, actingFor: ADMIN }),
      'GET /api/admin/settings/permissions': () => json({ role: null, permissions: fullAdminPermissions }),
      'GET /api/curriculums/list-with-grades': () => json(catalogue),
      'GET /api/admin/courses': () => json({ docs: [], totalDocs: 0, limit: 20, offset: 0 }),
      'GET /api/admin/course-permission-templates/dropdown-list': () => json([{ _id: 'perm_1', name: 'Tutors edit, substitutes view' }]),
      'GET /api/admin/course-pricing-templates/dropdown-list': () => json([{ _id: 'price_1', name: 'Term fee' }]),
      'POST /api/admin/courses': ({ json: body }) => {
        posts.push(body);
        return json({ message: 'grade: is not offered', errors: [{ path: 'grade', message: 'is not offered' }] }, 400);
      },
    });
    renderApp('/portal/courses');
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: 'New course' }, { timeout: 10_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'New course' });
    await u.type(within(dialog).getByLabelText(/Title/), 'Algebra booster');
    await u.selectOptions(within(dialog).getByLabelText('Curriculum'), 'Cambridge IGCSE');
    await u.selectOptions(within(dialog).getByLabelText('Subject'), 'Mathematics');
    await u.selectOptions(within(dialog).getByLabelText('Grade'), 'Grade 9');
    await within(dialog).findByRole('option', { name: 'Term fee' });
    await u.selectOptions(within(dialog).getByLabelText('Pricing template'), 'Term fee');
    await u.selectOptions(within(dialog).getByLabelText('Permission template'), 'Tutors edit, substitutes view');
    await u.click(within(dialog).getByRole('button', { name: 'Create course' }));
    expect(await within(dialog).findByText('is not offered')).toBeInTheDocument();
    expect(posts).toMatchObject([{ title: 'Algebra booster', permissionTemplateId: 'perm_1', pricingTemplateId: 'price_1' }]);
  });
});
