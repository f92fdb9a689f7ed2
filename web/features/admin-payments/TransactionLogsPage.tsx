import { ArrowLeftRight } from 'lucide-react';
import { formatMoney } from '../../../schema/contracts/money';
import type { TransactionLogRecord } from '../../../schema/contracts/payment-records';
import { creditKindLabels, momentText, signedDuration } from '../../entities/payments/payment-words';
import { dayText } from '../../lib/local-days';
import { fullName } from '../../lib/people';
import { badgeClass } from '../../ui/badges';
import { AdminRecordsPage, type RecordsPageConfig } from './AdminRecordsPage';

const config: RecordsPageConfig<TransactionLogRecord> = {
  path: 'transaction-logs',
  resource: 'transactionLogs',
  title: 'Transaction logs',
  intro: 'Every change to a student’s lesson balance: purchases, top-ups, lessons, penalties, refunds, adjustments and expiries.',
  noun: 'balance entry',
  personLabel: 'Student',
  personTypes: 'STUDENT',
  sorts: [
    { value: 'createdAt:asc', label: 'Oldest first' },
    { value: 'minutes:desc', label: 'Most time added first' },
    { value: 'minutes:asc', label: 'Most time taken first' },
    { value: 'kind:asc', label: 'By kind' },
    { value: 'expiresAt:asc', label: 'Expiring soonest' },
  ],
  icon: ArrowLeftRight,
  notesTitle: (entry) => `${entry.description}, ${signedDuration(entry.minutes)}`,
  renderRow: (entry, zone) => (
    <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2">
          <span className={`${badgeClass} bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200`}>{creditKindLabels[entry.kind]}</span>
          <span className="font-semibold break-words text-slate-900 dark:text-white">{entry.description}</span>
        </p>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
          {fullName(entry.student, 'Unknown student')} · {momentText(entry.createdAt, zone)}
          {entry.expiresAt && ` · expires ${dayText(entry.expiresAt, zone)}`}
        </p>
      </div>
      <div className="flex items-baseline gap-3 sm:block sm:text-right">
        <p
          className={`text-lg font-semibold tabular-nums ${entry.minutes < 0 ? 'text-slate-800 dark:text-slate-100' : 'text-emerald-700 dark:text-emerald-400'}`}
        >
          {signedDuration(entry.minutes)}
        </p>
        {entry.amount !== null && entry.currency && (
          <p className="text-sm text-slate-600 tabular-nums dark:text-slate-300">{formatMoney(entry.amount, entry.currency)}</p>
        )}
      </div>
    </div>
  ),
};

/** /portal/admin/transaction-logs (spec 2 sections 2 and 7): the credit entries, which are the balances' own record. */
export default function TransactionLogsPage() {
  return <AdminRecordsPage config={config} />;
}
