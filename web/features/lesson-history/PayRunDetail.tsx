import type { PayRunRecord } from '../../../schema/contracts/pay-runs';
import { lessonTime } from '../../entities/lessons/lesson-time';
import { dayText } from '../../lib/local-days';
import { Dialog } from '../../ui/Dialog';
import { DownloadCsvButton } from './DownloadCsvButton';
import { PayRunTotalsTable } from './PayRunTotalsTable';

export const periodText = (run: Pick<PayRunRecord, 'periodStart' | 'periodEnd'>, zone: string) =>
  `${dayText(run.periodStart, zone)} to ${dayText(run.periodEnd, zone)}`;

/** One pay run: what it paid each tutor, its bank reference, and its bank file. */
export function PayRunDetail({ run, zone, onClose }: { run: PayRunRecord; zone: string; onClose: () => void }) {
  return (
    <Dialog open onClose={onClose} title={`Pay run for ${periodText(run, zone)}`} wide>
      <div className="space-y-4 text-sm" data-testid="pay-run-detail">
        <p className="text-slate-600 dark:text-slate-300">
          Made {lessonTime(run.createdAt, zone)}. Every line in the bank file carries the reference{' '}
          <span className="font-mono font-semibold">{run.reference}</span>.
        </p>
        <DownloadCsvButton path={`/admin/pay-runs/${encodeURIComponent(run._id)}/csv`} fallbackName={`pay-run-${run._id.slice(0, 8)}.csv`} />
        <PayRunTotalsTable run={run} label="Paid" />
      </div>
    </Dialog>
  );
}
