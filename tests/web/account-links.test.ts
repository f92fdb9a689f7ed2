import { describe, expect, it } from 'vitest';
import type { PublicUser } from '../../schema/contracts/auth';
import { accountLinks, adminLinks } from '../../web/lib/nav-items';
import { user } from './fetch-mock';

const as = (overrides: Record<string, unknown>) => user(overrides) as unknown as PublicUser;
const labels = (u: PublicUser, permissions: Record<string, string[]> | null) => accountLinks(u, permissions).map((l) => `${l.label} ${l.to}`);
const tools = (u: PublicUser, permissions: Record<string, string[]> | null) => adminLinks(u, permissions).map((l) => `${l.label} ${l.to}`);

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
      'Essay answers /portal/essay-answers',
    ]);
  });

  it('shows admins Users and Roles only when their permissions grant them', () => {
    const admin = as({ role: { name: 'ADMIN', isGuest: false } });
    expect(tools(admin, null)).toEqual([]);
    expect(tools(admin, { adminUsers: ['view'] })).toEqual(['Users /portal/admin/users']);
    expect(tools(admin, { tutorRoles: ['view'] })).toEqual(['Roles /portal/admin/roles']);
    expect(tools(admin, { adminUsers: ['create'], roles: [] })).toEqual([]);
    expect(tools(admin, { questionBank: ['view'] })).toEqual(['Content /portal/admin/content']);
    expect(tools(admin, { adminCourse: ['view'] })).toEqual([
      'Meetings /portal/admin/meetings',
      'Course templates /portal/admin/course-templates',
      'Lesson feedback /portal/admin/lesson-feedbacks',
    ]);
    expect(labels(admin, { adminUsers: ['view'], adminCourse: ['view'] })).toEqual(['Profile /portal/profile']);
  });

  it('shows admins Call logs only when their role may view them', () => {
    const admin = as({ role: { name: 'ADMIN', isGuest: false } });
    expect(tools(admin, { callLogs: ['view'] })).toEqual(['Call logs /portal/admin/call-logs']);
    expect(tools(admin, { callLogs: ['edit'] })).toEqual([]);
  });

  it('shows admins Lesson history and Pay runs only when their role may view them', () => {
    const admin = as({ role: { name: 'ADMIN', isGuest: false } });
    expect(tools(admin, { lessonHistory: ['view'] })).toEqual(['Lesson history /portal/admin/lesson-history']);
    expect(tools(admin, { payRuns: ['view'] })).toEqual(['Pay runs /portal/admin/pay-runs']);
    expect(tools(admin, { lessonHistory: ['export'], payRuns: ['create'] })).toEqual([]);
  });

  it('shows admins Invoices only when their role may view them', () => {
    const admin = as({ role: { name: 'ADMIN', isGuest: false } });
    expect(tools(admin, { invoices: ['view'] })).toEqual(['Invoices /portal/admin/invoices']);
    expect(tools(admin, { invoices: ['create', 'edit'] })).toEqual([]);
  });

  it('shows the request, waiver and policy screens to admins whose role may view them', () => {
    const admin = as({ role: { name: 'ADMIN', isGuest: false } });
    expect(tools(admin, { meetingRequests: ['view'] })).toEqual(['Meeting requests /portal/admin/meeting-requests']);
    expect(tools(admin, { meetingRequests: ['respond'] })).toEqual([]);
    expect(tools(admin, { penaltyWaivers: ['view'] })).toEqual(['Penalty waivers /portal/admin/penalty-waivers']);
    expect(tools(admin, { manualAdjustments: ['view'] })).toEqual(['Penalty waivers /portal/admin/penalty-waivers']);
    expect(tools(admin, { cancellationPolicy: ['view'] })).toEqual(['Cancellation policy /portal/admin/cancellation-policy']);
  });

  it('never shows admin links to a non-admin, whatever map it is given', () => {
    expect(tools(as({ role: { name: 'TUTOR', isGuest: false } }), { adminUsers: ['view'], roles: ['view'] })).toEqual([]);
    expect(labels(as({ role: { name: 'TUTOR', isGuest: false } }), { adminUsers: ['view'], roles: ['view'] })).toEqual([
      'Profile /portal/profile',
      'Availability /portal/availability',
      'My lessons and pay /portal/my-pay',
      'Essay answers /portal/essay-answers',
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
    expect(tools(admin, { paymentHistory: ['view'] })).toEqual(['Payment history /portal/admin/payment-history']);
    expect(tools(admin, { transactionLogs: ['view'] })).toEqual(['Transaction logs /portal/admin/transaction-logs']);
    expect(tools(admin, { paymentHistory: ['edit'], transactionLogs: ['delete'] })).toEqual([]);
  });
});
