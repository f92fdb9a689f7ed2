import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import type { Ref } from 'react';
import { Link } from 'react-router-dom';
import type { PublicUser } from '../../schema/contracts/auth';
import { useAdminPermissions } from '../entities/roles/admin-permissions';
import { adminLinks } from '../lib/nav-items';
import { accountLinkIcons } from './link-icons';
import { AdminMenuFace, adminMenuButton } from './menu-faces';

const itemClass =
  'flex w-full items-center gap-2.5 rounded-lg px-3 py-2 text-left text-sm text-slate-700 data-focus:bg-slate-100 data-focus:text-slate-900 dark:text-slate-200 dark:data-focus:bg-slate-800 dark:data-focus:text-white';

/** The header's Admin menu: every admin screen the admin's role opens, the same list as the admin's home. */
export default function AdminMenu({ user, buttonRef }: { user: PublicUser; buttonRef?: Ref<HTMLButtonElement> }) {
  const links = adminLinks(user, useAdminPermissions());
  return (
    <Menu>
      <MenuButton ref={buttonRef} {...adminMenuButton}>
        <AdminMenuFace />
      </MenuButton>
      <MenuItems
        anchor={{ to: 'bottom start', gap: 8 }}
        className="z-50 max-h-[70vh] w-60 overflow-y-auto rounded-2xl bg-white p-1.5 shadow-xl ring-1 ring-slate-200 focus:outline-none dark:bg-slate-900 dark:ring-slate-800"
      >
        {links.length === 0 ? (
          <p className="px-3 py-2 text-sm text-slate-600 dark:text-slate-400">Your role opens no admin screens yet. Ask an admin who manages roles.</p>
        ) : (
          links.map(({ key, to, label }) => {
            const Icon = accountLinkIcons[key];
            return (
              <MenuItem key={key}>
                <Link to={to} className={itemClass}>
                  <Icon className="size-4" aria-hidden="true" />
                  {label}
                </Link>
              </MenuItem>
            );
          })
        )}
      </MenuItems>
    </Menu>
  );
}
