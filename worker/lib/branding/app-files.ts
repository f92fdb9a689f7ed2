import { escapeHtml } from '../../../platform/email/html';
import { pngBytes, pngSize } from '../../../schema/contracts/branding';
import { TEXT_ON_BRAND } from '../../../schema/contracts/contrast';
import { HOME_TENANT_KEY } from '../../../schema/contracts/tenant';
import type { Tenant } from '../../../schema/tables';
import type { Env } from '../../env';
import { brandingOf, publicBranding } from './branding';
import { tenantAnswer } from './tenant-answer';

/**
 * The installed-app files and the app shell, per tenant: the manifest, the icon and index.html's title, theme colour
 * and icons all come from the tenant's branding, so an installed partner app never says or shows Studyhall.
 */

/** The home tenant keeps the icons it ships with until it uploads one; a partner without one gets its monogram. */
const usesBundledIcons = (tenant: Tenant) => tenant.key === HOME_TENANT_KEY && !brandingOf(tenant).icon;

export function manifestFor(tenant: Tenant) {
  const branding = publicBranding(tenant);
  const own = brandingOf(tenant).icon;
  const ownSize = own ? pngSize(pngBytes(own)!) : null;
  const icons = usesBundledIcons(tenant)
    ? [
        { src: 'icons/icon.svg', sizes: 'any', type: 'image/svg+xml' },
        { src: 'icons/icon-192.png', sizes: '192x192', type: 'image/png' },
        { src: 'icons/icon-512.png', sizes: '512x512', type: 'image/png' },
        { src: 'icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ]
    : ownSize
      ? [{ src: branding.iconUrl, sizes: `${ownSize.width}x${ownSize.height}`, type: 'image/png', purpose: 'any' }]
      : [{ src: branding.iconUrl, sizes: 'any', type: 'image/svg+xml', purpose: 'any' }];
  return {
    name: tenant.name,
    short_name: branding.shortName,
    description: branding.landing.lead,
    id: '/learning-portal/',
    start_url: '/learning-portal/portal',
    scope: '/learning-portal/',
    display: 'standalone',
    background_color: branding.colours.backgroundColour,
    theme_color: branding.colours.brandColour,
    icons,
  };
}

/** The tenant's first letter on its brand colour, in the colour its buttons' text takes. */
function monogram(tenant: Tenant) {
  const { colours } = brandingOf(tenant);
  const initial = escapeHtml(Array.from(tenant.name.trim())[0]?.toUpperCase() ?? '');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512"><rect width="512" height="512" rx="112" fill="${colours.brandColour}"/><text x="256" y="256" dy=".35em" text-anchor="middle" font-family="system-ui, -apple-system, Segoe UI, Roboto, sans-serif" font-size="288" font-weight="700" fill="${TEXT_ON_BRAND[colours.textOnBrand]}">${initial}</text></svg>`;
}

/** The icon's bytes: the uploaded PNG, the bundled icon of the home tenant, or the monogram. */
export async function iconResponse(tenant: Tenant, request: Request, env: Env): Promise<Response> {
  // An icon is never a page: no script in an SVG runs, and no browser guesses another type.
  const headers = {
    'cache-control': 'public, max-age=300',
    'x-content-type-options': 'nosniff',
    'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
  };
  const own = brandingOf(tenant).icon;
  if (own) return new Response(pngBytes(own), { headers: { ...headers, 'content-type': 'image/png' } });
  if (usesBundledIcons(tenant)) return env.ASSETS.fetch(new Request(new URL('/learning-portal/icons/icon.svg', request.url), request));
  return new Response(monogram(tenant), { headers: { ...headers, 'content-type': 'image/svg+xml; charset=utf-8' } });
}

/** JSON for an inline script: `<` written as its escape, so no value can close the script element. */
const inlineJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * index.html for this tenant: its name as the title until the page names itself, its colour as the theme colour and
 * on <html> (so the first frame is already in its colours), its icons, and the tenant itself for the app to start with.
 */
export function brandShell(shell: Response, tenant: Tenant, env: Env): Response {
  const answer = tenantAnswer(tenant, env);
  const { colours, landing } = answer.branding;
  const iconHref = usesBundledIcons(tenant) ? null : answer.branding.iconUrl;
  const iconType = answer.branding.hasOwnIcon ? 'image/png' : 'image/svg+xml';
  const style = `--tenant-primary:${colours.brandColour};--tenant-primary-dark:${colours.brandColourDark};--tenant-brand-ink:${TEXT_ON_BRAND[colours.textOnBrand]}`;
  return new HTMLRewriter()
    .on('html', { element: (el) => void el.setAttribute('style', style) })
    .on('title', { element: (el) => void el.setInnerContent(tenant.name) })
    .on('meta[name="theme-color"]', { element: (el) => void el.setAttribute('content', colours.brandColour) })
    .on('meta[name="description"]', { element: (el) => void el.setAttribute('content', landing.lead) })
    .on('link[rel="icon"], link[rel="apple-touch-icon"]', {
      element: (el) => {
        if (!iconHref) return;
        el.setAttribute('href', iconHref);
        if (el.getAttribute('rel') === 'icon') el.setAttribute('type', iconType);
      },
    })
    .on('head', { element: (el) => void el.append(`<script id="tenant-data" type="application/json">${inlineJson(answer)}</script>`, { html: true }) })
    .transform(shell);
}
