import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fullAdminPermissions } from '../../schema/contracts/permissions';
import { baseApi, renderApp, storeSession } from './app-harness';
import { json, mockApi, user } from './fetch-mock';

const ADMIN = user({ _id: 'user_admin', firstname: 'Ada', role: { name: 'ADMIN', isGuest: false } });
const termFee = { amount: 12000, currency: 'SGD', duration: 3, durationUnit: 'MONTHS' };
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
      'GET /api/admin/course-pricing-templates/dropdown-list': () => json([{ _id: 'price_1', name: 'Term fee', ...termFee }]),
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
    expect(await within(dialog).findByText(/ is not offered\.$/)).toBeInTheDocument();
    expect(posts).toMatchObject([{ title: 'Algebra booster', permissionTemplateId: 'perm_1', pricingTemplateId: 'price_1' }]);
  });

  it('shows the template’s price, refuses a price with too many decimals, and sends the course’s own price', async () => {
    storeSession(ADMIN);
    const posts: unknown[] = [];
    mockApi({
      ...baseApi,
      'GET /api/user/authUser': () => json({ ...ADMIN, actingFor: ADMIN }),
      'GET /api/admin/settings/permissions': () => json({ role: null, permissions: fullAdminPermissions }),
      'GET /api/curriculums/list-with-grades': () => json(catalogue),
      'GET /api/admin/courses': () => json({ docs: [], totalDocs: 0, limit: 20, offset: 0 }),
      'GET /api/admin/course-permission-templates/dropdown-list': () => json([]),
      'GET /api/admin/course-pricing-templates/dropdown-list': () => json([{ _id: 'price_1', name: 'Term fee', ...termFee }]),
      'POST /api/admin/courses': ({ json: body }) => {
        posts.push(body);
        return json({ message: 'grade: is not offered', errors: [{ path: 'grade', message: 'is not offered' }] }, 400);
      },
    });
    renderApp('/portal/courses');
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: 'New course' }, { timeout: 10_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'New course' });
    await u.type(within(dialog).getByLabelText(/Title/), 'Priced booster');
    await u.selectOptions(within(dialog).getByLabelText('Curriculum'), 'Cambridge IGCSE');
    await u.selectOptions(within(dialog).getByLabelText('Subject'), 'Mathematics');
    await u.selectOptions(within(dialog).getByLabelText('Grade'), 'Grade 9');
    expect(within(dialog).getByText('No pricing template is picked.')).toBeInTheDocument();
    await within(dialog).findByRole('option', { name: 'Term fee' });
    await u.selectOptions(within(dialog).getByLabelText('Pricing template'), 'Term fee');
    expect(within(dialog).getByText('From template: SGD 120.00 for 3 months')).toBeInTheDocument();
    await u.click(within(dialog).getByLabelText('Set this course’s own price'));
    const amount = within(dialog).getByLabelText(/^Price/);
    expect(amount).toHaveValue('120.00');
    await u.clear(amount);
    await u.type(amount, '99.999');
    await u.click(within(dialog).getByRole('button', { name: 'Create course' }));
    expect(await within(dialog).findByText(/at most 2 decimals/)).toBeInTheDocument();
    expect(posts).toHaveLength(0);
    await u.clear(amount);
    await u.type(amount, '99.5');
    await u.click(within(dialog).getByRole('button', { name: 'Create course' }));
    expect(await within(dialog).findByText(/ is not offered\.$/)).toBeInTheDocument();
    expect(posts).toMatchObject([{ pricingTemplateId: 'price_1', priceOverride: { amount: 9950, currency: 'SGD', duration: 3, durationUnit: 'MONTHS' } }]);
  });
});
