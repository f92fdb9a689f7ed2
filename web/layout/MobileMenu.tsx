import { CloseButton, Disclosure, DisclosureButton, DisclosurePanel } from '@headlessui/react';
import clsx from 'clsx';
import { useAtomValue } from 'jotai';
import { LogIn, LogOut, Mail, MessageCircle } from 'lucide-react';
import type { Ref } from 'react';
import { Link, NavLink } from 'react-router-dom';
import type { PublicUser } from '../../schema/contracts/auth';
import { useAdminPermissions } from '../entities/roles/admin-permissions';
import { brandingAtom, tenantAtom } from '../entities/tenant/atoms';
import { useSignOut } from '../features/auth/use-sign-out';
import { accountLinks, adminLinks, type NavItem, navItems } from '../lib/nav-items';
import { primaryButton } from '../ui/classes';
import { initials, MobileMenuFace, mobileMenuButton, mobileMenuLabel } from './menu-faces';
import { supportLink } from './support';

function MenuLink({ item }: { item: NavItem }) {
  return (
    <li>
      <CloseButton
        as={NavLink}
        to={item.to}
        end={item.end}
        className={({ isActive }: { isActive: boolean }) =>
          clsx(
            'block rounded-xl px-3 py-2.5 text-base font-medium',
            isActive ? 'bg-brand/10 text-slate-900 dark:text-white' : 'text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800',
          )
        }
      >
        {item.label}
      </CloseButton>
    </li>
  );
}

/** The navigation below the md breakpoint, and the support chat that the floating bubble offers on wider screens. */
export default function MobileMenu({ user, buttonRef }: { user: PublicUser | null; buttonRef?: Ref<HTMLButtonElement> }) {
  const signOut = useSignOut();
  const permissions = useAdminPermissions();
  const tenantPermissions = useAtomValue(tenantAtom)?.permissions ?? null;
  const items = [...navItems(Boolean(user)), ...(user ? accountLinks(user, permissions, tenantPermissions) : [])];
  const tools = user ? adminLinks(user, permissions) : [];
  const support = supportLink(useAtomValue(brandingAtom));
  const SupportIcon = support?.opensChat ? MessageCircle : Mail;
  return (
    <Disclosure as="div" className="md:hidden">
      {({ open }) => (
        <>
          <DisclosureButton ref={buttonRef} {...mobileMenuButton} aria-label={mobileMenuLabel(open)}>
            <MobileMenuFace open={open} />
          </DisclosureButton>
          <DisclosurePanel className="absolute inset-x-0 top-full max-h-[calc(100dvh-4rem)] overflow-y-auto border-b border-slate-200 bg-white px-4 pt-2 pb-5 shadow-lg dark:border-slate-800 dark:bg-slate-950">
            <nav aria-label="Mobile">
              <ul className="flex flex-col gap-1">
                {items.map((item) => (
                  <MenuLink key={item.to} item={item} />
                ))}
                {support && (
                  <li>
                    <CloseButton
                      as="a"
                      href={support.href}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="flex items-center gap-2 rounded-xl px-3 py-2.5 text-base font-medium text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
                    >
                      <SupportIcon className="size-5 text-brand-deep" aria-hidden="true" />
                      {support.label}
                    </CloseButton>
                  </li>
                )}
              </ul>
              {tools.length > 0 && (
                <>
                  <h2 id="mobile-admin-heading" className="mt-3 px-3 text-xs font-semibold tracking-wide text-slate-500 uppercase dark:text-slate-400">
                    Admin
                  </h2>
                  <ul aria-labelledby="mobile-admin-heading" className="mt-1 flex flex-col gap-1">
                    {tools.map((item) => (
                      <MenuLink key={item.to} item={item} />
                    ))}
                  </ul>
                </>
              )}
            </nav>
            <div className="mt-4 border-t border-slate-200 pt-4 dark:border-slate-800">
              {user ? (
                <div className="flex items-center justify-between gap-3">
                  <div className="flex min-w-0 items-center gap-3">
                    <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-brand/20 text-xs font-bold">{initials(user)}</span>
                    <span className="truncate text-sm font-medium">
                      {user.firstname} {user.lastname}
                    </span>
                  </div>
                  <CloseButton
                    onClick={() => void signOut()}
                    className="inline-flex items-center gap-2 rounded-full px-3 py-2 text-sm font-semibold text-slate-700 ring-1 ring-slate-300 ring-inset dark:text-slate-200 dark:ring-slate-700"
                  >
                    <LogOut className="size-4" aria-hidden="true" />
                    Sign out
                  </CloseButton>
                </div>
              ) : (
                <CloseButton as={Link} to="/login" className={`w-full ${primaryButton}`}>
                  <LogIn className="size-4" aria-hidden="true" />
                  Sign in
                </CloseButton>
              )}
            </div>
          </DisclosurePanel>
        </>
      )}
    </Disclosure>
  );
}
