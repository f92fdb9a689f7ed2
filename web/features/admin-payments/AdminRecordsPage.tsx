import { type LucideIcon, MessageSquareText } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import type { ListResponse } from '../../../schema/contracts/common';
import type { PaymentNote } from '../../../schema/contracts/payment-records';
import { useReaderZone } from '../../entities/payments/use-reader-zone';
import { useAdminGate } from '../../entities/roles/admin-gate';
import { useCan } from '../../entities/roles/admin-permissions';
import { usePagedAnswer } from '../../lib/paged-list';
import { cardClass, smallButton } from '../../ui/classes';
import { EmptyState } from '../../ui/EmptyState';
import { InlineLoadFailure } from '../../ui/InlineLoadFailure';
import { LoadingStatus } from '../../ui/LoadingStatus';
import { Pager } from '../../ui/Pager';
import { adminPaymentCalls, type RecordsPath } from './api';
import { NotesDialog } from './NotesDialog';
import { NO_RECORD_FILTERS, RecordFilters, type RecordFilterValues, recordQuery } from './RecordFilters';
import { usePeople } from './use-people';

const PAGE_SIZE = 20;

export interface RecordsPageConfig<T> {
  path: RecordsPath;
  resource: 'paymentHistory' | 'transactionLogs';
  title: string;
  intro: string;
  /** What one record is called in sentences: "payment", "balance entry". */
  noun: string;
  personLabel: string;
  personTypes: string;
  sorts: { value: string; label: string }[];
  icon: LucideIcon;
  /** The record's own lines; the page adds its notes button. */
  renderRow: (record: T, zone: string) => ReactNode;
  /** What the notes dialog is titled for this record. */
  notesTitle: (record: T) => string;
}

/**
 * An admin money list (payment history, transaction logs): the filters, the rows with their notes, and every state
 * between. Adding or deleting a note answers the whole record, which replaces its row.
 */
export function AdminRecordsPage<T extends { _id: string; adminNotes: PaymentNote[] }>({ config }: { config: RecordsPageConfig<T> }) {
  const gate = useAdminGate(
    { [config.resource]: ['view'] },
    { title: `No access to ${config.title.toLowerCase()}`, text: `Your role does not include viewing ${config.title.toLowerCase()}. Ask an admin who has it.` },
  );
  if (gate) return gate;
  return <RecordsList config={config} />;
}

function RecordsList<T extends { _id: string; adminNotes: PaymentNote[] }>({ config }: { config: RecordsPageConfig<T> }) {
  const can = useCan();
  const canEdit = can({ [config.resource]: ['edit'] });
  const zone = useReaderZone();
  const people = usePeople(config.personTypes);
  const [filters, setFilters] = useState<RecordFilterValues>(NO_RECORD_FILTERS);
  const [openId, setOpenId] = useState<string | null>(null);
  const query = recordQuery(filters, zone);
  const { list, failure, goTo, reload, updated } = usePagedAnswer<T, ListResponse<T>>(
    (offset) => adminPaymentCalls.list<T>(config.path, { ...query, limit: PAGE_SIZE, offset }),
    JSON.stringify(query),
  );
  const filtered = Boolean(filters.userId || filters.from || filters.to);
  const open = list.docs.find((row) => row._id === openId);
  const Icon = config.icon;

  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6 sm:py-12 lg:px-8">
      <p className="text-sm font-semibold text-brand-deep">Admin</p>
      <h1 className="mt-1 text-3xl font-bold tracking-tight text-slate-900 dark:text-white">{config.title}</h1>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        {config.intro} Times are in {zone.replaceAll('_', ' ')}.
      </p>
      <div className="mt-6">
        <RecordFilters
          idPrefix={config.path}
          label={`Filter ${config.title.toLowerCase()}`}
          personLabel={config.personLabel}
          people={people}
          sorts={config.sorts}
          filters={filters}
          onChange={(next) => setFilters((current) => ({ ...current, ...next }))}
        />
      </div>
      <div className="mt-5" aria-busy={list.status === 'loading'}>
        {list.status === 'rejected' ? (
          <InlineLoadFailure what={config.title} reason={failure} onRetry={() => void reload()} />
        ) : !list.loaded ? (
          <LoadingStatus className="py-16" />
        ) : list.docs.length === 0 ? (
          <EmptyState
            icon={<Icon className="size-6" aria-hidden="true" />}
            title={filtered ? `No ${config.noun}s match` : `No ${config.noun}s yet`}
            text={
              filtered ? 'Nothing for this person in these dates. Try wider dates or everyone.' : `Each ${config.noun} shows here as soon as it is recorded.`
            }
          />
        ) : (
          <>
            <ul className={`space-y-3 ${list.status === 'loading' ? 'opacity-60 transition-opacity' : ''}`} aria-label={config.title}>
              {list.docs.map((record) => (
                <li key={record._id} className={`${cardClass} p-4 sm:p-5`} data-testid="admin-record">
                  {config.renderRow(record, zone)}
                  <div className="mt-3 flex justify-end">
                    <button type="button" className={smallButton} onClick={() => setOpenId(record._id)}>
                      <MessageSquareText className="size-3.5" aria-hidden="true" />
                      {record.adminNotes.length === 0 ? (canEdit ? 'Add a note' : 'Notes') : `Notes (${record.adminNotes.length})`}
                      <span className="sr-only"> on {config.notesTitle(record)}</span>
                    </button>
                  </div>
                </li>
              ))}
            </ul>
            <Pager offset={list.offset} limit={PAGE_SIZE} total={list.totalDocs} onOffset={(offset) => void goTo(offset)} />
          </>
        )}
      </div>
      {open && (
        <NotesDialog
          key={open._id}
          path={config.path}
          record={open}
          title={`Notes on ${config.notesTitle(open)}`}
          zone={zone}
          canEdit={canEdit}
          onChanged={updated}
          onClose={() => setOpenId(null)}
        />
      )}
    </div>
  );
}
