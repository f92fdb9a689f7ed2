import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type CancellationRules, DEFAULT_CANCELLATION_RULES, type PolicyWithVersions } from '../../schema/contracts/cancellation-policy';
import { fullAdminPermissions } from '../../schema/contracts/permissions';
import { basisPointsOf } from '../../web/features/cancellation-policy/policy-form';
import { baseApi, renderApp, storeSession } from './app-harness';
import { json, mockApi, user } from './fetch-mock';

const ADMIN = user({
  _id: 'user_admin',
  firstname: 'Ada',
  lastname: 'Admin',
  role: { name: 'ADMIN', isGuest: false },
  timezone: 'Europe/London',
  currency: 'SGD',
});
const FIRST_PAINT = { timeout: 10_000 };
const DEFAULT: PolicyWithVersions = {
  version: 1,
  rules: DEFAULT_CANCELLATION_RULES,
  createdBy: null,
  createdByName: null,
  createdAt: null,
  versions: [{ version: 1, createdBy: null, createdByName: null, createdAt: null }],
};

function open(permissions: Record<string, string[]> = fullAdminPermissions) {
  storeSession(ADMIN);
  const saved: CancellationRules[] = [];
  mockApi({
    ...baseApi,
    'GET /api/user/authUser': () => json({ ...ADMIN, actingFor: ADMIN }),
    'GET /api/admin/settings/permissions': () => json({ role: null, permissions }),
    'GET /api/admin/cancellation-policy': () => json(DEFAULT),
    'PUT /api/admin/cancellation-policy': ({ json: rules }) => {
      saved.push(rules as CancellationRules);
      const at = { createdBy: 'user_admin', createdByName: 'Ada Admin', createdAt: '2030-01-07T09:00:00.000Z' };
      return json({ version: 2, rules, ...at, versions: [...DEFAULT.versions, { version: 2, ...at }] });
    },
  });
  renderApp('/portal/admin/cancellation-policy');
  return { saved };
}

describe('cancellation policy editor', { timeout: 30_000 }, () => {
  it('shows the version in force and its rules in sentences', async () => {
    open({ cancellationPolicy: ['view'] });
    expect(await screen.findByTestId('policy-version', {}, FIRST_PAINT)).toHaveTextContent('Version 1, the built-in policy nobody has changed yet.');
    expect(screen.getByText('Students (and their parents), tutors and admins may ask to cancel a lesson.')).toBeInTheDocument();
    expect(screen.getByText('Tutors and admins may ask to delete a lesson.')).toBeInTheDocument();
    expect(
      screen.getByText(
        'When a student or parent asks to cancel, move or delete a lesson less than 24 hours before it starts, the penalty is 50% of the lesson’s amount.',
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        'A lesson a student or parent cancels less than 24 hours before it starts still counts as held for pay and charge (cancelled but chargeable).',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit the policy' })).not.toBeInTheDocument();
  });

  it('names the field of an out-of-range percentage, and says which version a save made', async () => {
    const { saved } = open();
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: 'Edit the policy' }, FIRST_PAINT));
    const band = screen.getByRole('group', { name: 'Band 1' });
    const percent = within(band).getByLabelText('Percentage (%)');
    await u.clear(percent);
    await u.type(percent, '150');
    await u.click(screen.getByRole('button', { name: 'Save as version 2' }));
    expect(within(band).getByText('The percentage in band 1 cannot be above 100%.')).toBeInTheDocument();
    expect(percent).toHaveAttribute('aria-invalid', 'true');
    expect(saved).toEqual([]);

    await u.clear(percent);
    await u.type(percent, '12.5');
    await u.selectOptions(within(band).getByLabelText('Request'), 'CANCEL');
    await u.click(screen.getByRole('button', { name: 'Add a band' }));
    const added = screen.getByRole('group', { name: 'Band 3' });
    await u.selectOptions(within(added).getByLabelText('Penalty'), 'FIXED');
    await u.type(within(added).getByLabelText('Amount'), '12');
    await u.click(screen.getByRole('button', { name: 'Save as version 2' }));

    const notice = 'Saved as version 2. Requests already made keep the version they were made under.';
    expect(await screen.findByTestId('policy-saved')).toHaveTextContent(notice);
    expect(saved[0]?.tiers).toEqual([
      { type: 'CANCEL', requester: 'STUDENT', withinHours: 24, penalty: { kind: 'PERCENT', basisPoints: 1250 } },
      { type: 'ANY', requester: 'TUTOR', withinHours: 24, penalty: { kind: 'PERCENT', basisPoints: 2500 } },
      { type: 'ANY', requester: 'ANY', withinHours: 24, penalty: { kind: 'FIXED', amount: 1200, currency: 'SGD' } },
    ]);
    expect(screen.getByTestId('policy-version')).toHaveTextContent('Version 2, saved on Mon, 7 Jan 2030, 09:00 GMT by Ada Admin.');
    expect(screen.getByText(/the penalty is 12.5% of the lesson’s amount\./)).toBeInTheDocument();
    expect(screen.getByText('Version 1, the built-in policy nobody has changed yet.')).toBeInTheDocument();
  });

  it('reads a percentage from its digits, and hands anything else to the schema to refuse', () => {
    expect([basisPointsOf('50'), basisPointsOf('12.5'), basisPointsOf('0.01'), basisPointsOf('100')]).toEqual([5000, 1250, 1, 10_000]);
    expect(basisPointsOf('12.345') % 1).not.toBe(0);
    expect(basisPointsOf('-5')).toBeLessThan(0);
    expect(basisPointsOf('')).toBeNaN();
  });
});
