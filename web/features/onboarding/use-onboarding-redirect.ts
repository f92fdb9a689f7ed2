import { useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { actingForAtom } from '../../entities/accounts/acting';
import { signedInUserAtom } from '../../lib/session';

/** Roles with something to fill in before the portal is useful; the server agrees (worker/routes/onboarding.ts). */
export const ONBOARDING_ROLES = ['STUDENT', 'TUTOR'];

export const needsOnboarding = (user: { role: { name: string }; onboarded: boolean }) => ONBOARDING_ROLES.includes(user.role.name) && !user.onboarded;

/**
 * Sends a signed-in student or tutor who has not onboarded yet (a new sign-up) to /onboarding; `enabled` false leaves
 * them where they are (a page that first has something to say, such as a trial just booked).
 */
export function useOnboardingRedirect(enabled = true) {
  const user = useAtomValue(signedInUserAtom);
  const actingFor = useAtomValue(actingForAtom);
  const navigate = useNavigate();
  const pending = Boolean(enabled && user && !actingFor && needsOnboarding(user));
  useEffect(() => {
    if (pending) void navigate('/onboarding', { replace: true });
  }, [pending, navigate]);
  return pending;
}
