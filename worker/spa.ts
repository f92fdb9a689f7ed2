import type { Env } from './env';

export const BASE_PATH = '/learning-portal';

/**
 * Hashed assets never reach the Worker (wrangler.toml's run_worker_first excludes them); every other
 * non-API path is a client route, answered with the SPA shell.
 */
export async function serveSpa(request: Request, env: Env): Promise<Response> {
  const url = new URL(request.url);
  if (url.pathname === '/' || !url.pathname.startsWith(BASE_PATH)) {
    if (url.pathname === '/') return Response.redirect(new URL(`${BASE_PATH}/`, url).toString(), 302);
    const asset = await env.ASSETS.fetch(request);
    if (asset.status !== 404) return asset;
    return Response.redirect(new URL(`${BASE_PATH}/`, url).toString(), 302);
  }
  if (/\.[a-z0-9]+$/i.test(url.pathname)) {
    const asset = await env.ASSETS.fetch(request);
    if (asset.status !== 404) return asset;
  }
  const shell = await env.ASSETS.fetch(new Request(new URL(`${BASE_PATH}/`, url), request));
  return new Response(shell.body, {
    status: 200,
    headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' },
  });
}
