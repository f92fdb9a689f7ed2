import { ChevronDown, Menu as MenuIcon, X } from 'lucide-react';
import type { PublicUser } from '../../schema/contracts/auth';
import { focusRing, iconButton } from '../ui/classes';

export function initials(user: PublicUser) {
  return `${user.firstname.charAt(0)}${user.lastname.charAt(0)}`.toUpperCase() || '?';
}

/** The account menu's button, the same before and after the menu's code has loaded. */
export const userMenuButton = {
  'data-testid': 'user-menu-button',
  className: `flex items-center gap-2 rounded-full py-1 pr-2 pl-1 text-sm font-medium text-slate-700 transition hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800 ${focusRing}`,
};

export const userMenuLabel = (user: PublicUser) => `Account menu for ${user.firstname} ${user.lastname}`;

export function UserMenuFace({ user }: { user: PublicUser }) {
  return (
    <>
      {/* The initials are drawn as generated content, not text: the button's visible words stay the name its label
          carries (WCAG 2.5.3, label in name), and the avatar is only a picture of them. */}
      <span
        aria-hidden="true"
        data-initials={initials(user)}
        className="flex size-8 items-center justify-center rounded-full bg-brand/20 text-xs font-bold text-slate-900 before:content-[attr(data-initials)] dark:text-white"
      />
      <span className="hidden max-w-32 truncate lg:inline">{user.firstname}</span>
      <ChevronDown className="size-4 opacity-60" aria-hidden="true" />
    </>
  );
}

/** The header's Admin menu button, the same before and after the menu's code has loaded. */
export const adminMenuButton = {
  'data-testid': 'admin-menu-button',
  className: `flex items-center gap-1 rounded-full px-3.5 py-2 text-sm font-medium text-slate-600 transition hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white ${focusRing}`,
};

export function AdminMenuFace() {
  return (
    <>
      Admin
      <ChevronDown className="size-4 opacity-60" aria-hidden="true" />
    </>
  );
}

/** The phone menu's button, the same before and after the menu's code has loaded. */
export const mobileMenuButton = { 'data-testid': 'mobile-menu-button', className: iconButton };

export const mobileMenuLabel = (open: boolean) => (open ? 'Close menu' : 'Open menu');

export function MobileMenuFace({ open }: { open: boolean }) {
  return open ? <X className="size-6" aria-hidden="true" /> : <MenuIcon className="size-6" aria-hidden="true" />;
}
