import clsx from 'clsx';
import { Eye, Pencil, Plus, ShieldCheck, Trash2 } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import type { ListResponse } from '../../../schema/contracts/common';
import { useCan, useRefreshAdminPermissions } from '../../entities/roles/admin-permissions';
import { humanize } from '../../entities/roles/PermissionGrid';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { cardClass, primaryButton, smallButton } from '../../ui/classes';
import { EmptyState } from '../../ui/EmptyState';
import { ChoiceField } from '../../ui/fields';
import LoadFailure from '../../ui/LoadFailure';
import { LoadingStatus } from '../../ui/LoadingStatus';
import { Pager } from '../../ui/Pager';
import { SearchField } from '../../ui/SearchField';
import { VerifyDeleteDialog } from '../../ui/VerifyDeleteDialog';
import { roleCalls } from './api';
import RoleEditorDialog from './RoleEditorDialog';
import { type RoleItem, type RoleKind } from './role-kinds';

const PAGE_SIZE = 20;

/** "Admin users, Invoices and 3 more" — label lists show two, then a count (spec 2, section 9). */
function summary(permissions: RoleItem['permissions']) {
  const names = Object.keys(permissions).map(humanize);
  if (names.length === 0) return 'No permissions';
  return names.length <= 2 ? names.join(', ') : `${names.slice(0, 2).join(', ')} ... and ${names.length - 2} more`;
}

