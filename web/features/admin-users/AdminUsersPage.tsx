import { Search, ShieldOff, UserPlus, Users } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { type AdminUserRow, managedRoles, type SearchOption, searchOptions } from '../../../schema/contracts/admin-users';
import type { ListResponse } from '../../../schema/contracts/common';
import { useCan } from '../../entities/roles/admin-permissions';
import { statusOf } from '../../lib/errors';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { fieldClass, primaryButton } from '../../ui/classes';
import { EmptyState } from '../../ui/EmptyState';
import { ChoiceField } from '../../ui/fields';
import LoadFailure from '../../ui/LoadFailure';
import { Pager } from '../../ui/Pager';
import Spinner from '../../ui/Spinner';
import { adminUserCalls } from './api';
import { countryOptions } from './countries';
import { roleLabels, searchOptionLabels, sortChoices } from './labels';
import NewUserDialog from './NewUserDialog';
import UsersList from './UsersList';

const PAGE_SIZE = 20;

type Status = 'loading' | 'idle' | 'rejected' | 'forbidden';

/** Filters live in the address, so going back from a user's page finds the list as it was. */
function useFilters() {
  const [params, setParams] = useSearchParams();
  const filters = {
    searchOption: (params.get('searchOption') ?? 'name') as SearchOption,
    searchText: params.get('searchText') ?? '',
    role: params.get('role') ?? '',
    country: params.get('country') ?? '',
    sort: params.get('sort') ?? '',
    offset: Number(params.get('offset') ?? 0) || 0,
  };
  const update = useCallback(
    (changes: Partial<Record<keyof typeof filters, string | number>>) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries({ offset: 0, ...changes })) {
            if (value === '' || value === 0 || (key === 'searchOption' && value === 'name')) next.delete(key);
            else next.set(key, String(value));
          }
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  return [filters, update] as const;
}

export default function AdminUsersPage() {
  const [filters, update] = useFilters();
  const [typed, setTyped] = useState(filters.searchText);
  const searchText = useDebouncedValue(typed.trim());
  const [status, setStatus] = useState<Status>('loading');
  const [page, setPage] = useState<ListResponse<AdminUserRow> | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [creating, setCreating] = useState(false);
  const can = useCan();

  useEffect(() => {
    if (searchText !== filters.searchText) update({ searchText });
  }, [searchText, filters.searchText, update]);

  const { searchOption, role, country, sort, offset } = filters;
  useEffect(() => {
    const controller = new AbortController();
    const [sortKey, sortValue] = sort ? sort.split(':') : [];
    setStatus('loading');
    adminUserCalls
      .list(
        {
          limit: PAGE_SIZE,
          offset,
          searchOption: filters.searchText ? searchOption : undefined,
          searchText: filters.searchText,
          role,
          country,
          sortKey,
          sortValue,
        },
        controller.signal,
      )
      .then((answer) => {
        setPage(answer);
        setStatus('idle');
      })
      .catch((error: unknown) => !controller.signal.aborted && setStatus(statusOf(error) === 403 ? 'forbidden' : 'rejected'));
    return () => controller.abort();
  }, [searchOption, filters.searchText, role, country, sort, offset, attempt]);

  // Spec 2, section 4: a new record goes to the top of a loaded list and the total rises by one.
  const added = (user: AdminUserRow) => setPage((current) => current && { ...current, docs: [user, ...current.docs], totalDocs: current.totalDocs + 1 });

  const filtered = Boolean(filters.searchText || role || country);

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-12 lg:px-8">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <p className="text-sm font-semibold text-brand-deep">Admin</p>
          <h1 className="mt-1 text-3xl font-bold tracking-tight text-slate-900 dark:text-white">Users</h1>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">Students, tutors, parents and admins of your organisation.</p>
        </div>
        {can({ adminUsers: ['create'] }) && (
          <button type="button" className={primaryButton} onClick={() => setCreating(true)}>
            <UserPlus className="size-4" aria-hidden="true" />
            New user
          </button>
        )}
      </div>

      <form role="search" onSubmit={(e) => e.preventDefault()} className="mt-6 grid grid-cols-2 gap-3 lg:grid-cols-[minmax(0,1fr)_10rem_12rem_12rem]">
        <div className="col-span-2 lg:col-span-1">
          <label htmlFor="users-search" className="block text-sm font-medium text-slate-700 dark:text-slate-200">
            Search
          </label>
          <div className="mt-1.5 flex gap-2">
            <select
              aria-label="Search by"
              value={searchOption}
              onChange={(e) => update({ searchOption: e.target.value })}
              className={`${fieldClass()} w-28! shrink-0`}
            >
              {searchOptions.map((option) => (
                <option key={option} value={option}>
                  {searchOptionLabels[option]}
                </option>
              ))}
            </select>
            <div className="relative min-w-0 flex-1">
              <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400" aria-hidden="true" />
              <input
                id="users-search"
                type="search"
                value={typed}
                maxLength={100}
                onChange={(e) => setTyped(e.target.value)}
                placeholder={`Search by ${searchOptionLabels[searchOption].toLowerCase()}`}
                className={`${fieldClass()} pl-9`}
              />
            </div>
          </div>
        </div>
        <ChoiceField id="users-role" label="Role" value={role} onChange={(e) => update({ role: e.target.value })}>
          <option value="">All roles</option>
          {managedRoles.map((r) => (
            <option key={r} value={r}>
              {roleLabels[r]}
            </option>
          ))}
        </ChoiceField>
        <ChoiceField id="users-country" label="Country" value={country} onChange={(e) => update({ country: e.target.value })}>
          <option value="">All countries</option>
          {countryOptions().map((c) => (
            <option key={c.code} value={c.code}>
              {c.name}
            </option>
          ))}
        </ChoiceField>
        <ChoiceField id="users-sort" label="Sort" className="col-span-2 lg:col-span-1" value={sort} onChange={(e) => update({ sort: e.target.value })}>
          {sortChoices.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </ChoiceField>
      </form>

      <div className="mt-6" aria-live="polite" aria-busy={status === 'loading'}>
        {status === 'forbidden' ? (
          <EmptyState
            icon={<ShieldOff className="size-6" aria-hidden="true" />}
            title="No access to users"
            text="Your role does not include viewing users. Ask an admin who has it."
          />
        ) : status === 'rejected' ? (
          <LoadFailure onRetry={() => setAttempt((n) => n + 1)} />
        ) : !page && status === 'loading' ? (
          <div role="status" className="flex items-center justify-center gap-3 py-20 text-brand-deep">
            <Spinner className="size-6" />
            <span className="text-sm text-slate-500 dark:text-slate-400">Loading users…</span>
          </div>
        ) : page && page.docs.length === 0 ? (
          <EmptyState
            icon={<Users className="size-6" aria-hidden="true" />}
            title={filtered ? 'No users match' : 'No users yet'}
            text={filtered ? 'Try another search or clear the filters.' : 'Create the first account with “New user”.'}
          />
        ) : page ? (
          <div className={status === 'loading' ? 'opacity-60 transition-opacity' : undefined}>
            <UsersList users={page.docs} />
            <Pager offset={page.offset} limit={page.limit} total={page.totalDocs} onOffset={(next) => update({ offset: next })} />
          </div>
        ) : null}
      </div>

      <NewUserDialog open={creating} onClose={() => setCreating(false)} onCreated={added} />
    </div>
  );
}
