import { CircleCheck, Eye } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import type { PayRunPreview, PayRunRecord } from '../../../schema/contracts/pay-runs';
import { errorMessageText } from '../../lib/errors';
import { daysBefore, todayIn } from '../../lib/local-days';
import { dayEndIso, dayStartIso } from '../../lib/local-time';
import { cardClass, primaryButton, secondaryButton } from '../../ui/classes';
import { DateRangeFields } from '../../ui/DateRangeFields';
import Spinner from '../../ui/Spinner';
import { useToast } from '../../ui/toast/use-toast';
import { ledgerCalls } from './api';
import { PayRunTotalsTable } from './PayRunTotalsTable';

type Preview = { kind: 'none' } | { kind: 'loading' } | { kind: 'ready'; preview: PayRunPreview } | { kind: 'failed'; message: string };

/**
 * Pick a period, see what every tutor is owed in it, then make the run: making it marks every lesson and adjustment it
 * takes PAID in the same step, so there is no second step to forget. The last two weeks are offered first.
 */
export function PayRunPlanner({ zone, canCreate, onCreated }: { zone: string; canCreate: boolean; onCreated: (run: PayRunRecord) => void }) {
  const toast = useToast();
  const [range, setRange] = useState(() => {
    const today = todayIn(zone);
    return { from: daysBefore(today, 13), to: today };
  });
  const [preview, setPreview] = useState<Preview>({ kind: 'none' });
  const [creating, setCreating] = useState(false);
  const period = { periodStart: dayStartIso(range.from, zone) ?? '', periodEnd: dayEndIso(range.to, zone) ?? '' };

  const look = async (event: FormEvent) => {
    event.preventDefault();
    setPreview({ kind: 'loading' });
    try {
      setPreview({ kind: 'ready', preview: await ledgerCalls.previewPayRun(period) });
    } catch (error) {
      setPreview({ kind: 'failed', message: errorMessageText(error) });
    }
  };
  const create = async () => {
    setCreating(true);
    try {
      const { message, doc } = await ledgerCalls.createPayRun(period);
      toast.success(message);
      setPreview({ kind: 'none' });
      onCreated(doc);
    } catch (error) {
      toast.error(error);
    } finally {
      setCreating(false);
    }
  };

  return (
    <section aria-labelledby="new-pay-run" className={`${cardClass} p-5 sm:p-6`}>
      <h2 id="new-pay-run" className="text-lg font-semibold text-slate-900 dark:text-white">
        New pay run
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
        A run pays every lesson, penalty waiver and adjustment in the period that is still processing, and marks them all paid.
      </p>
      <form onSubmit={(e) => void look(e)} className="mt-4 grid grid-cols-2 items-end gap-3 sm:grid-cols-3">
        <DateRangeFields
          idPrefix="pay-run"
          required
          from={range.from}
          to={range.to}
          onChange={(next) => {
            setRange((current) => ({ ...current, ...next }));
            setPreview({ kind: 'none' });
          }}
        />
        <button type="submit" className={`${secondaryButton} col-span-2 sm:col-span-1`} disabled={preview.kind === 'loading' || !range.from || !range.to}>
          {preview.kind === 'loading' ? <Spinner className="size-4" /> : <Eye className="size-4" aria-hidden="true" />}
          Preview
        </button>
      </form>

      <div className="mt-5" aria-live="polite">
        {preview.kind === 'failed' && (
          <p role="alert" className="text-sm text-rose-700 dark:text-rose-300">
            The preview could not be made. {preview.message}
          </p>
        )}
        {preview.kind === 'ready' &&
          (preview.preview.totals.length === 0 ? (
            <p className="text-sm text-slate-600 dark:text-slate-300">Nothing in these dates is waiting to be paid.</p>
          ) : (
            <div className="space-y-4">
              <PayRunTotalsTable run={preview.preview} label="This run would pay" />
              {canCreate ? (
                <button type="button" className={primaryButton} disabled={creating} onClick={() => void create()}>
                  {creating ? <Spinner className="size-4" /> : <CircleCheck className="size-4" aria-hidden="true" />}
                  Make the pay run and mark these paid
                </button>
              ) : (
                <p className="text-sm text-slate-600 dark:text-slate-300">Your role may preview pay runs but not make them. Ask an admin who may.</p>
              )}
            </div>
          ))}
      </div>
    </section>
  );
}
