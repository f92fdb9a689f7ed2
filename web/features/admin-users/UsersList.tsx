import clsx from 'clsx';
import { ChevronRight } from 'lucide-react';
import { Link } from 'react-router-dom';
import type { AdminUserRow } from '../../../schema/contracts/admin-users';
import { fullName } from '../../lib/people';
import { cardClass } from '../../ui/classes';
import { TableHead } from '../../ui/TableHead';
import { countryName } from './countries';
import { roleBadge, roleLabels } from './labels';

function RoleBadge({ role }: { role: AdminUserRow['role'] }) {
  return <span className={clsx('inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold', roleBadge[role])}>{roleLabels[role]}</span>;
}

const joined = (iso: string) => new Date(iso).toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric' });

/** A table from md up, cards below it. */
export default function UsersList({ users }: { users: AdminUserRow[] }) {
  return (
    <>
      <div className={`${cardClass} hidden overflow-hidden md:block`}>
        <table className="w-full text-left text-sm">
          <TableHead
            className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-500 uppercase dark:bg-slate-800/60 dark:text-slate-400"
            columns={['Name', 'Email', 'Role', 'Country', 'Joined']}
          />
          <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
            {users.map((user) => (
              <tr key={user._id} className="hover:bg-slate-50 dark:hover:bg-slate-800/40">
                <td className="px-4 py-3 font-medium text-slate-900 dark:text-white">
                  <Link to={`/portal/admin/users/${user._id}`} className="hover:text-brand-deep focus-visible:outline-2 focus-visible:outline-brand">
                    {fullName(user, 'Unnamed')}
                  </Link>
                </td>
                <td className="max-w-64 truncate px-4 py-3 text-slate-600 dark:text-slate-300">{user.email ?? '—'}</td>
                <td className="px-4 py-3">
                  <RoleBadge role={user.role} />
                </td>
                <td className="px-4 py-3 text-slate-600 dark:text-slate-300">{countryName(user.country) || '—'}</td>
                <td className="px-4 py-3 whitespace-nowrap text-slate-500 dark:text-slate-400">{joined(user.createdAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="space-y-3 md:hidden">
        {users.map((user) => (
          <li key={user._id}>
            <Link
              to={`/portal/admin/users/${user._id}`}
              aria-label={fullName(user, 'Unnamed')}
              className={`${cardClass} flex items-center gap-3 p-4 focus-visible:outline-2 focus-visible:outline-brand`}
            >
              <div className="min-w-0 flex-1">
                <div className="flex items-center gap-2">
                  <span className="truncate font-semibold text-slate-900 dark:text-white">{fullName(user, 'Unnamed')}</span>
                  <RoleBadge role={user.role} />
                </div>
                <p className="mt-0.5 truncate text-sm text-slate-600 dark:text-slate-400">{user.email ?? 'No email'}</p>
                <p className="mt-0.5 text-xs text-slate-500 dark:text-slate-500">
                  {[countryName(user.country), `Joined ${joined(user.createdAt)}`].filter(Boolean).join(' · ')}
                </p>
              </div>
              <ChevronRight className="size-5 shrink-0 text-slate-400" aria-hidden="true" />
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}
