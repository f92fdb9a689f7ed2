import { useAtomValue } from 'jotai';
import { HandCoins, Plus } from 'lucide-react';
import { useState } from 'react';
import { adjustmentTypeValues, appealStatusValues, type TutorAmountData, tutorPaymentStatusValues } from '../../../schema/contracts/lesson-history';
import type { PenaltyWaiverRecord } from '../../../schema/contracts/penalty-waivers';
import { FALLBACK_TIME_ZONE } from '../../../schema/contracts/profile';
import { personOption, usePeople } from '../../entities/accounts/use-people';
import { useCan } from '../../entities/roles/admin-permissions';
import { usePagedList } from '../../lib/paged-list';
import { signedInUserAtom } from '../../lib/session';
import { primaryButton } from '../../ui/classes';
import { EmptyState } from '../../ui/EmptyState';
import { ListStatus } from '../../ui/ListStatus';
import { Pager } from '../../ui/Pager';
import SelectField from '../../ui/SelectField';
import TextField from '../../ui/TextField';
import { useToast } from '../../ui/toast/use-toast';
import AppealDialog from './AppealDialog';
import { type EntryKind, ledgerCalls } from './api';
import EntryCard from './EntryCard';
import EntryDialog from './EntryDialog';
import { appealLabels, entryCount, paymentLabels, totalsSentence, typeLabels } from './entry-words';

const PAGE_SIZE = 20;
const NO_FILTERS = { tutorId: '', type: '', startDate: '', endDate: '', paymentStatus: '', appealStatus: '' };
type Filters = typeof NO_FILTERS;

const words: Record<EntryKind, { noun: string; title: string; empty: string }> = {
  waiver: {
    noun: 'penalty waiver',
    title: 'Penalty waivers',
    empty: 'Waivers and penalties added for tutors show here, with any appeal a tutor makes against a deduction.',
  },
  manual: {
    noun: 'manual adjustment',
    title: 'Manual adjustments',
    empty: 'Additions to and deductions from a tutor’s pay that are not about one lesson show here.',
  },
};

/**
 * The list of one kind of ledger entry with its filters and totals per currency; waivers also filter by payment and
 * appeal status and take answers to appeals. Every change reloads the page, so the totals are the server's.
 */
