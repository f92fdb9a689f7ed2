import { BookCheck, CircleCheck } from 'lucide-react';
import { useState } from 'react';
import type { LessonHistoryList, LessonHistoryRecord } from '../../../schema/contracts/lesson-history';
import { useAdminFilterChoices } from '../../entities/lessons/admin-filter-choices';
import { useCan } from '../../entities/roles/admin-permissions';
import { usePagedAnswer } from '../../lib/paged-list';
import { primaryButton } from '../../ui/classes';
import { EmptyState } from '../../ui/EmptyState';
import { Pager } from '../../ui/Pager';
import Spinner from '../../ui/Spinner';
import { useToast } from '../../ui/toast/use-toast';
import { ledgerCalls } from './api';
import { CurrencyTotals } from './CurrencyTotals';
import { DownloadCsvButton } from './DownloadCsvButton';
import { HistoryDetail } from './HistoryDetail';
import { HistoryFilters, type HistoryFilterValues, historyQuery, NO_HISTORY_FILTERS } from './HistoryFilters';
import { canMarkPaid, HistoryTable } from './HistoryTable';
import { LedgerListStatus } from './LedgerListStatus';
import { perCurrency } from './ledger-labels';

const PAGE_SIZE = 20;

/** The Completed tab: every closed lesson's row with its pay, totals per currency, marking paid and the CSV. */
export function CompletedTab({ zone }: { zone: string }) {
  const can = useCan();
  const canEdit = can({ lessonHistory: ['edit'] });
  const toast = useToast();
  const choices = useAdminFilterChoices();
  const [filters, setFilters] = useState<HistoryFilterValues>(NO_HISTORY_FILTERS);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [openId, setOpenId] = useState<string | null>(null);
  const [marking, setMarking] = useState(false);
  const query = historyQuery(filters, zone);
  const { list, answer, failure, goTo, reload, updated } = usePagedAnswer<LessonHistoryRecord, LessonHistoryList<LessonHistoryRecord>>(
    (offset) => ledgerCalls.history({ ...query, limit: PAGE_SIZE, offset }),
    JSON.stringify(query),
  );
  const change = (next: Partial<HistoryFilterValues>) => {
    setFilters((current) => ({ ...current, ...next }));
    setSelected(new Set());
  };
  const page = (offset: number) => {
    setSelected(new Set());
    void goTo(offset);
  };
  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const markable = list.docs.filter(canMarkPaid).map((row) => row._id);
  const toggleAll = () => setSelected((current) => (markable.every((id) => current.has(id)) ? new Set() : new Set(markable)));

  const markPaid = async () => {
    setMarking(true);
    try {
      const { message, docs } = await ledgerCalls.markPaid([...selected]);
      for (const doc of docs) updated(doc);
      setSelected(new Set());
      toast.success(message);
    } catch (error) {
      toast.error(error);
    } finally {
      setMarking(false);
    }
  };

  const open = list.docs.find((row) => row._id === openId);
  const filtered = Object.values(filters).some(Boolean);
  const totals = answer?.tutorAmountData ?? [];
  const penalties = totals.filter((t) => t.penalty > 0).map((t) => ({ currency: t.currency, amount: t.penalty }));
  return (
    <div>
      <HistoryFilters filters={filters} choices={choices} onChange={change} />
      {can({ lessonHistory: ['export'] }) && (
        <div className="mt-4">
          <DownloadCsvButton path="/admin/lesson-history/export.csv" query={{ ...query, timezone: zone }} fallbackName="lesson-history.csv" />
        </div>
      )}
      <LedgerListStatus
        list={list}
        what="Completed lessons"
        failure={failure}
        onRetry={() => void reload()}
        empty={
          <EmptyState
            icon={<BookCheck className="size-6" aria-hidden="true" />}
            title={filtered ? 'No completed lessons match' : 'No completed lessons yet'}
            text={filtered ? 'No completed lessons in these dates and filters. Try wider dates or fewer filters.' : 'A lesson shows here once it has ended.'}
          />
        }
      >
        <CurrencyTotals
          label={`Tutor pay for ${list.totalDocs === 1 ? 'this lesson' : `these ${list.totalDocs} lessons`}`}
          totals={totals.map((t) => ({ currency: t.currency, amount: t.net }))}
          testId="history-totals"
        >
          {penalties.length > 0 && <p className="text-xs text-slate-500 dark:text-slate-400">After penalties of {perCurrency(penalties)}.</p>}
        </CurrencyTotals>
        {canEdit && selected.size > 0 && (
          <div className="mb-3 flex flex-wrap items-center gap-3 rounded-2xl bg-brand/10 px-4 py-3 text-sm" role="region" aria-label="Selected lessons">
            <span className="font-semibold text-slate-900 dark:text-white">
              {selected.size === 1 ? '1 lesson selected' : `${selected.size} lessons selected`}
            </span>
            <button type="button" className={primaryButton} disabled={marking} onClick={() => void markPaid()}>
              {marking ? <Spinner className="size-4" /> : <CircleCheck className="size-4" aria-hidden="true" />}
              Mark as paid
            </button>
          </div>
        )}
        <div className={list.status === 'loading' ? 'opacity-60 transition-opacity' : undefined}>
          <HistoryTable rows={list.docs} zone={zone} selection={canEdit ? { selected, toggle, toggleAll } : null} onOpen={(row) => setOpenId(row._id)} />
        </div>
        <Pager offset={list.offset} limit={PAGE_SIZE} total={list.totalDocs} onOffset={page} />
      </LedgerListStatus>
      {open && <HistoryDetail key={open._id} row={open} zone={zone} canEdit={canEdit} onClose={() => setOpenId(null)} onChanged={updated} />}
    </div>
  );
}
