import { useAtomValue } from 'jotai';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { signedInUserAtom } from '../features/auth/atoms';

/** Guests are sent to the login page, which brings them back here afterwards. */
export default function RequireSignIn({ children }: { children: ReactNode }) {
  const user = useAtomValue(signedInUserAtom);
  const { pathname, search } = useLocation();
  if (!user) return <Navigate to={`/login?redirect=${encodeURIComponent(pathname + search)}`} replace />;
  return children;
}