export default function EntriesPanel({ kind }: { kind: EntryKind }) {
  const user = useAtomValue(signedInUserAtom);
  const zone = user?.timezone || Intl.DateTimeFormat().resolvedOptions().timeZone || FALLBACK_TIME_ZONE;
  const can = useCan();
  const toast = useToast();
  const people = usePeople();
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [totals, setTotals] = useState<TutorAmountData[]>([]);
  const [creating, setCreating] = useState(false);
  const [appeal, setAppeal] = useState<PenaltyWaiverRecord | null>(null);
  const { list, goTo, reload } = usePagedList<PenaltyWaiverRecord>(
    async (offset) => {
      const page = await ledgerCalls.list(kind, { limit: PAGE_SIZE, offset, ...filters });
      setTotals(page.tutorAmountData ?? []);
      return page;
    },
    `${kind}:${JSON.stringify(filters)}`,
  );
  const set = (key: keyof Filters) => (event: { target: { value: string } }) => setFilters((current) => ({ ...current, [key]: event.target.value }));
  const filtered = JSON.stringify(filters) !== JSON.stringify(NO_FILTERS);
  const waivers = kind === 'waiver';
  const noun = words[kind].noun;
  const mayCreate = can(waivers ? { penaltyWaivers: ['create'] } : { manualAdjustments: ['create'] });
  const mayPay = can({ penaltyWaivers: ['create'] });
  const idPrefix = `${kind}-filter`;

  async function togglePayment(entry: PenaltyWaiverRecord) {
    try {
      const saved = await ledgerCalls.setPaymentStatus(entry._id, entry.paymentStatus === 'PAID' ? 'PROCESSING' : 'PAID');
      toast.success(saved.message);
      void reload();
    } catch (error) {
      toast.error(error);
    }
  }

  const money = totalsSentence(totals);
  return (
    <section aria-label={words[kind].title}>
      {mayCreate && (
        <div className="flex justify-end">
          <button type="button" className={primaryButton} onClick={() => setCreating(true)}>
            <Plus className="size-4" aria-hidden="true" />
            New {noun}
          </button>
        </div>
      )}
      <form role="search" onSubmit={(e) => e.preventDefault()} className="mt-4 grid grid-cols-2 gap-3 lg:grid-cols-3">
        <SelectField
          id={`${idPrefix}-tutor`}
          label="Tutor"
          className="col-span-2 lg:col-span-1"
          placeholder="Any tutor"
          options={people.tutors.map(personOption)}
          value={filters.tutorId}
          onChange={set('tutorId')}
        />
        <TextField id={`${idPrefix}-from`} label="From" type="date" value={filters.startDate} max={filters.endDate || undefined} onChange={set('startDate')} />
        <TextField id={`${idPrefix}-to`} label="To" type="date" value={filters.endDate} min={filters.startDate || undefined} onChange={set('endDate')} />
        <SelectField
          id={`${idPrefix}-type`}
          label="Direction"
          placeholder="Both"
          options={adjustmentTypeValues.map((value) => ({ value, label: typeLabels[value] }))}
          value={filters.type}
          onChange={set('type')}
        />
        {waivers && (
          <>
            <SelectField
              id={`${idPrefix}-payment`}
              label="Payment"
              placeholder="Any payment status"
              options={tutorPaymentStatusValues.map((value) => ({ value, label: paymentLabels[value] }))}
              value={filters.paymentStatus}
              onChange={set('paymentStatus')}
            />
            <SelectField
              id={`${idPrefix}-appeal`}
              label="Appeal"
              placeholder="With or without an appeal"
              options={appealStatusValues.map((value) => ({ value, label: appealLabels[value] }))}
              value={filters.appealStatus}
              onChange={set('appealStatus')}
            />
          </>
        )}
      </form>

      <ListStatus
        list={list}
        onRetry={() => void reload()}
        className="mt-6"
        empty={
          <EmptyState
            icon={<HandCoins className="size-6" aria-hidden="true" />}
            title={filtered ? `No ${noun}s match` : `No ${noun}s yet`}
            text={filtered ? 'Nothing matches these filters. Try another tutor, other dates or fewer filters.' : words[kind].empty}
          />
        }
      >
        <p className="mb-3 text-sm text-slate-700 dark:text-slate-200" data-testid={`${kind}-totals`}>
          <span className="font-semibold">{entryCount(list.totalDocs)}</span>
          {money && ` · ${money}.`}
        </p>
        <ul className={list.status === 'loading' ? 'space-y-3 opacity-60' : 'space-y-3'}>
          {list.docs.map((entry) => (
            <EntryCard
              key={entry._id}
              entry={entry}
              zone={zone}
              onRespondToAppeal={waivers && can({ penaltyWaivers: ['respond'] }) ? () => setAppeal(entry) : undefined}
              onPaymentStatus={mayPay ? () => void togglePayment(entry) : undefined}
            />
          ))}
        </ul>
        <Pager offset={list.offset} limit={PAGE_SIZE} total={list.totalDocs} onOffset={(offset) => void goTo(offset)} />
      </ListStatus>
      {creating && (
        <EntryDialog
          kind={kind}
          tutors={people.tutors}
          onClose={() => setCreating(false)}
          onCreated={() => {
            setCreating(false);
            void goTo(0);
          }}
        />
      )}
      {appeal && (
        <AppealDialog
          entry={appeal}
          zone={zone}
          onClose={() => setAppeal(null)}
          onAnswered={() => {
            setAppeal(null);
            void reload();
          }}
        />
      )}
    </section>
  );
}
