import { useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { actingForAtom } from '../../entities/accounts/acting';
import { needsOnboarding } from '../../lib/onboarding';
import { signedInUserAtom } from '../../lib/session';

/** Sends a signed-in student or tutor who has not onboarded yet (a new sign-up) to /onboarding. */
export function useOnboardingRedirect() {
  const user = useAtomValue(signedInUserAtom);
  const actingFor = useAtomValue(actingForAtom);
  const navigate = useNavigate();
  const pending = Boolean(user && !actingFor && needsOnboarding(user));
  useEffect(() => {
    if (pending) void navigate('/onboarding', { replace: true });
  }, [pending, navigate]);
  return pending;
}
