import clsx from 'clsx';
import { useAtomValue } from 'jotai';
import { LogIn } from 'lucide-react';
import { type ComponentType, lazy, Suspense, useEffect, useState } from 'react';
import { Link, NavLink } from 'react-router-dom';
import HeaderBalance from '../features/billing/HeaderBalance';
import ActingForChip from '../features/manage-accounts/ActingForChip';
import { navItems } from '../lib/nav-items';
import { signedInUserAtom } from '../lib/session';
import { primaryButton } from '../ui/classes';
import ThemeToggle from '../ui/ThemeToggle';
import BrandLink from './BrandLink';
import { AccountMenu, AdminToolsMenu, PhoneMenu } from './HeaderMenus';

// The offline mark and the update note are not needed for the first paint.
const OfflineStatus = lazy(() => import('../features/offline/OfflineStatus'));

/** The badge waits this long after sign-in or a reload, so the page the person opened loads first. */
const INBOX_BADGE_DELAY_MS = 1500;

/**
 * The chat badge loads only for signed-in people, so the landing page does not carry the chat code, and it loads
 * after the page rather than through Suspense, so a navigation never waits for it.
 */
function useInboxBadge(enabled: boolean) {
  const [Badge, setBadge] = useState<{ Inbox: ComponentType<{ userId: string }>; Bell: ComponentType } | null>(null);
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    const timer = setTimeout(() => {
      void Promise.all([import('../features/chat/InboxBadge'), import('../features/notifications/NoticeBell')]).then(([inbox, bell]) => {
        if (live) setBadge({ Inbox: inbox.default, Bell: bell.default });
      });
    }, INBOX_BADGE_DELAY_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [enabled]);
  return enabled ? Badge : null;
}

export default function Header() {
  const user = useAtomValue(signedInUserAtom);
  const badges = useInboxBadge(Boolean(user));
  return (
    <header className="sticky top-[var(--impersonation-bar,0px)] z-40 border-b border-slate-200/80 bg-white/85 backdrop-blur-md dark:border-slate-800/80 dark:bg-slate-950/85">
      <div className="relative mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <div className="flex min-w-0 items-center gap-8">
          <BrandLink />
          <nav aria-label="Main" className="hidden md:block">
            <ul className="flex items-center gap-1">
              {navItems(Boolean(user)).map((item) => (
                <li key={item.to}>
                  <NavLink
                    to={item.to}
                    end={item.end}
                    className={({ isActive }) =>
                      clsx(
                        'rounded-full px-3.5 py-2 text-sm font-medium transition focus-visible:outline-2 focus-visible:outline-brand',
                        isActive
                          ? 'bg-brand/10 text-slate-900 dark:text-white'
                          : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white',
                      )
                    }
                  >
                    {item.label}
                  </NavLink>
                </li>
              ))}
              {user?.role.name === 'ADMIN' && (
                <li>
                  <AdminToolsMenu user={user} />
                </li>
              )}
            </ul>
          </nav>
        </div>
        <div className="flex items-center gap-1 sm:gap-2">
          <Suspense fallback={null}>
            <OfflineStatus />
          </Suspense>
          <ActingForChip />
          {user && badges && (
            <>
              {/* The balance is read with the badge, after the page's own calls; the badge's socket brings its news. */}
              <HeaderBalance />
              <badges.Bell />
              <badges.Inbox userId={user._id} />
            </>
          )}
          <ThemeToggle />
          <div className="hidden md:block">
            {user ? (
              <AccountMenu user={user} />
            ) : (
              <Link to="/login" className={primaryButton} data-testid="header-sign-in">
                <LogIn className="size-4" aria-hidden="true" />
                Sign in
              </Link>
            )}
          </div>
          <PhoneMenu user={user} />
        </div>
      </div>
    </header>
  );
}
