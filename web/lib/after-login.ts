import type { PublicUser } from '../../schema/contracts/auth';

/** Only same-app paths are followed, so a crafted link cannot send someone to another site after login. */
function safeRedirect(redirect: string | null) {
  if (!redirect || !redirect.startsWith('/') || redirect.startsWith('//') || redirect.startsWith('/\\')) return null;
  return redirect;
}

/**
 * Where a successful login goes (spec 1, section 2): the redirect query, the account switcher, or the portal's
 * dashboard, which is the person's Home (`/portal`): it has their next lesson and its Join (docs/decisions/homes.md).
 */
export function pathAfterLogin(user: PublicUser, redirect: string | null) {
  return safeRedirect(redirect) ?? (user.userMapper.length > 0 ? '/manage-accounts' : '/portal');
}
