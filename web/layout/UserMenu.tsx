import { Menu, MenuButton, MenuItem, MenuItems, MenuSeparator } from '@headlessui/react';
import { useAtomValue } from 'jotai';
import {
  ArrowDownUp,
  ArrowLeftRight,
  BadgeDollarSign,
  Banknote,
  CalendarCheck,
  CalendarClock,
  CalendarSync,
  HandCoins,
  History,
  LayoutDashboard,
  LibraryBig,
  LogOut,
  type LucideIcon,
  Palette,
  PhoneCall,
  Receipt,
  ReceiptText,
  ScrollText,
  ShieldCheck,
  ShoppingCart,
  Sparkles,
  UserRound,
  Users,
  UsersRound,
  Wallet,
} from 'lucide-react';
import type { Ref } from 'react';
import { Link } from 'react-router-dom';
import type { PublicUser } from '../../schema/contracts/auth';
import { useAdminPermissions } from '../entities/roles/admin-permissions';
import { tenantAtom } from '../entities/tenant/atoms';
import { useSignOut } from '../features/auth/use-sign-out';
import { type AccountLinkKey, accountLinks } from '../lib/nav-items';
import { UserMenuFace, userMenuButton, userMenuLabel } from './menu-faces';

const itemClass =
  'flex w-full items-center gap-2.5 rounded-lg px-3 py-2 text-left text-sm text-slate-700 data-focus:bg-slate-100 data-focus:text-slate-900 dark:text-slate-200 dark:data-focus:bg-slate-800 dark:data-focus:text-white';

export const accountLinkIcons: Record<AccountLinkKey, LucideIcon> = {
  profile: UserRound,
  manageAccounts: UsersRound,
  users: Users,
  roles: ShieldCheck,
  meetings: CalendarClock,
  callLogs: PhoneCall,
  content: LibraryBig,
  trials: Sparkles,
  tutorSorting: ArrowDownUp,
  pricing: BadgeDollarSign,
  lessonHistory: History,
  payRuns: Banknote,
  meetingRequests: CalendarSync,
  penaltyWaivers: HandCoins,
  cancellationPolicy: ScrollText,
  branding: Palette,
  availability: CalendarCheck,
  myPay: Wallet,
  billing: Receipt,
  plans: ShoppingCart,
  paymentHistory: ReceiptText,
  transactionLogs: ArrowLeftRight,
  invoices: ReceiptText,
  myInvoices: ReceiptText,
};

export default function UserMenu({ user, buttonRef }: { user: PublicUser; buttonRef?: Ref<HTMLButtonElement> }) {
  const signOut = useSignOut();
  const links = accountLinks(user, useAdminPermissions(), useAtomValue(tenantAtom)?.permissions ?? null);
  return (
    <Menu>
      <MenuButton ref={buttonRef} {...userMenuButton} aria-label={userMenuLabel(user)}>
        <UserMenuFace user={user} />
      </MenuButton>
      <MenuItems
        anchor={{ to: 'bottom end', gap: 8 }}
        className="z-50 w-60 rounded-2xl bg-white p-1.5 shadow-xl ring-1 ring-slate-200 focus:outline-none dark:bg-slate-900 dark:ring-slate-800"
      >
        <div className="px-3 py-2">
          <p className="truncate text-sm font-semibold text-slate-900 dark:text-white">
            {user.firstname} {user.lastname}
          </p>
          {user.email && <p className="truncate text-xs text-slate-500 dark:text-slate-400">{user.email}</p>}
        </div>
        <MenuSeparator className="my-1 h-px bg-slate-200 dark:bg-slate-800" />
        <MenuItem>
          <Link to="/dashboard" className={itemClass}>
            <LayoutDashboard className="size-4" aria-hidden="true" />
            Dashboard
          </Link>
        </MenuItem>
        {links.map(({ key, to, label }) => {
          const Icon = accountLinkIcons[key];
          return (
            <MenuItem key={key}>
              <Link to={to} className={itemClass}>
                <Icon className="size-4" aria-hidden="true" />
                {label}
              </Link>
            </MenuItem>
          );
        })}
        <MenuSeparator className="my-1 h-px bg-slate-200 dark:bg-slate-800" />
        <MenuItem>
          <button type="button" onClick={() => void signOut()} className={itemClass}>
            <LogOut className="size-4" aria-hidden="true" />
            Sign out
          </button>
        </MenuItem>
      </MenuItems>
    </Menu>
  );
}