/** One kind of role: search and status filters (admin roles), paging, create, edit and verified delete. */
export default function RoleList({ kind }: { kind: RoleKind }) {
  const can = useCan();
  const refreshPermissions = useRefreshAdminPermissions();
  const [typed, setTyped] = useState('');
  const searchText = useDebouncedValue(typed.trim());
  const [statuses, setStatuses] = useState('');
  const [offset, setOffset] = useState(0);
  const [status, setStatus] = useState<'loading' | 'idle' | 'rejected'>('loading');
  const [page, setPage] = useState<ListResponse<RoleItem> | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [editor, setEditor] = useState<{ open: boolean; role: RoleItem | null }>({ open: false, role: null });
  const [deleting, setDeleting] = useState<RoleItem | null>(null);

  useEffect(() => setOffset(0), [searchText, statuses]);

  useEffect(() => {
    const controller = new AbortController();
    setStatus('loading');
    roleCalls
      .list(kind, { limit: PAGE_SIZE, offset, ...(kind.hasStatus ? { searchText, statuses } : {}) }, controller.signal)
      .then((answer) => {
        setPage(answer);
        setStatus('idle');
      })
      .catch(() => !controller.signal.aborted && setStatus('rejected'));
    return () => controller.abort();
  }, [kind, offset, searchText, statuses, attempt]);

  // Spec 2, section 4: created rows go to the top (total +1), updated ones are replaced by _id, deleted ones leave (total −1, not below 0).
  const saved = (role: RoleItem, created: boolean) => {
    setPage(
      (current) =>
        current &&
        (created
          ? { ...current, docs: [role, ...current.docs], totalDocs: current.totalDocs + 1 }
          : { ...current, docs: current.docs.map((r) => (r._id === role._id ? role : r)) }),
    );
    if (kind.resource === 'roles') refreshPermissions();
  };
  const deleted = (id: string) =>
    setPage((current) => current && { ...current, docs: current.docs.filter((r) => r._id !== id), totalDocs: Math.max(0, current.totalDocs - 1) });
  const closeDelete = useCallback(() => setDeleting(null), []);

  const canCreate = can({ [kind.resource]: ['create'] });
  const canEdit = can({ [kind.resource]: ['edit'] });
  const canDelete = can({ [kind.resource]: ['delete'] });
  const noun = kind.noun.toLowerCase();
  const mayChange = (role: RoleItem) => canEdit && !(role.builtIn && kind.builtInLocked);

  return (
    <div>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        {kind.hasStatus ? (
          <div className="grid flex-1 gap-3 sm:max-w-xl sm:grid-cols-[minmax(0,1fr)_10rem]">
            <SearchField id={`${kind.resource}-search`} value={typed} onChange={setTyped} placeholder="Role name" />
            <ChoiceField id={`${kind.resource}-status`} label="Status" value={statuses} onChange={(e) => setStatuses(e.target.value)}>
              <option value="">All</option>
              <option value="ACTIVE">Active</option>
              <option value="INACTIVE">Inactive</option>
            </ChoiceField>
          </div>
        ) : (
          <p className="text-sm text-slate-600 dark:text-slate-400">What a tutor may do inside a course they teach.</p>
        )}
        {canCreate && (
          <button type="button" className={primaryButton} onClick={() => setEditor({ open: true, role: null })}>
            <Plus className="size-4" aria-hidden="true" />
            New {noun}
          </button>
        )}
      </div>

      <div className="mt-5" aria-busy={status === 'loading'}>
        {status === 'rejected' ? (
          <LoadFailure onRetry={() => setAttempt((n) => n + 1)} />
        ) : !page ? (
          <LoadingStatus className="py-16" />
        ) : page.docs.length === 0 ? (
          <EmptyState
            icon={<ShieldCheck className="size-6" aria-hidden="true" />}
            title={`No ${noun}s found`}
            text={searchText || statuses ? 'Try another search or status.' : `Create the first ${noun}.`}
          />
        ) : (
          <>
            <ul className={clsx('space-y-3', status === 'loading' && 'opacity-60')}>
              {page.docs.map((role) => (
                <li key={role._id} className={`${cardClass} flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between sm:p-5`}>
                  <div className="min-w-0">
                    <div className="flex flex-wrap items-center gap-2">
                      <h3 className="font-semibold text-slate-900 dark:text-white">{role.name}</h3>
                      {role.builtIn && (
                        <span className="rounded-full bg-brand/15 px-2 py-0.5 text-xs font-semibold text-slate-800 dark:text-slate-100">
                          {kind.builtInLabel}
                        </span>
                      )}
                      {role.status === 'INACTIVE' && (
                        <span className="rounded-full bg-slate-200 px-2 py-0.5 text-xs font-semibold text-slate-700 dark:bg-slate-700 dark:text-slate-200">
                          Inactive
                        </span>
                      )}
                    </div>
                    {role.description && <p className="mt-0.5 text-sm text-slate-600 dark:text-slate-400">{role.description}</p>}
                    <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">
                      {summary(role.permissions)}
                      {role.usersCount !== undefined && ` · ${role.usersCount === 1 ? '1 admin' : `${role.usersCount} admins`}`}
                    </p>
                  </div>
                  <div className="flex shrink-0 gap-2">
                    {(canEdit || role.builtIn) && (
                      <button
                        type="button"
                        className={smallButton}
                        onClick={() => setEditor({ open: true, role })}
                        aria-label={`${mayChange(role) ? 'Edit' : 'View'} ${role.name}`}
                      >
                        {mayChange(role) ? <Pencil className="size-4" aria-hidden="true" /> : <Eye className="size-4" aria-hidden="true" />}
                        {mayChange(role) ? 'Edit' : 'View'}
                      </button>
                    )}
                    {canDelete && !role.builtIn && (
                      <button
                        type="button"
                        className={`${smallButton} text-rose-700! dark:text-rose-300!`}
                        onClick={() => setDeleting(role)}
                        aria-label={`Delete ${role.name}`}
                      >
                        <Trash2 className="size-4" aria-hidden="true" />
                        Delete
                      </button>
                    )}
                  </div>
                </li>
              ))}
            </ul>
            <Pager offset={page.offset} limit={page.limit} total={page.totalDocs} onOffset={setOffset} />
          </>
        )}
      </div>

      <RoleEditorDialog
        kind={kind}
        open={editor.open}
        editing={editor.role}
        readOnly={Boolean(editor.role && !mayChange(editor.role))}
        onClose={() => setEditor((e) => ({ ...e, open: false }))}
        onSaved={saved}
      />
      <VerifyDeleteDialog kind={kind} calls={roleCalls} record={deleting} onClose={closeDelete} onDeleted={deleted} />
    </div>
  );
}
