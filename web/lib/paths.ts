/** Every screen lives under this base path (spec 1, section 9). */
export const BASENAME = '/learning-portal';
export const PORTAL_ROOT = `${BASENAME}/`;

/** `/learning-portal/login/` → `/learning-portal/login`; the root itself stays `/`. */
export function withoutTrailingSlash(path: string) {
  return path.replace(/(.)\/+$/, '$1');
}
