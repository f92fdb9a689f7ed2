import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { lazy, Suspense, useEffect, useLayoutEffect, useState } from 'react';
import { Outlet, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { useActiveImpersonation } from '../entities/impersonation/active-impersonation';
import { tenantAtom, tenantLoadingAtom } from '../entities/tenant/atoms';
import { useTenantLoader } from '../entities/tenant/use-tenant-loader';
import { useSessionBootstrap } from '../features/auth/use-session-bootstrap';
import { dropRoomSnapshotOffPath } from '../features/lesson-rooms/room-snapshot';
import { TRIAL_CREATED_FLAG } from '../features/trials/trial-flag';
import { dropSessionAtom, sessionAtom, sessionEndingAtom, tokenReadyAtom, userLoadedAtom } from '../lib/session';
import { onSessionEnded } from '../lib/session-events';
import LoadingScreen from '../ui/LoadingScreen';
import Toaster from '../ui/toast/Toaster';
import Footer from './Footer';
import Header from './Header';
import SupportButton from './SupportButton';
import { usePageMeta, usePageTitle, useScrollToTop } from './use-page-meta';

// Only visitors coming back from a trial booking need it, so it stays out of the initial load.
const TrialScheduledDialog = lazy(() => import('./TrialScheduledDialog'));
// Only an admin acting as someone ever sees the banner, so its code stays out of everyone else's first load.
const ImpersonationBanner = lazy(() => import('../entities/impersonation/ImpersonationBanner'));

/** Spec 1, section 2: wait for the token, for a stored user's data, and for the tenant while none is known. */
function useStartupDone() {
  const tokenReady = useAtomValue(tokenReadyAtom);
  const userLoaded = useAtomValue(userLoadedAtom);
  const session = useAtomValue(sessionAtom);
  const tenant = useAtomValue(tenantAtom);
  const tenantLoading = useAtomValue(tenantLoadingAtom);
  const ready = tokenReady && (!session || userLoaded) && !(tenantLoading && !tenant);
  // Once the app is up it stays up: a later sign-out or 401 must not blank the page.
  const [done, setDone] = useState(ready);
  useEffect(() => {
    if (ready) setDone(true);
  }, [ready]);
  return done || ready;
}

export default function AppShell() {
  const navigate = useNavigate();
  const dropSession = useSetAtom(dropSessionAtom);
  const [params] = useSearchParams();
  const impersonating = useActiveImpersonation() !== null;
  useSessionBootstrap();
  useTenantLoader();
  usePageTitle();
  usePageMeta();
  useScrollToTop();
  const started = useStartupDone();

  useEffect(
    () =>
      onSessionEnded(() => {
        dropSession();
        void navigate('/', { replace: true });
      }),
    [navigate, dropSession],
  );

  const { pathname } = useLocation();
  useLayoutEffect(dropRoomSnapshotOffPath, [pathname]);
  const [ending, setEnding] = useAtom(sessionEndingAtom);
  useEffect(() => {
    if (ending && pathname === '/') setEnding(false);
  }, [ending, pathname, setEnding]);

  if (!started) return <LoadingScreen />;

  return (
    <div className="flex min-h-screen flex-col wrap-break-word">
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-white px-4 py-2 font-medium focus:not-sr-only focus:fixed focus:top-3 focus:left-3 dark:bg-slate-900"
      >
        Skip to content
      </a>
      {impersonating && (
        <Suspense fallback={null}>
          <ImpersonationBanner />
        </Suspense>
      )}
      <Header />
      <main id="main" className="min-h-svh flex-1">
        <Outlet />
      </main>
      <Footer />
      <SupportButton />
      <Toaster />
      {params.has(TRIAL_CREATED_FLAG) && (
        <Suspense fallback={null}>
          <TrialScheduledDialog />
        </Suspense>
      )}
    </div>
  );
}
