import { HandCoins } from 'lucide-react';
import { useState } from 'react';
import { MAX_PAGE_SIZE } from '../../../schema/contracts/common';
import type { LessonHistoryList } from '../../../schema/contracts/lesson-history';
import type { PenaltyWaiverRecord } from '../../../schema/contracts/penalty-waivers';
import { usePagedAnswer } from '../../lib/paged-list';
import { cardClass } from '../../ui/classes';
import { EmptyState } from '../../ui/EmptyState';
import { LoadingStatus } from '../../ui/LoadingStatus';
import { Pager } from '../../ui/Pager';
import { AppealDialog } from './AppealDialog';
import { tutorPayCalls } from './api';
import { LoadProblem } from './LoadProblem';
import { monthName, monthRange } from './month';
import { isOwnPenalty, penaltySentence, requestSentence } from './request-words';
import { useLoad } from './use-load';
import { WaiverCard } from './WaiverCard';

const PAGE_SIZE = 20;

/** Penalties the cancellation policy set on requests the tutor made to move or cancel one of the month's lessons. */
function RequestPenalties({ month, zone, tutorId }: { month: string; zone: string; tutorId: string }) {
  const range = monthRange(month, zone);
  // A month holds a handful of requests; one page of the most the API gives is all of them.
  const { load, again } = useLoad(() => tutorPayCalls.requests({ ...range, limit: MAX_PAGE_SIZE, offset: 0 }), JSON.stringify(range));
  if (load.state === 'loading') return <LoadingStatus className="py-6" />;
  if (load.state === 'failed') return <LoadProblem what="Your requests to move or cancel lessons" reason={load.reason} onRetry={again} />;
  const own = load.data.docs.filter((request) => isOwnPenalty(request, tutorId));
  if (own.length === 0) return null;
  return (
    <div className="mt-6">
      <h3 className="text-base font-semibold text-slate-900 dark:text-white">Penalties on your requests to move or cancel a lesson</h3>
      <ul className="mt-3 space-y-3">
        {own.map((request) => (
          <li key={request._id} className={`${cardClass} space-y-1 p-4 text-sm sm:p-5`} data-testid="request-penalty">
            <p className="font-semibold text-slate-900 dark:text-white">{requestSentence(request, zone)}</p>
            <p className="text-slate-700 dark:text-slate-200">{penaltySentence(request)}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The month's additions to and deductions from the tutor's pay, each deduction with its appeal, then request penalties. */
export function PenaltiesSection({ month, zone, tutorId }: { month: string; zone: string; tutorId: string }) {
  const query = monthRange(month, zone);
  const { list, failure, goTo, reload, updated } = usePagedAnswer<PenaltyWaiverRecord, LessonHistoryList<PenaltyWaiverRecord>>(
    (offset) => tutorPayCalls.waivers({ ...query, limit: PAGE_SIZE, offset }),
    JSON.stringify(query),
  );
  const [appealFor, setAppealFor] = useState<string | null>(null);
  const appealEntry = list.docs.find((entry) => entry._id === appealFor);

  return (
    <div>
      {list.status === 'rejected' ? (
        <LoadProblem what="Your penalties and adjustments" reason={failure} onRetry={() => void reload()} />
      ) : !list.loaded ? (
        <LoadingStatus className="py-10" />
      ) : list.docs.length === 0 ? (
        <EmptyState
          icon={<HandCoins className="size-6" aria-hidden="true" />}
          title={`No penalties or adjustments in ${monthName(month)}.`}
          text="When an admin adds to or takes from your pay, it shows here, and you can appeal a deduction."
        />
      ) : (
        <div aria-busy={list.status === 'loading'}>
          <ul className={list.status === 'loading' ? 'space-y-3 opacity-60 transition-opacity' : 'space-y-3'}>
            {list.docs.map((entry) => (
              <WaiverCard key={entry._id} entry={entry} zone={zone} onAppeal={() => setAppealFor(entry._id)} />
            ))}
          </ul>
          <Pager offset={list.offset} limit={PAGE_SIZE} total={list.totalDocs} onOffset={(offset) => void goTo(offset)} />
        </div>
      )}
      <RequestPenalties month={month} zone={zone} tutorId={tutorId} />
      {appealEntry && (
        <AppealDialog
          key={appealEntry._id}
          entry={appealEntry}
          zone={zone}
          onClose={() => setAppealFor(null)}
          onAppealed={(doc) => {
            updated(doc);
            setAppealFor(null);
          }}
        />
      )}
    </div>
  );
}
