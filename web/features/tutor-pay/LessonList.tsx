import { BookCheck } from 'lucide-react';
import { useState } from 'react';
import type { LessonHistoryList, LessonHistoryTutorRecord } from '../../../schema/contracts/lesson-history';
import { formatMoney } from '../../../schema/contracts/money';
import { usePagedAnswer } from '../../lib/paged-list';
import { EmptyState } from '../../ui/EmptyState';
import { LoadingStatus } from '../../ui/LoadingStatus';
import { Pager } from '../../ui/Pager';
import { tutorPayCalls } from './api';
import { LessonCard } from './LessonCard';
import { LoadProblem } from './LoadProblem';
import { monthName, monthRange } from './month';
import { RaiseConcernDialog } from './RaiseConcernDialog';

const PAGE_SIZE = 20;

/** The month's lessons, newest first, a page at a time, each with its pay and a concern to raise about it. */
export function LessonList({ month, zone, onConcernRaised }: { month: string; zone: string; onConcernRaised: () => void }) {
  const query = monthRange(month, zone);
  const { list, answer, failure, goTo, reload, updated } = usePagedAnswer<LessonHistoryTutorRecord, LessonHistoryList<LessonHistoryTutorRecord>>(
    (offset) => tutorPayCalls.lessons({ ...query, limit: PAGE_SIZE, offset }),
    JSON.stringify(query),
  );
  const [concernFor, setConcernFor] = useState<string | null>(null);
  const concernRow = list.docs.find((row) => row._id === concernFor);

  if (list.status === 'rejected') return <LoadProblem what="Your lessons" reason={failure} onRetry={() => void reload()} />;
  if (!list.loaded) return <LoadingStatus className="py-10" />;
  if (list.docs.length === 0) {
    return (
      <EmptyState
        icon={<BookCheck className="size-6" aria-hidden="true" />}
        title={`No lessons in ${monthName(month)} yet.`}
        text="Lessons appear here once they end."
      />
    );
  }
  const totals = answer?.tutorAmountData ?? [];
  return (
    <div aria-busy={list.status === 'loading'}>
      {totals.length > 0 && (
        <p className="mb-3 text-sm text-slate-600 dark:text-slate-300" data-testid="lesson-totals">
          {list.totalDocs === 1 ? 'This lesson pays' : `These ${list.totalDocs} lessons pay`}{' '}
          {totals
            .map((t) => `${formatMoney(t.net, t.currency)}${t.penalty > 0 ? ` after penalties of ${formatMoney(t.penalty, t.currency)}` : ''}`)
            .join(' and ')}
          .
        </p>
      )}
      <ul className={list.status === 'loading' ? 'space-y-3 opacity-60 transition-opacity' : 'space-y-3'}>
        {list.docs.map((row) => (
          <LessonCard key={row._id} row={row} zone={zone} onRaiseConcern={() => setConcernFor(row._id)} />
        ))}
      </ul>
      <Pager offset={list.offset} limit={PAGE_SIZE} total={list.totalDocs} onOffset={(offset) => void goTo(offset)} />
      {concernRow && (
        <RaiseConcernDialog
          key={concernRow._id}
          row={concernRow}
          zone={zone}
          onClose={() => setConcernFor(null)}
          onRaised={(doc) => {
            updated(doc);
            setConcernFor(null);
            onConcernRaised();
          }}
        />
      )}
    </div>
  );
}
