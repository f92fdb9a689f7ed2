/** Every screen lives under this base path (spec 1, section 9). */
export const BASENAME = '/learning-portal';
export const PORTAL_ROOT = `${BASENAME}/`;

/** `/learning-portal/login/` → `/learning-portal/login`; the root itself stays `/`. */
export function withoutTrailingSlash(path: string) {
  return path.replace(/(.)\/+$/, '$1');
}

/**
 * The router path of a url that is one of our pages on this origin (a result page, the simulated checkout), so it
 * opens without reloading the app; null for anywhere else, such as Stripe's own checkout.
 */
export function appPathOf(url: string): string | null {
  const target = new URL(url, window.location.href);
  if (target.origin !== window.location.origin || !target.pathname.startsWith(`${BASENAME}/`)) return null;
  return `${target.pathname.slice(BASENAME.length)}${target.search}`;
}
