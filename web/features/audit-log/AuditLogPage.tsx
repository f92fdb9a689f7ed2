import clsx from 'clsx';
import { ScrollText } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { DropdownUser } from '../../../schema/contracts/admin-users';
import type { AuditEntry } from '../../../schema/contracts/audit';
import { type AuditKind, auditKindNames } from '../../../schema/contracts/audit-enums';
import type { ListResponse } from '../../../schema/contracts/common';
import { lessonTime } from '../../entities/lessons/lesson-time';
import { useAdminGate } from '../../entities/roles/admin-gate';
import { usePagedAnswer } from '../../lib/paged-list';
import { fullName } from '../../lib/people';
import { useViewerZone } from '../../lib/use-viewer-zone';
import { cardClass, secondaryButton } from '../../ui/classes';
import { DateRangeFields } from '../../ui/DateRangeFields';
import { EmptyState } from '../../ui/EmptyState';
import { InlineLoadFailure } from '../../ui/InlineLoadFailure';
import { ListStatus } from '../../ui/ListStatus';
import { Pager } from '../../ui/Pager';
import SelectField from '../../ui/SelectField';
import { auditLogCalls } from './api';
import { auditDetail, auditKindLabels, auditSentence } from './audit-sentences';

const PAGE_SIZE = 20;
const noFilters = { kind: '', actorId: '', personId: '', from: '', to: '' };
type Filters = typeof noFilters;

function usePeopleChoices() {
  const [people, setPeople] = useState<DropdownUser[]>([]);
  useEffect(() => {
    const controller = new AbortController();
    // Without the users permission the filters simply offer no names; the log itself still reads.
    auditLogCalls.people(controller.signal).then(setPeople, () => undefined);
    return () => controller.abort();
  }, []);
  return people.map((p) => ({ value: p._id, label: fullName(p, p.email ?? p._id) }));
}

export function AuditEntryItem({ entry, zone }: { entry: AuditEntry; zone: string }) {
  const detail = auditDetail(entry);
  return (
    <li data-testid="audit-entry" className="px-4 py-3 sm:px-5">
      <p className="text-sm font-medium text-slate-900 dark:text-white">{auditSentence(entry, zone)}</p>
      {detail && <p className="mt-0.5 text-sm text-slate-600 dark:text-slate-300">{detail}</p>}
      <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">
        <time dateTime={entry.createdAt}>{lessonTime(entry.createdAt, zone)}</time>
      </p>
    </li>
  );
}

/** The entries, newest first, for the filters given; its own empty, loading and failed states. */
export function AuditLogList({ filters, zone, onClear }: { filters: Filters; zone: string; onClear: () => void }) {
  const query = Object.fromEntries(Object.entries({ ...filters, timezone: zone, limit: PAGE_SIZE }).filter(([, v]) => v !== ''));
  const { list, failure, goTo, reload } = usePagedAnswer<AuditEntry, ListResponse<AuditEntry>>(
    (offset) => auditLogCalls.list({ ...query, offset }),
    JSON.stringify(query),
  );
  const filtered = Object.values(filters).some(Boolean);
  if (list.status === 'rejected') {
    return (
      <div className="mt-6">
        <InlineLoadFailure what="The audit log" reason={failure} onRetry={() => void reload()} />
      </div>
    );
  }
  return (
    <ListStatus
      list={list}
      onRetry={() => void reload()}
      className="mt-6"
      empty={
        <EmptyState
          icon={<ScrollText className="size-6" aria-hidden="true" />}
          title={filtered ? 'Nothing matches these filters' : 'Nothing recorded yet'}
          text={
            filtered
              ? 'No entry matches what you picked. Try a wider range of days, or clear the filters.'
              : 'When someone logs in as another person, cancels or moves a lesson, or changes roles or prices, it shows here.'
          }
        >
          {filtered && (
            <button type="button" className={secondaryButton} onClick={onClear}>
              Clear the filters
            </button>
          )}
        </EmptyState>
      }
    >
      <p className="text-sm text-slate-600 dark:text-slate-400" aria-live="polite">
        {list.totalDocs === 1 ? '1 entry' : `${list.totalDocs} entries`}, newest first
      </p>
      <ul className={clsx(cardClass, 'mt-3 divide-y divide-slate-100 dark:divide-slate-800', list.status === 'loading' && 'opacity-60')}>
        {list.docs.map((entry) => (
          <AuditEntryItem key={entry._id} entry={entry} zone={zone} />
        ))}
      </ul>
      <Pager offset={list.offset} limit={PAGE_SIZE} total={list.totalDocs} onOffset={(offset) => void goTo(offset)} />
    </ListStatus>
  );
}

/** /portal/admin/audit-log (issue 32): who did what to whom and when, for admins whose role holds the audit log. */
export default function AuditLogPage() {
  const zone = useViewerZone();
  const people = usePeopleChoices();
  const [filters, setFilters] = useState<Filters>(noFilters);
  const set = (changes: Partial<Filters>) => setFilters((current) => ({ ...current, ...changes }));
  const gate = useAdminGate(
    { auditLog: ['view'] },
    { title: 'No access to the audit log', text: 'Your role does not include the audit log. Ask an admin who has it.' },
  );
  return (
    gate ?? (
      <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6 sm:py-12 lg:px-8">
        <p className="text-sm font-semibold text-brand-deep">Admin</p>
        <h1 className="mt-1 text-3xl font-bold tracking-tight text-slate-900 dark:text-white">Audit log</h1>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          Who did what to whom, and when. Changes made while logged in as someone name the admin who made them. Times and days are in{' '}
          {zone.replaceAll('_', ' ')}.
        </p>
        <fieldset className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
          <legend className="sr-only">Filters</legend>
          <SelectField
            id="audit-kind"
            label="What"
            value={filters.kind}
            onChange={(e) => set({ kind: e.target.value as AuditKind | '' })}
            options={auditKindNames.map((kind) => ({ value: kind, label: auditKindLabels[kind] }))}
            placeholder="Everything"
          />
          <SelectField
            id="audit-actor"
            label="Done by"
            value={filters.actorId}
            onChange={(e) => set({ actorId: e.target.value })}
            options={people}
            placeholder="Anyone"
          />
          <SelectField
            id="audit-person"
            label="Person involved"
            value={filters.personId}
            onChange={(e) => set({ personId: e.target.value })}
            options={people}
            placeholder="Anyone"
          />
          <DateRangeFields idPrefix="audit-days" from={filters.from} to={filters.to} onChange={set} />
        </fieldset>
        <AuditLogList filters={filters} zone={zone} onClear={() => setFilters(noFilters)} />
      </div>
    )
  );
}
