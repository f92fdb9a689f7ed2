import { databaseFor } from '../platform/database';
import { BRAND_ICON_PATH, MANIFEST_PATH } from '../schema/contracts/tenant-assets';
import type { Env } from './env';
import { brandShell, iconResponse, manifestFor } from './lib/branding/app-files';
import { tenantOfHost } from './lib/tenant-cache';
import { inlineScriptHashes } from './security-headers';
import { appPolicy } from './security-policy';

export const BASE_PATH = '/learning-portal';

/** The shell's policy, worked out once per build: it allows exactly the inline scripts this build's shell holds. */
let shellPolicyOf: { html: string; policy: string } | null = null;

async function shellPolicy(html: string) {
  if (shellPolicyOf?.html !== html) shellPolicyOf = { html, policy: appPolicy(await inlineScriptHashes(html)) };
  return shellPolicyOf.policy;
}

/**
 * Hashed assets never reach the Worker (wrangler.toml's run_worker_first excludes them); every other
 * non-API path is a client route, answered with the SPA shell. The shell, the manifest and the icon are the
 * tenant's own, found by host as the API finds it; an unknown host gets the shell as built.
 */
export async function serveSpa(request: Request, env: Env): Promise<Response> {
  const url = new URL(request.url);
  if (url.pathname === '/' || !url.pathname.startsWith(BASE_PATH)) {
    if (url.pathname === '/') return Response.redirect(new URL(`${BASE_PATH}/`, url).toString(), 302);
    const asset = await env.ASSETS.fetch(request);
    if (asset.status !== 404) return asset;
    return Response.redirect(new URL(`${BASE_PATH}/`, url).toString(), 302);
  }
  const tenant = await tenantOfHost(databaseFor(env.DB), url.hostname.toLowerCase());
  if (tenant && url.pathname === MANIFEST_PATH) {
    return Response.json(manifestFor(tenant), { headers: { 'content-type': 'application/manifest+json', 'cache-control': 'no-cache' } });
  }
  if (tenant && url.pathname === BRAND_ICON_PATH) return iconResponse(tenant, request, env);
  if (/\.[a-z0-9]+$/i.test(url.pathname)) {
    const asset = await env.ASSETS.fetch(request);
    if (asset.status !== 404) return asset;
  }
  // Always read with GET: the policy is worked out from the shell's scripts, which a HEAD answer would not carry.
  const built = await (await env.ASSETS.fetch(new Request(new URL(`${BASE_PATH}/`, url)))).text();
  const shell = new Response(built, {
    status: 200,
    headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache', 'content-security-policy': await shellPolicy(built) },
  });
  return tenant ? brandShell(shell, tenant, env) : shell;
}
