import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { Branding } from '../../schema/contracts/branding';
import { BRIGHTPATH_BRANDING } from '../../schema/contracts/branding-defaults';
import { fullAdminPermissions } from '../../schema/contracts/permissions';
import { storeSession } from './app-harness';
import { json, mockApi, TENANT, user } from './fetch-mock';
import { renderApp, startup } from './render-app';

const FIRST_PAINT = { timeout: 10_000 };
const PARTNER = {
  ...TENANT,
  _id: 'tenant_brightpath',
  key: 'brightpath',
  domain: 'partner.localhost',
  name: 'BrightPath Tutors',
  theme: { primary: '#4F46E5', primaryDark: '#818CF8' },
  isPartner: true,
  branding: { ...BRIGHTPATH_BRANDING, iconUrl: '/learning-portal/brand-icon?v=1', hasOwnIcon: false },
};
const ADMIN = user({ _id: 'user_partner_admin', firstname: 'Pia', lastname: 'Admin', email: 'admin@partner.test', role: { name: 'ADMIN', isGuest: false } });
const STUDYHALL_MARKS = [/studyhall/i, /01b8af/i, /0cd6cd/i, /019c94/i, /rgba\(1,\s*184,\s*175/];

afterEach(() => {
  document.documentElement.removeAttribute('style');
});

function openBranding(permissions: Record<string, string[]> = fullAdminPermissions) {
  storeSession(ADMIN);
  const saved: Branding[] = [];
  let tenant = PARTNER;
  const fetchMock = mockApi({
    ...startup,
    'GET /api/tenant': () => json(tenant),
    'GET /api/user/authUser': () => json({ ...ADMIN, actingFor: ADMIN }),
    'GET /api/admin/settings/permissions': () => json({ role: null, permissions }),
    'GET /api/admin/branding': () => json({ name: 'BrightPath Tutors', ...BRIGHTPATH_BRANDING }),
    'PUT /api/admin/branding': ({ json: body }) => {
      const branding = body as Branding;
      saved.push(branding);
      tenant = { ...PARTNER, branding: { ...PARTNER.branding, colours: branding.colours } };
      return json(branding);
    },
  });
  renderApp('/portal/admin/branding');
  return { saved, fetchMock };
}

describe('the Branding page', { timeout: 30_000 }, () => {
  it('is titled for the page and the partner, and previews the colour as it is typed, with the contrast it reaches', async () => {
    openBranding();
    const field = await screen.findByRole('textbox', { name: 'Brand colour' }, FIRST_PAINT);
    await waitFor(() => expect(document.title).toBe('Branding · BrightPath Tutors'));
    const preview = screen.getByTestId('branding-preview');
    expect(within(preview).getByText('White text on the brand colour: contrast 6.2:1, easy to read.')).toBeInTheDocument();
    await userEvent.clear(field);
    await userEvent.type(field, '#FFD400');
    expect(within(preview).getByText('#FFD400')).toBeInTheDocument();
    expect(within(preview).getByText('White text on the brand colour: contrast 1.4:1, below the 4.5:1 it needs.')).toBeInTheDocument();
    expect(within(preview).getByText('Your first class is on us').parentElement).toHaveStyle({ background: '#FFD400' });
  });

  it('refuses a colour white text cannot be read on with a sentence naming the field, and sends nothing', async () => {
    const { saved } = openBranding();
    const field = await screen.findByRole('textbox', { name: 'Brand colour' }, FIRST_PAINT);
    await userEvent.clear(field);
    await userEvent.type(field, '#FFD400');
    await userEvent.click(screen.getByRole('button', { name: 'Save branding' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Brand colour has too little contrast with white text: 1.4:1, and it needs at least 4.5:1.');
    expect(saved).toEqual([]);
  });

  it('saves the whole branding, and the app around the page wears the new colour at once', async () => {
    const { saved } = openBranding();
    const field = await screen.findByRole('textbox', { name: 'Brand colour' }, FIRST_PAINT);
    await userEvent.clear(field);
    await userEvent.type(field, '#b91c1c');
    const boards = screen.getByRole('textbox', { name: 'Boards' });
    await userEvent.type(boards, '{enter}Cambridge Primary');
    await userEvent.click(screen.getByRole('button', { name: 'Save branding' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({ name: 'BrightPath Tutors', colours: { brandColour: '#B91C1C' } });
    expect(saved[0]!.landing.boards).toEqual(['Cambridge IGCSE', 'Cambridge International A Level', 'Cambridge Primary']);
    await waitFor(() => expect(document.documentElement.style.getPropertyValue('--tenant-primary')).toBe('#B91C1C'));
    expect(document.head.querySelector('meta[name="theme-color"]')).toHaveAttribute('content', '#B91C1C');
  });

  it('tells an admin without the branding flag why the page is not theirs', async () => {
    openBranding({ adminUsers: ['view'] });
    expect(await screen.findByText('No access to branding', {}, FIRST_PAINT)).toBeInTheDocument();
  });
});

describe("the partner's pages", { timeout: 30_000 }, () => {
  it.each([
    ['/sign-up', 'Sign up · BrightPath Tutors'],
    ['/forgot-password', 'Forgot password · BrightPath Tutors'],
    ['/no/such/page/at/all', 'Page not found · BrightPath Tutors'],
    ['/login', 'Sign in · BrightPath Tutors'],
  ])('%s is titled %s', async (path, title) => {
    mockApi({ ...startup, 'GET /api/tenant': () => json(PARTNER) });
    renderApp(path);
    await waitFor(() => expect(document.title).toBe(title), FIRST_PAINT);
  });

  it("show the partner's own landing page: its headline, boards, subjects, testimonials and support line, and nothing of Studyhall", async () => {
    mockApi({ ...startup, 'GET /api/tenant': () => json(PARTNER), 'GET /api/curriculums/getCurriculumsForHomePage': () => json([]) });
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Online lessons that light the way', level: 1 }, FIRST_PAINT)).toBeInTheDocument();
    expect(screen.getByText('Cambridge IGCSE · A Level')).toBeInTheDocument();
    expect(screen.getAllByText('Cambridge International A Level').length).toBeGreaterThan(0);
    expect(screen.getByText('Physics')).toBeInTheDocument();
    expect(screen.getByText(BRIGHTPATH_BRANDING.landing.testimonials[0]!.quote)).toBeInTheDocument();
    expect(screen.queryByText(/AQA|Edexcel/)).toBeNull();
    expect(screen.getByTestId('support-button')).toHaveAttribute('href', 'https://wa.me/447700900123?text=Hello');
    const html = document.documentElement.outerHTML;
    expect(STUDYHALL_MARKS.filter((mark) => mark.test(html)).map(String)).toEqual([]);
  });
});
