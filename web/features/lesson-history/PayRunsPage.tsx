import clsx from 'clsx';
import { Banknote } from 'lucide-react';
import { useState } from 'react';
import type { ListResponse } from '../../../schema/contracts/common';
import type { PayRunRecord } from '../../../schema/contracts/pay-runs';
import { lessonTime } from '../../entities/lessons/lesson-time';
import { useAdminGate } from '../../entities/roles/admin-gate';
import { useCan } from '../../entities/roles/admin-permissions';
import { usePagedAnswer } from '../../lib/paged-list';
import { useViewerZone } from '../../lib/use-viewer-zone';
import { cardClass, focusRing } from '../../ui/classes';
import { EmptyState } from '../../ui/EmptyState';
import { Pager } from '../../ui/Pager';
import { TableHead } from '../../ui/TableHead';
import { ledgerCalls } from './api';
import { LedgerListStatus } from './LedgerListStatus';
import { perCurrency } from './ledger-labels';
import { PayRunDetail, periodText } from './PayRunDetail';
import { PayRunPlanner } from './PayRunPlanner';

const PAGE_SIZE = 20;
const cellClass = 'px-4 py-3 align-top';

function PayRuns({ zone }: { zone: string }) {
  const can = useCan();
  const [open, setOpen] = useState<PayRunRecord | null>(null);
  const { list, failure, goTo, reload, created } = usePagedAnswer<PayRunRecord, ListResponse<PayRunRecord>>(
    (offset) => ledgerCalls.payRuns(offset, PAGE_SIZE),
    'pay-runs',
  );
  return (
    <div className="mt-6 space-y-8">
      <PayRunPlanner
        zone={zone}
        canCreate={can({ payRuns: ['create'] })}
        onCreated={(run) => {
          created(run);
          setOpen(run);
        }}
      />
      <section aria-labelledby="past-pay-runs">
        <h2 id="past-pay-runs" className="text-lg font-semibold text-slate-900 dark:text-white">
          Past pay runs
        </h2>
        <LedgerListStatus
          list={list}
          what="Pay runs"
          failure={failure}
          onRetry={() => void reload()}
          empty={
            <EmptyState
              icon={<Banknote className="size-6" aria-hidden="true" />}
              title="No pay runs yet"
              text="Preview a period above and make the first run: it shows here with its bank file."
            />
          }
        >
          <div className={clsx(cardClass, 'overflow-x-auto', list.status === 'loading' && 'opacity-60')}>
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Past pay runs</caption>
              <TableHead
                className="border-b border-slate-200 text-xs whitespace-nowrap text-slate-500 dark:border-slate-800 dark:text-slate-400"
                columns={['Period', 'Paid', 'Tutors', 'Reference', 'Made']}
              />
              <tbody className="divide-y divide-slate-100 text-slate-700 dark:divide-slate-800 dark:text-slate-200">
                {list.docs.map((run) => (
                  <tr
                    key={run._id}
                    data-testid="pay-run-row"
                    onClick={() => setOpen(run)}
                    className="cursor-pointer hover:bg-slate-50 dark:hover:bg-slate-800/50"
                  >
                    <td className={clsx(cellClass, 'whitespace-nowrap')}>
                      <button type="button" className={clsx('font-semibold text-slate-900 hover:text-brand-deep hover:underline dark:text-white', focusRing)}>
                        {periodText(run, zone)}
                      </button>
                    </td>
                    <td className={clsx(cellClass, 'whitespace-nowrap font-medium text-slate-900 dark:text-white')}>
                      {perCurrency(run.currencies.map((c) => ({ currency: c.currency, amount: c.net })))}
                    </td>
                    <td className={cellClass}>{new Set(run.totals.map((t) => t.tutor._id)).size}</td>
                    <td className={clsx(cellClass, 'font-mono text-xs whitespace-nowrap')}>{run.reference}</td>
                    <td className={clsx(cellClass, 'whitespace-nowrap')}>{lessonTime(run.createdAt, zone)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager offset={list.offset} limit={PAGE_SIZE} total={list.totalDocs} onOffset={(offset) => void goTo(offset)} />
        </LedgerListStatus>
      </section>
      {open && <PayRunDetail key={open._id} run={open} zone={zone} onClose={() => setOpen(null)} />}
    </div>
  );
}

/** /portal/admin/pay-runs (issue 30): pay tutors for a period in one run, and every run made so far with its bank file. */
export default function PayRunsPage() {
  const zone = useViewerZone();
  const gate = useAdminGate({ payRuns: ['view'] }, { title: 'No access to pay runs', text: 'Your role does not include pay runs. Ask an admin who has it.' });
  return (
    gate ?? (
      <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6 sm:py-12 lg:px-8">
        <p className="text-sm font-semibold text-brand-deep">Admin</p>
        <h1 className="mt-1 text-3xl font-bold tracking-tight text-slate-900 dark:text-white">Pay runs</h1>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          Pay tutors for a period: see what each is owed, then pay them together. Dates are days in {zone.replaceAll('_', ' ')}.
        </p>
        <PayRuns zone={zone} />
      </div>
    )
  );
}
