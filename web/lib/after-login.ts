import type { PublicUser } from '../../schema/contracts/auth';
import { needsOnboarding } from './onboarding';

/** Only same-app paths are followed, so a crafted link cannot send someone to another site after login. */
function safeRedirect(redirect: string | null) {
  if (!redirect || !redirect.startsWith('/') || redirect.startsWith('//') || redirect.startsWith('/\\')) return null;
  return redirect;
}

/**
 * Where a successful login goes (spec 1, section 2): the redirect query, the account switcher, onboarding for a new
 * student or tutor who has not said what they study or teach, or the person's Home (`/portal`): it has their next
 * lesson and its Join (docs/decisions/homes.md).
 */
export function pathAfterLogin(user: PublicUser, redirect: string | null) {
  return safeRedirect(redirect) ?? (user.userMapper.length > 0 ? '/manage-accounts' : needsOnboarding(user) ? '/onboarding' : '/portal');
}
