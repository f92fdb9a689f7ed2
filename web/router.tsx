import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import type { AreaKey } from './features/coming-soon/areas';
import AppShell from './layout/AppShell';
import RequireSignIn from './layout/RequireSignIn';
import { BASENAME } from './lib/paths';
import { lazyPage } from './ui/lazy-page';

const HomePage = lazyPage(() => import('./features/home/HomePage'));
const LoginPage = lazyPage(() => import('./features/auth/LoginPage'));
const DashboardPage = lazyPage(() => import('./features/dashboard/DashboardPage'));
const ComingSoonPage = lazyPage<{ area: AreaKey }>(() => import('./features/coming-soon/ComingSoonPage'));
const NotFoundPage = lazyPage(() => import('./features/not-found/NotFoundPage'));

const soon = (path: string, area: AreaKey): RouteObject => ({ path, element: <ComingSoonPage area={area} /> });

/** The route table of spec 1, section 2; every page is loaded on first use. */
export const routes: RouteObject[] = [
  {
    element: <AppShell />,
    children: [
      { index: true, element: <HomePage /> },
      { path: 'login', element: <LoginPage /> },
      soon('sign-up', 'signUp'),
      soon('forgot-password', 'forgotPassword'),
      soon('reset-password', 'resetPassword'),
      soon('portal/*', 'portal'),
      {
        path: 'dashboard',
        element: (
          <RequireSignIn>
            <DashboardPage />
          </RequireSignIn>
        ),
      },
      soon('dashboard/:curriculum/:subject/:subjectLevel/:subjectCode/past-papers', 'pastPapers'),
      soon('dashboard/*', 'dashboard'),
      soon('trial-recording/:trialId', 'trialRecording'),
      soon('verifyNotesLink', 'verifyNotesLink'),
      soon('startSubmission/:quizId', 'startSubmission'),
      soon('payment/:diagnosticId', 'payment'),
      soon('subscriptions', 'subscriptions'),
      soon('topical-past-papers', 'topicalPastPapers'),
      soon('manage-accounts', 'manageAccounts'),
      soon('onboarding', 'onboarding'),
      soon('waiting-room/:waitingId', 'waitingRoom'),
      soon(':curriculum', 'curriculum'),
      soon(':curriculum/:subject', 'subject'),
      soon(':curriculum/:subject/*', 'subject'),
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes, { basename: BASENAME });
}
