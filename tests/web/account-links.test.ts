import { describe, expect, it } from 'vitest';
import type { PublicUser } from '../../schema/contracts/auth';
import { accountLinks } from '../../web/lib/nav-items';
import { user } from './fetch-mock';

const as = (overrides: Record<string, unknown>) => user(overrides) as unknown as PublicUser;
const labels = (u: PublicUser, permissions: Record<string, string[]> | null) => accountLinks(u, permissions).map((l) => `${l.label} ${l.to}`);

describe('account menu links', () => {
  it('gives everyone signed in their profile, parents the account switcher, and those who are billed their invoices', () => {
    expect(labels(as({}), null)).toEqual(['Profile /portal/profile', 'My invoices /portal/invoices']);
    expect(labels(as({ role: { name: 'PARENT', isGuest: false }, userMapper: [{ _id: 's', firstname: 'S', lastname: 'T' }] }), null)).toEqual([
      'Profile /portal/profile',
      'Manage accounts /manage-accounts',
      'My invoices /portal/invoices',
    ]);
    expect(labels(as({ role: { name: 'TUTOR', isGuest: false } }), null)).toEqual([
      'Profile /portal/profile',
      'Availability /portal/availability',
      'My lessons and pay /portal/my-pay',
    ]);
  });

  it('shows admins Users and Roles only when their permissions grant them', () => {
    const admin = as({ role: { name: 'ADMIN', isGuest: false } });
    expect(labels(admin, null)).toEqual(['Profile /portal/profile']);
    expect(labels(admin, { adminUsers: ['view'] })).toEqual(['Profile /portal/profile', 'Users /portal/admin/users']);
    expect(labels(admin, { tutorRoles: ['view'] })).toEqual(['Profile /portal/profile', 'Roles /portal/admin/roles']);
    expect(labels(admin, { adminUsers: ['create'], roles: [] })).toEqual(['Profile /portal/profile']);
    expect(labels(admin, { questionBank: ['view'] })).toEqual(['Profile /portal/profile', 'Content /portal/admin/content']);
    expect(labels(admin, { adminCourse: ['view'] })).toEqual(['Profile /portal/profile', 'Meetings /portal/admin/meetings']);
  });

  it('shows admins Call logs only when their role may view them', () => {
    const admin = as({ role: { name: 'ADMIN', isGuest: false } });
    expect(labels(admin, { callLogs: ['view'] })).toEqual(['Profile /portal/profile', 'Call logs /portal/admin/call-logs']);
    expect(labels(admin, { callLogs: ['edit'] })).toEqual(['Profile /portal/profile']);
  });

  it('shows admins Lesson history and Pay runs only when their role may view them', () => {
    const admin = as({ role: { name: 'ADMIN', isGuest: false } });
    expect(labels(admin, { lessonHistory: ['view'] })).toEqual(['Profile /portal/profile', 'Lesson history /portal/admin/lesson-history']);
    expect(labels(admin, { payRuns: ['view'] })).toEqual(['Profile /portal/profile', 'Pay runs /portal/admin/pay-runs']);
    expect(labels(admin, { lessonHistory: ['export'], payRuns: ['create'] })).toEqual(['Profile /portal/profile']);
  });

  it('shows admins Invoices only when their role may view them', () => {
    const admin = as({ role: { name: 'ADMIN', isGuest: false } });
    expect(labels(admin, { invoices: ['view'] })).toEqual(['Profile /portal/profile', 'Invoices /portal/admin/invoices']);
    expect(labels(admin, { invoices: ['create', 'edit'] })).toEqual(['Profile /portal/profile']);
  });

  it('shows the request, waiver and policy screens to admins whose role may view them', () => {
    const admin = as({ role: { name: 'ADMIN', isGuest: false } });
    expect(labels(admin, { meetingRequests: ['view'] })).toEqual(['Profile /portal/profile', 'Meeting requests /portal/admin/meeting-requests']);
    expect(labels(admin, { meetingRequests: ['respond'] })).toEqual(['Profile /portal/profile']);
    expect(labels(admin, { penaltyWaivers: ['view'] })).toEqual(['Profile /portal/profile', 'Penalty waivers /portal/admin/penalty-waivers']);
    expect(labels(admin, { manualAdjustments: ['view'] })).toEqual(['Profile /portal/profile', 'Penalty waivers /portal/admin/penalty-waivers']);
    expect(labels(admin, { cancellationPolicy: ['view'] })).toEqual(['Profile /portal/profile', 'Cancellation policy /portal/admin/cancellation-policy']);
  });

  it('never shows admin links to a non-admin, whatever map it is given', () => {
    expect(labels(as({ role: { name: 'TUTOR', isGuest: false } }), { adminUsers: ['view'], roles: ['view'] })).toEqual([
      'Profile /portal/profile',
      'Availability /portal/availability',
      'My lessons and pay /portal/my-pay',
    ]);
  });

  it('gives students and parents Billing and Plans where the site takes payments', () => {
    const billing = { billing: ['view'] };
    const parent = as({ role: { name: 'PARENT', isGuest: false }, userMapper: [{ _id: 's', firstname: 'S', lastname: 'T' }] });
    expect(accountLinks(as({}), null, billing).map((l) => `${l.label} ${l.to}`)).toEqual([
      'Profile /portal/profile',
      'Billing /portal/billing',
      'Plans /subscriptions',
      'My invoices /portal/invoices',
    ]);
    expect(accountLinks(parent, null, billing).map((l) => l.label)).toEqual(['Profile', 'Manage accounts', 'Billing', 'Plans', 'My invoices']);
    expect(accountLinks(as({}), null, { billing: [] }).map((l) => l.label)).toEqual(['Profile', 'My invoices']);
    expect(accountLinks(as({ role: { name: 'TUTOR', isGuest: false } }), null, billing).map((l) => l.label)).not.toContain('Billing');
  });

  it('shows admins Payment history and Transaction logs only when their role may view them', () => {
    const admin = as({ role: { name: 'ADMIN', isGuest: false } });
    expect(labels(admin, { paymentHistory: ['view'] })).toEqual(['Profile /portal/profile', 'Payment history /portal/admin/payment-history']);
    expect(labels(admin, { transactionLogs: ['view'] })).toEqual(['Profile /portal/profile', 'Transaction logs /portal/admin/transaction-logs']);
    expect(labels(admin, { paymentHistory: ['edit'], transactionLogs: ['delete'] })).toEqual(['Profile /portal/profile']);
  });
});
