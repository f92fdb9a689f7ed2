import clsx from 'clsx';
import { ChevronDown, Pencil, Plus, Tags, Trash2 } from 'lucide-react';
import { type ReactNode, useCallback, useState } from 'react';
import { useCan } from '../../entities/roles/admin-permissions';
import { usePagedList } from '../../lib/paged-list';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { cardClass, primaryButton, smallButton } from '../../ui/classes';
import { EmptyState } from '../../ui/EmptyState';
import { ChoiceField } from '../../ui/fields';
import { ListStatus } from '../../ui/ListStatus';
import { Pager } from '../../ui/Pager';
import { SearchField } from '../../ui/SearchField';
import { VerifyDeleteDialog } from '../../ui/VerifyDeleteDialog';
import { pricingCalls } from './api';
import RecordDialog from './RecordDialog';
import type { PricingRow, RecordKind } from './record-kinds';

const PAGE_SIZE = 10;
const inactiveBadge = 'rounded-full bg-slate-200 px-2 py-0.5 text-xs font-semibold text-slate-700 dark:bg-slate-700 dark:text-slate-200';

/** One kind of pricing record: search, status filter, sort, paging, create and edit, verified delete. */
export default function RecordList({ kind, details }: { kind: RecordKind; details?: (row: PricingRow) => ReactNode }) {
  const can = useCan();
  const [typed, setTyped] = useState('');
  const searchText = useDebouncedValue(typed.trim());
  const [statuses, setStatuses] = useState('');
  const [sort, setSort] = useState(kind.sorts[0]!.value);
  const [editor, setEditor] = useState<{ open: boolean; row: PricingRow | null }>({ open: false, row: null });
  const [deleting, setDeleting] = useState<PricingRow | null>(null);
  const [openRow, setOpenRow] = useState<string | null>(null);
  const [sortKey, sortValue] = sort.split(':');
  const { list, goTo, reload, created, updated, removed } = usePagedList<PricingRow>(
    (offset) => pricingCalls.list(kind, { limit: PAGE_SIZE, offset, searchText, statuses, sortKey, sortValue }),
    `${kind.endpoint}|${searchText}|${statuses}|${sort}`,
  );
  const closeDelete = useCallback(() => setDeleting(null), []);
  const noun = kind.noun.toLowerCase();
  const canEdit = can({ [kind.resource]: ['edit'] });
  const canDelete = can({ [kind.resource]: ['delete'] });

  return (
    <section aria-labelledby={`${kind.id}-title`} className="mt-8 first:mt-0">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <h2 id={`${kind.id}-title`} className="text-lg font-semibold text-slate-900 dark:text-white">
          {kind.noun}s
        </h2>
        {can({ [kind.resource]: ['create'] }) && (
          <button type="button" className={primaryButton} onClick={() => setEditor({ open: true, row: null })}>
            <Plus className="size-4" aria-hidden="true" />
            New {noun}
          </button>
        )}
      </div>
      <div className="mt-3 grid gap-3 sm:grid-cols-[minmax(0,1fr)_9rem_11rem]">
        <SearchField id={`${kind.id}-search`} value={typed} onChange={setTyped} placeholder="Name" />
        <ChoiceField id={`${kind.id}-status`} label="Status" value={statuses} onChange={(e) => setStatuses(e.target.value)}>
          <option value="">All</option>
          <option value="ACTIVE">Active</option>
          <option value="INACTIVE">Inactive</option>
        </ChoiceField>
        <ChoiceField id={`${kind.id}-sort`} label="Sort" value={sort} onChange={(e) => setSort(e.target.value)}>
          {kind.sorts.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </ChoiceField>
      </div>

      <ListStatus
        list={list}
        onRetry={() => void reload()}
        className="mt-4"
        loadingClassName="py-10"
        empty={
          <EmptyState
            icon={<Tags className="size-6" aria-hidden="true" />}
            title={`No ${noun}s found`}
            text={searchText || statuses ? 'Try another search or status.' : `Create the first ${noun}.`}
          />
        }
      >
        <ul className={clsx('space-y-3', list.status === 'loading' && 'opacity-60')}>
          {list.docs.map((row) => (
            <li key={row._id} className={`${cardClass} p-4 sm:p-5`} data-testid={`${kind.id}-row`}>
              <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
                <div className="min-w-0">
                  <div className="flex flex-wrap items-center gap-2">
                    <h3 className="font-semibold text-slate-900 dark:text-white">{row.name}</h3>
                    {row.status === 'INACTIVE' && <span className={inactiveBadge}>Inactive</span>}
                  </div>
                  <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{kind.summary(row)}</p>
                </div>
                <div className="flex shrink-0 flex-wrap gap-2">
                  {details && (
                    <button
                      type="button"
                      className={smallButton}
                      aria-expanded={openRow === row._id}
                      onClick={() => setOpenRow(openRow === row._id ? null : row._id)}
                    >
                      <ChevronDown className={clsx('size-4 transition', openRow === row._id && 'rotate-180')} aria-hidden="true" />
                      Rates
                    </button>
                  )}
                  {canEdit && !row.isDefault && (
                    <button type="button" className={smallButton} onClick={() => setEditor({ open: true, row })} aria-label={`Edit ${row.name}`}>
                      <Pencil className="size-4" aria-hidden="true" />
                      Edit
                    </button>
                  )}
                  {canDelete && (
                    <button
                      type="button"
                      className={`${smallButton} text-rose-700! dark:text-rose-300!`}
                      onClick={() => setDeleting(row)}
                      aria-label={`Delete ${row.name}`}
                    >
                      <Trash2 className="size-4" aria-hidden="true" />
                      Delete
                    </button>
                  )}
                </div>
              </div>
              {details && openRow === row._id && <div className="mt-4 border-t border-slate-200 pt-4 dark:border-slate-800">{details(row)}</div>}
            </li>
          ))}
        </ul>
        <Pager offset={list.offset} limit={list.limit} total={list.totalDocs} onOffset={(offset) => void goTo(offset)} />
      </ListStatus>

      <RecordDialog
        kind={kind}
        open={editor.open}
        editing={editor.row}
        onClose={() => setEditor((e) => ({ ...e, open: false }))}
        onSaved={(row, isNew) => (isNew ? created(row) : updated(row))}
      />
      <VerifyDeleteDialog kind={kind} calls={pricingCalls} record={deleting} onClose={closeDelete} onDeleted={removed} />
    </section>
  );
}
