import { env, exports } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { senderOf } from '../../platform/email/provider';
import type { Branding } from '../../schema/contracts/branding';
import { BRIGHTPATH_BRANDING, STUDYHALL_BRANDING } from '../../schema/contracts/branding-defaults';
import type { TenantResponse } from '../../schema/contracts/tenant';
import { emailOutbox, tenants } from '../../schema/tables';
import type { Env } from '../../worker/env';
import { brandShell, manifestFor } from '../../worker/lib/branding/app-files';
import { type Callers, call, callers, seedExtraAdmins } from '../helpers/admins';
import { api, type ErrorJson, postJson, signIn } from '../helpers/auth';
import { db, PARTNER_HOST, seedDemo } from '../helpers/seed';

/** Studyhall's own name and every teal it has worn: none may reach a page, a file or a mail of the partner. */
const STUDYHALL_MARKS = [/studyhall/i, /#?01b8af/i, /#?0cd6cd/i, /#?019c94/i, /#?00a69e/i, /#?3ee0d8/i, /rgba\(1,\s*184,\s*175/, /rgba\(12,\s*214,\s*205/];
const leaks = (text: string) => STUDYHALL_MARKS.filter((mark) => mark.test(text)).map(String);

const PATH = '/admin/branding';
let as: Callers;
let partnerAdmin: string;

beforeAll(async () => {
  await seedDemo();
  await seedExtraAdmins();
  as = await callers();
  partnerAdmin = as.partner;
});

const partnerBranding = (): Branding => ({ name: 'BrightPath Tutors', ...BRIGHTPATH_BRANDING });
const read = (token: string, host = PARTNER_HOST) => call('GET', PATH, token, undefined, host);
const save = (body: unknown, token = partnerAdmin, host = PARTNER_HOST) => call('PUT', PATH, token, body, host);
const partnerRow = () => db.select().from(tenants).where(eq(tenants._id, 'tenant_brightpath')).get();
const fromWorker = (path: string, host = PARTNER_HOST) => exports.default.fetch(`http://${host}${path}`);

/** The smallest bytes that pass for a PNG of this size: the signature and the header chunk are all the check reads. */
function png(width: number, height = width, padding = 0) {
  const bytes = new Uint8Array(33 + padding);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  const view = new DataView(bytes.buffer);
  view.setUint32(16, width);
  view.setUint32(20, height);
  return `data:image/png;base64,${btoa(Array.from(bytes, (byte) => String.fromCharCode(byte)).join(''))}`;
}

async function expectRefused(res: Response, path: string, message: string) {
  expect(res.status, await res.clone().text()).toBe(400);
  const body = await res.json<ErrorJson>();
  expect(body.errors[0]?.path).toBe(path);
  expect(body.message).toBe(message);
}

describe('happy', () => {
  it("answers the partner's own branding to its admin, and to everyone through GET /tenant without a trace of Studyhall", async () => {
    const res = await read(partnerAdmin);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(partnerBranding());
    const tenant = await (await api('/tenant', {}, PARTNER_HOST)).json<TenantResponse>();
    expect(tenant.branding).toMatchObject({ colours: BRIGHTPATH_BRANDING.colours, support: BRIGHTPATH_BRANDING.support, hasOwnIcon: false });
    expect(tenant.theme).toEqual({ primary: '#4F46E5', primaryDark: '#818CF8' });
    expect(leaks(JSON.stringify(tenant))).toEqual([]);
  });

  it('keeps Studyhall its own look', async () => {
    const tenant = await (await api('/tenant')).json<TenantResponse>();
    expect(tenant.branding.colours).toEqual(STUDYHALL_BRANDING.colours);
    expect(tenant.branding.landing.boards).toContain('AQA GCSE');
    expect(tenant.theme).toEqual({ primary: '#01B8AF', primaryDark: '#0CD6CD' });
  });

  it("serves the partner's installed app as its own: name, short name, colours and a monogram icon in its colour", async () => {
    const res = await fromWorker('/learning-portal/manifest.webmanifest');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/manifest+json');
    const manifest = await res.json<ReturnType<typeof manifestFor>>();
    expect(manifest).toMatchObject({ name: 'BrightPath Tutors', short_name: 'BrightPath', theme_color: '#4F46E5', background_color: '#EEF2FF' });
    expect(manifest.icons).toEqual([
      { src: expect.stringMatching(/^\/learning-portal\/brand-icon\?v=\d+$/), sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
    ]);
    expect(leaks(JSON.stringify(manifest))).toEqual([]);
    const icon = await fromWorker(manifest.icons[0]!.src);
    expect(icon.headers.get('content-type')).toContain('image/svg+xml');
    const svg = await icon.text();
    expect(svg).toContain('fill="#4F46E5"');
    expect(svg).toContain('>B</text>');
    expect(leaks(svg)).toEqual([]);
  });

  it("writes the tenant's title, theme colour, colours, icon and the tenant itself into the app shell", async () => {
    const built =
      '<!doctype html><html lang="en"><head><meta name="theme-color" content="#01B8AF" /><link rel="icon" href="/icons/icon.svg" type="image/svg+xml" /><link rel="apple-touch-icon" href="/icons/apple-touch-icon.png" /><title>Studyhall — live tutoring and learning</title><meta name="description" content="Studyhall lessons" /></head><body></body></html>';
    const html = await brandShell(new Response(built), (await partnerRow())!, env as unknown as Env).text();
    expect(html).toContain('<title>BrightPath Tutors</title>');
    expect(html).toContain('<meta name="theme-color" content="#4F46E5" />');
    expect(html).toContain('style="--tenant-primary:#4F46E5;--tenant-primary-dark:#818CF8;--tenant-brand-ink:#FFFFFF"');
    expect(html).toMatch(/<link rel="icon" href="\/learning-portal\/brand-icon\?v=\d+" type="image\/svg\+xml"/);
    const data = /<script id="tenant-data" type="application\/json">(.*?)<\/script>/.exec(html)?.[1];
    expect(JSON.parse(data!)).toMatchObject({ name: 'BrightPath Tutors', isPartner: true });
    expect(leaks(html)).toEqual([]);
  });

  it('replaces the branding whole and answers it; the tenant, the manifest and the shell follow at once', async () => {
    const next = partnerBranding();
    next.name = 'BrightPath Learning';
    next.colours = { brandColour: '#B91C1C', brandColourDark: '#FCA5A5', textOnBrand: 'white', backgroundColour: '#FFF1F2' };
    next.landing = { ...next.landing, boards: ['Cambridge IGCSE'], headline: 'Lessons that  ' };
    const res = await save(next);
    expect(res.status, await res.clone().text()).toBe(200);
    const saved = await res.json<Branding>();
    expect(saved).toEqual({ ...next, landing: { ...next.landing, headline: 'Lessons that' } });
    expect(await (await read(partnerAdmin)).json()).toEqual(saved);
    const tenant = await (await api('/tenant', {}, PARTNER_HOST)).json<TenantResponse>();
    expect(tenant).toMatchObject({ name: 'BrightPath Learning', theme: { primary: '#B91C1C' } });
    const manifest = await (await fromWorker('/learning-portal/manifest.webmanifest')).json<ReturnType<typeof manifestFor>>();
    expect(manifest).toMatchObject({ name: 'BrightPath Learning', theme_color: '#B91C1C', background_color: '#FFF1F2' });
    // Studyhall's own stays as it was.
    expect((await (await api('/tenant')).json<TenantResponse>()).branding.colours.brandColour).toBe('#01B8AF');
    expect(await save(partnerBranding())).toHaveProperty('status', 200);
  });

  it("serves an uploaded icon as the app's icon, at its size", async () => {
    const icon = png(512);
    expect((await save({ ...partnerBranding(), icon })).status).toBe(200);
    const manifest = await (await fromWorker('/learning-portal/manifest.webmanifest')).json<ReturnType<typeof manifestFor>>();
    expect(manifest.icons).toEqual([{ src: expect.stringContaining('/learning-portal/brand-icon?v='), sizes: '512x512', type: 'image/png', purpose: 'any' }]);
    const res = await fromWorker(manifest.icons[0]!.src);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(new Uint8Array(await res.arrayBuffer()).slice(1, 4)).toEqual(new Uint8Array([0x50, 0x4e, 0x47]));
    expect((await save(partnerBranding())).status).toBe(200);
  });

  it("sends every mail under the tenant's sender name, from the configured address", () => {
    expect(senderOf('Studyhall <no-reply@studyhall.test>', 'Studyhall')).toBe('Studyhall <no-reply@studyhall.test>');
    expect(senderOf('Studyhall <no-reply@studyhall.test>', 'BrightPath Tutors')).toBe('BrightPath Tutors <no-reply@studyhall.test>');
    expect(senderOf('no-reply@example.com', 'O\'Neil "Maths" <Tutors>')).toBe('"O\'Neil Maths Tutors" <no-reply@example.com>');
  });
});

describe('errors', () => {
  const withColours = (change: Partial<Branding['colours']>) => ({ ...partnerBranding(), colours: { ...partnerBranding().colours, ...change } });

  it('refuses a brand colour white text cannot be read on, saying so, and writes nothing', async () => {
    const before = await partnerRow();
    await expectRefused(
      await save(withColours({ brandColour: '#FFD400' })),
      'colours.brandColour',
      'Brand colour has too little contrast with white text: 1.4:1, and it needs at least 4.5:1.',
    );
    expect(await partnerRow()).toEqual(before);
  });

  it('refuses a dark text on a dark brand colour, and a dark-mode colour too dark for the dark text it carries', async () => {
    await expectRefused(
      await save(withColours({ brandColour: '#1E1B4B', textOnBrand: 'dark' })),
      'colours.brandColour',
      'Brand colour has too little contrast with dark text: 1.2:1, and it needs at least 4.5:1.',
    );
    await expectRefused(
      await save(withColours({ brandColourDark: '#312E81' })),
      'colours.brandColourDark',
      'Brand colour in dark mode has too little contrast with dark text: 1.7:1, and it needs at least 4.5:1.',
    );
  });

  it('refuses colours that are not colours', async () => {
    await expectRefused(
      await save(withColours({ backgroundColour: 'indigo' })),
      'colours.backgroundColour',
      'Background colour must be a colour written as # and six hexadecimal digits, such as #4F46E5.',
    );
    await expectRefused(await save(withColours({ textOnBrand: 'grey' as 'white' })), 'colours.textOnBrand', 'Text on the brand colour must be white or dark.');
  });

  it('refuses icons by type, size and shape', async () => {
    const withIcon = (icon: string) => save({ ...partnerBranding(), icon });
    await expectRefused(await withIcon('data:image/svg+xml;base64,PHN2Zz48L3N2Zz4='), 'icon', 'App icon must be a PNG image.');
    await expectRefused(await withIcon(png(512, 256)), 'icon', 'App icon must be square; this one is 512 × 256 pixels.');
    await expectRefused(await withIcon(png(64)), 'icon', 'App icon must be between 192 and 1024 pixels wide; this one is 64 pixels.');
    await expectRefused(await withIcon(png(512, 512, 210 * 1024)), 'icon', 'App icon must be at most 200 KB; this one is 211 KB.');
  });

  it('refuses texts by length and contacts by form, naming the field', async () => {
    const branding = partnerBranding();
    await expectRefused(
      await save({ ...branding, landing: { ...branding.landing, headline: 'x'.repeat(81) } }),
      'landing.headline',
      'Headline can be at most 80 characters.',
    );
    await expectRefused(await save({ ...branding, shortName: 'BrightPath Tutors' }), 'shortName', 'Short name can be at most 12 characters.');
    await expectRefused(await save({ ...branding, name: '  ' }), 'name', 'Name is required.');
    await expectRefused(
      await save({ ...branding, support: { ...branding.support, whatsappNumber: '+44 7700' } }),
      'support.whatsappNumber',
      'WhatsApp number must be 8 to 15 digits with the country code first and no + or spaces, such as 447700900123.',
    );
    await expectRefused(
      await save({ ...branding, landing: { ...branding.landing, testimonials: [{ quote: 'Great', author: '', detail: '' }] } }),
      'landing.testimonials.0.author',
      'Author (testimonials 1) is required.',
    );
  });
});

describe('permissions', () => {
  it('asks for a sign-in, and refuses students, tutors and admins without the branding flag whatever the body', async () => {
    expect((await api(PATH, {}, PARTNER_HOST)).status).toBe(401);
    const learner = await signIn('learner@partner.test', PARTNER_HOST);
    const tutor = await signIn('tutor@partner.test', PARTNER_HOST);
    expect((await read(learner)).status).toBe(403);
    expect((await save({ junk: true }, tutor)).status).toBe(403);
    expect((await read(as.approver, 'localhost')).status).toBe(403);
    expect((await save({ junk: true }, as.approver, 'localhost')).status).toBe(403);
  });

  it("never lets another tenant's admin read or change the partner's branding", async () => {
    const before = await partnerRow();
    // Studyhall's admin on the partner's address: the token is not of this tenant.
    expect((await read(as.admin)).status).toBe(401);
    expect((await save({ ...partnerBranding(), name: 'Taken over' }, as.admin)).status).toBe(401);
    // On its own address it reaches only its own tenant.
    const own = await read(as.admin, 'localhost');
    expect((await own.json<Branding>()).name).toBe('Studyhall');
    expect(await partnerRow()).toEqual(before);
  });
});

describe("the partner's mails", () => {
  it('say nothing of Studyhall and wear none of its colours: password reset, temporary password, invoice', async () => {
    expect((await postJson('/auth/forgot-password', { email: 'learner@partner.test' }, {}, PARTNER_HOST)).status).toBe(200);
    expect((await call('POST', '/admin/users/resend-user-password/user_partner_tutor', partnerAdmin, undefined, PARTNER_HOST)).status).toBe(200);
    const due = new Date(Date.now() + 7 * 86_400_000).toISOString();
    const created = await call(
      'POST',
      '/admin/invoices',
      partnerAdmin,
      { userId: 'user_partner_learner', currency: 'GBP', dueAt: due, lines: [{ description: 'Workbook', unitAmount: 2500 }] },
      PARTNER_HOST,
    );
    expect(created.status, await created.clone().text()).toBe(201);
    const { doc } = await created.json<{ doc: { _id: string } }>();
    expect((await call('POST', `/admin/invoices/send-mail/${doc._id}`, partnerAdmin, undefined, PARTNER_HOST)).status).toBe(200);

    const mails = await db.select().from(emailOutbox).where(eq(emailOutbox.tenantId, 'tenant_brightpath')).all();
    expect(mails.map((m) => m.subject)).toEqual(
      expect.arrayContaining([expect.stringContaining('BrightPath Tutors'), expect.stringMatching(/^Invoice .* from BrightPath Tutors/)]),
    );
    expect(mails.length).toBeGreaterThanOrEqual(3);
    for (const mail of mails) expect(leaks(`${mail.subject}\n${mail.text}\n${mail.html}`), mail.subject).toEqual([]);
  });
});
