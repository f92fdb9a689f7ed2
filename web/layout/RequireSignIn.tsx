import { useAtomValue } from 'jotai';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { sessionEndingAtom, signedInUserAtom } from '../lib/session';

/** Guests are sent to the login page, which brings them back here afterwards; a session that just ended goes home. */
export default function RequireSignIn({ children }: { children: ReactNode }) {
  const user = useAtomValue(signedInUserAtom);
  const ending = useAtomValue(sessionEndingAtom);
  const { pathname, search } = useLocation();
  if (user) return children;
  if (ending) return <Navigate to="/" replace />;
  return <Navigate to={`/login?redirect=${encodeURIComponent(pathname + search)}`} replace />;
}
