import { API_POLICY, appPolicy, COMMON_HEADERS, HSTS } from './security-policy';

/** The headers every answer carries, whether it comes from the API, the app shell, a file the Worker serves or an error. */

export const isApi = (pathname: string) => pathname === '/api' || pathname.startsWith('/api/');

/**
 * The answer with the headers added (those it set itself, such as a shell's own policy or a file's caching, stay).
 * API answers that set no caching are `no-store`: they are about the person asking. A socket's 101 is left as it is.
 * The common headers are set outright: an answer that sets one of them sets the same value (`nosniff`), and every
 * header looked up costs a call into the runtime on every answer.
 */
export function withSecurityHeaders(url: URL, response: Response): Response {
  if (response.status === 101 || response.webSocket) return response;
  const answer = withWritableHeaders(response);
  const { headers } = answer;
  for (const [name, value] of COMMON_ENTRIES) headers.set(name, value);
  const setUnlessSet = (name: string, value: string) => {
    if (!headers.has(name)) headers.set(name, value);
  };
  if (isApi(url.pathname)) {
    setUnlessSet('content-security-policy', API_POLICY);
    setUnlessSet('cache-control', 'no-store');
  } else {
    setUnlessSet('content-security-policy', appPolicy());
  }
  if (url.protocol === 'https:') headers.set('strict-transport-security', HSTS);
  return answer;
}

const COMMON_ENTRIES = Object.entries(COMMON_HEADERS);

/** The answer itself when its headers can change (ours); a copy for those that cannot (fetch's, the assets'). */
function withWritableHeaders(response: Response): Response {
  try {
    response.headers.set('x-content-type-options', 'nosniff');
    return response;
  } catch {
    return new Response(response.body, response);
  }
}

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;

/** The SHA-256 (base64) of each inline script the shell runs; data blocks (type="application/json") run nothing. */
export async function inlineScriptHashes(html: string): Promise<string[]> {
  const scripts = [...html.matchAll(INLINE_SCRIPT)].filter(([, attributes = '']) => !/\bsrc\s*=|\btype\s*=\s*["']?application\/json/i.test(attributes));
  return Promise.all(
    scripts.map(async ([, , body = '']) => {
      const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(body));
      return btoa(String.fromCharCode(...new Uint8Array(digest)));
    }),
  );
}
