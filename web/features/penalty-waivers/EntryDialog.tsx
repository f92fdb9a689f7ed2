import { useAtomValue } from 'jotai';
import { Plus } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import type { DropdownUser } from '../../../schema/contracts/admin-users';
import { adjustmentTypeValues } from '../../../schema/contracts/lesson-history';
import { isCurrencyCode } from '../../../schema/contracts/money';
import {
  createManualAdjustmentBody,
  createPenaltyWaiverBody,
  type PenaltyWaiverRecord,
  settingsCategoryValues,
} from '../../../schema/contracts/penalty-waivers';
import { personOption } from '../../entities/accounts/use-people';
import { sentencesOf } from '../../lib/form-errors';
import { amountFromText, currencyChoices } from '../../lib/money-field';
import { signedInUserAtom } from '../../lib/session';
import { Dialog } from '../../ui/Dialog';
import { DialogActions } from '../../ui/DialogActions';
import { TextAreaField } from '../../ui/fields';
import SelectField from '../../ui/SelectField';
import TextField from '../../ui/TextField';
import { useToast } from '../../ui/toast/use-toast';
import { useCheckedSubmit } from '../../ui/use-checked-submit';
import { type EntryKind, ledgerCalls } from './api';
import { categoryLabels, typeLabels } from './entry-words';

const labels: Record<string, string> = {
  tutorId: 'The tutor',
  type: 'The direction',
  amount: 'The amount',
  currency: 'The currency',
  note: 'The reason',
  date: 'The date',
  category: 'The category',
};
const nouns: Record<EntryKind, string> = { waiver: 'penalty waiver', manual: 'manual adjustment' };

/** Adds a penalty waiver or a manual adjustment for a tutor, checked with the schema the API checks it with. */
export default function EntryDialog({
  kind,
  tutors,
  onClose,
  onCreated,
}: {
  kind: EntryKind;
  tutors: DropdownUser[];
  onClose: () => void;
  onCreated: (entry: PenaltyWaiverRecord) => void;
}) {
  const toast = useToast();
  const user = useAtomValue(signedInUserAtom);
  const [values, setValues] = useState({
    tutorId: '',
    type: 'ADDITION',
    amount: '',
    currency: user?.currency && isCurrencyCode(user.currency) ? user.currency : 'USD',
    note: '',
    date: '',
    category: 'ADJUSTMENTS',
  });
  const { errors, setErrors, busy, submit } = useCheckedSubmit();
  const shown = sentencesOf(errors, (path) => labels[path] ?? 'This field');
  const bind = (key: keyof typeof values) => ({
    value: values[key],
    onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [key]: e.target.value })),
  });
  const manual = kind === 'manual';

  async function create(event: FormEvent) {
    event.preventDefault();
    // An amount that does not read as money goes to the schema as missing, so nothing is sent, and says why below.
    const amount = amountFromText(values.amount, values.currency);
    const common = { tutorId: values.tutorId, type: values.type, amount: amount.amount, currency: values.currency };
    const send = async (body: unknown) => {
      const saved = await ledgerCalls.create(kind, body);
      toast.success(saved.message);
      onCreated(saved.doc);
    };
    if (manual) {
      await submit(createManualAdjustmentBody, { ...common, note: values.note, date: values.date || undefined, category: values.category }, send);
    } else {
      await submit(createPenaltyWaiverBody, { ...common, note: values.note.trim() || undefined }, send);
    }
    if (amount.error) setErrors((current) => ({ ...current, amount: amount.error }));
  }

  return (
    <Dialog open onClose={onClose} title={`New ${nouns[kind]}`}>
      <form onSubmit={(e) => void create(e)} noValidate className="space-y-4">
        <SelectField
          id="entry-tutor"
          label="Tutor"
          required
          placeholder={tutors.length ? 'Choose a tutor' : 'No tutors to choose from'}
          options={tutors.map(personOption)}
          error={shown.tutorId}
          {...bind('tutorId')}
        />
        <SelectField
          id="entry-type"
          label="Direction"
          required
          options={adjustmentTypeValues.map((value) => ({ value, label: typeLabels[value] }))}
          error={shown.type}
          {...bind('type')}
        />
        <div className="grid grid-cols-[minmax(0,1fr)_7rem] gap-2">
          <TextField id="entry-amount" label="Amount" required inputMode="decimal" placeholder="12.34" error={shown.amount} {...bind('amount')} />
          <SelectField
            id="entry-currency"
            label="Currency"
            options={currencyChoices.map((code) => ({ value: code, label: code }))}
            error={shown.currency}
            {...bind('currency')}
          />
        </div>
        {manual && (
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField id="entry-date" label="Date it counts for (today if empty)" type="date" error={shown.date} {...bind('date')} />
            <SelectField
              id="entry-category"
              label="Category"
              options={settingsCategoryValues.map((value) => ({ value, label: categoryLabels[value] }))}
              error={shown.category}
              {...bind('category')}
            />
          </div>
        )}
        <TextAreaField id="entry-note" label={manual ? 'Reason' : 'Reason (optional)'} rows={3} maxLength={2000} error={shown.note} {...bind('note')} />
        <DialogActions onCancel={onClose} busy={busy} icon={<Plus className="size-4" aria-hidden="true" />}>
          Create {nouns[kind]}
        </DialogActions>
      </form>
    </Dialog>
  );
}
