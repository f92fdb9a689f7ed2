import { Plus, Save, Trash2 } from 'lucide-react';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import {
  type CancellationRules,
  cancellationRules,
  type PolicyWithVersions,
  policyRequesters,
  policyRequestTypes,
} from '../../../schema/contracts/cancellation-policy';
import { sentencesOf } from '../../lib/form-errors';
import { currencyChoices } from '../../lib/money-field';
import { cardClass, smallButton } from '../../ui/classes';
import { DialogActions } from '../../ui/DialogActions';
import SelectField from '../../ui/SelectField';
import TextField from '../../ui/TextField';
import { useCheckedSubmit } from '../../ui/use-checked-submit';
import { policyCalls } from './api';
import { type BandForm, formOf, newBand, type PolicyForm, policyFieldLabel, rulesOf } from './policy-form';
import { typeVerbs } from './policy-words';

/** The schema's limit; the button stops there instead of the save failing. */
const MAX_BANDS = 20;

const typeOptions = [{ value: 'ANY', label: 'Any request' }, ...policyRequestTypes.map((t) => ({ value: t, label: `To ${typeVerbs[t]}` }))];
const askerLabels: Record<(typeof policyRequesters)[number], string> = { STUDENT: 'Students and parents', TUTOR: 'Tutors', ADMIN: 'Admins' };
const requesterOptions = [{ value: 'ANY', label: 'Anyone' }, ...policyRequesters.map((r) => ({ value: r, label: askerLabels[r] }))];
const kindOptions = [
  { value: 'PERCENT', label: 'A share of the lesson’s amount' },
  { value: 'FIXED', label: 'A fixed amount' },
];

function Section({ title, text, children }: { title: string; text: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className={`${cardClass} p-4 sm:p-5`}>
      <h2 id={id} className="font-semibold text-slate-900 dark:text-white">
        {title}
      </h2>
      <p className="mt-0.5 text-sm text-slate-600 dark:text-slate-400">{text}</p>
      <div className="mt-4">{children}</div>
    </section>
  );
}

/** Edits the policy in force and saves it as the next version; the schema the API checks with checks it here first. */
export default function PolicyEditor({
  policy,
  currency,
  onCancel,
  onSaved,
}: {
  policy: PolicyWithVersions;
  currency: string;
  onCancel: () => void;
  onSaved: (saved: PolicyWithVersions) => void;
}) {
  const [form, setForm] = useState<PolicyForm>(() => formOf(policy.rules, currency));
  const { errors, setErrors, formError, busy, submit } = useCheckedSubmit();
  const shown = sentencesOf(errors, policyFieldLabel);
  const field = (key: 'askUntilHoursBefore' | 'lateCancelHours' | 'notStartedPay' | 'studentNoShowPay') => ({
    value: form[key],
    onChange: (e: { target: { value: string } }) => setForm((f) => ({ ...f, [key]: e.target.value })),
  });
  const setBand = (index: number, change: Partial<BandForm>) =>
    setForm((f) => ({ ...f, tiers: f.tiers.map((band, i) => (i === index ? { ...band, ...change } : band)) }));
  const toggleAsker = (type: keyof CancellationRules['whoMayAsk'], requester: (typeof policyRequesters)[number]) =>
    setForm((f) => {
      const current = f.whoMayAsk[type];
      const next = current.includes(requester)
        ? current.filter((r) => r !== requester)
        : policyRequesters.filter((r) => r === requester || current.includes(r));
      return { ...f, whoMayAsk: { ...f.whoMayAsk, [type]: next } };
    });

  async function save(event: FormEvent) {
    event.preventDefault();
    const { rules, amountErrors } = rulesOf(form);
    await submit(cancellationRules, rules, async (data) => onSaved(await policyCalls.save(data)));
    if (Object.keys(amountErrors).length) setErrors((current) => ({ ...current, ...amountErrors }));
  }

  return (
    <form onSubmit={(e) => void save(e)} noValidate className="space-y-4" aria-label="Edit the cancellation policy">
      <Section title="Who may ask" text="Who may ask an admin to change a lesson. Admins can always change a lesson themselves.">
        <div className="grid gap-4 sm:grid-cols-3">
          {policyRequestTypes.map((type) => (
            <fieldset key={type}>
              <legend className="text-sm font-medium text-slate-700 dark:text-slate-200">To {typeVerbs[type]} a lesson</legend>
              <div className="mt-2 space-y-1.5">
                {policyRequesters.map((requester) => (
                  <label key={requester} className="flex items-center gap-2 text-sm text-slate-700 dark:text-slate-200">
                    <input
                      type="checkbox"
                      checked={form.whoMayAsk[type].includes(requester)}
                      onChange={() => toggleAsker(type, requester)}
                      className="accent-brand"
                    />
                    {askerLabels[requester]}
                  </label>
                ))}
              </div>
              {shown[`whoMayAsk.${type}`] && <p className="mt-1.5 text-sm text-rose-600 dark:text-rose-400">{shown[`whoMayAsk.${type}`]}</p>}
            </fieldset>
          ))}
        </div>
        <TextField
          id="policy-ask-until"
          className="mt-4 sm:max-w-xs"
          label="Requests close this many hours before the lesson"
          inputMode="numeric"
          error={shown.askUntilHoursBefore}
          {...field('askUntilHoursBefore')}
        />
        <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">0 lets people ask until the lesson starts.</p>
      </Section>

      <Section
        title="Penalties"
        text="A request made with less notice than a band allows carries its penalty. Where several bands apply, the one with the shortest notice does."
      >
        <div className="space-y-3">
          {form.tiers.map((band, i) => {
            const n = i + 1;
            const at = (name: string) => shown[`tiers.${i}.${name}`];
            return (
              <fieldset key={i} className="rounded-xl p-3 ring-1 ring-slate-200 dark:ring-slate-800">
                <legend className="px-1 text-sm font-medium text-slate-700 dark:text-slate-200">Band {n}</legend>
                <div className="grid gap-3 sm:grid-cols-3">
                  <SelectField
                    id={`band-${n}-type`}
                    label="Request"
                    options={typeOptions}
                    value={band.type}
                    error={at('type')}
                    onChange={(e) => setBand(i, { type: e.target.value as BandForm['type'] })}
                  />
                  <SelectField
                    id={`band-${n}-requester`}
                    label="Asked by"
                    options={requesterOptions}
                    value={band.requester}
                    error={at('requester')}
                    onChange={(e) => setBand(i, { requester: e.target.value as BandForm['requester'] })}
                  />
                  <TextField
                    id={`band-${n}-hours`}
                    label="Less than this many hours before"
                    inputMode="numeric"
                    value={band.withinHours}
                    error={at('withinHours')}
                    onChange={(e) => setBand(i, { withinHours: e.target.value })}
                  />
                  <SelectField
                    id={`band-${n}-kind`}
                    label="Penalty"
                    options={kindOptions}
                    value={band.kind}
                    onChange={(e) => setBand(i, { kind: e.target.value as BandForm['kind'] })}
                  />
                  {band.kind === 'PERCENT' ? (
                    <TextField
                      id={`band-${n}-percent`}
                      label="Percentage (%)"
                      inputMode="decimal"
                      value={band.percent}
                      error={at('penalty.basisPoints')}
                      onChange={(e) => setBand(i, { percent: e.target.value })}
                    />
                  ) : (
                    <div className="grid grid-cols-[minmax(0,1fr)_6.5rem] gap-2 sm:col-span-2">
                      <TextField
                        id={`band-${n}-amount`}
                        label="Amount"
                        inputMode="decimal"
                        placeholder="12.34"
                        value={band.amount}
                        error={at('penalty.amount')}
                        onChange={(e) => setBand(i, { amount: e.target.value })}
                      />
                      <SelectField
                        id={`band-${n}-currency`}
                        label="Currency"
                        options={currencyChoices.map((code) => ({ value: code, label: code }))}
                        value={band.currency}
                        error={at('penalty.currency')}
                        onChange={(e) => setBand(i, { currency: e.target.value })}
                      />
                    </div>
                  )}
                </div>
                <button type="button" className={`${smallButton} mt-3`} onClick={() => setForm((f) => ({ ...f, tiers: f.tiers.filter((_, j) => j !== i) }))}>
                  <Trash2 className="size-4" aria-hidden="true" />
                  Remove band {n}
                </button>
              </fieldset>
            );
          })}
          {form.tiers.length === 0 && <p className="text-sm text-slate-600 dark:text-slate-400">No bands: no request carries a penalty.</p>}
          <button
            type="button"
            className={smallButton}
            disabled={form.tiers.length >= MAX_BANDS}
            onClick={() => setForm((f) => ({ ...f, tiers: [...f.tiers, newBand(currency)] }))}
          >
            <Plus className="size-4" aria-hidden="true" />
            Add a band
          </button>
          {shown.tiers && <p className="text-sm text-rose-600 dark:text-rose-400">{shown.tiers}</p>}
        </div>
      </Section>

      <Section
        title="Late cancellations and missed lessons"
        text="A lesson cancelled late still counts as held, and what a tutor is paid when a lesson did not go ahead."
      >
        <div className="grid gap-4 sm:grid-cols-3">
          <TextField
            id="policy-late-cancel"
            label="Cancelled but chargeable: less than this many hours before"
            inputMode="numeric"
            error={shown.lateCancelHours}
            {...field('lateCancelHours')}
          />
          <TextField
            id="policy-not-started"
            label="Tutor’s pay for a lesson nobody started (%)"
            inputMode="decimal"
            error={shown.notStartedPayBasisPoints}
            {...field('notStartedPay')}
          />
          <TextField
            id="policy-no-show"
            label="Tutor’s pay when the student did not come (%)"
            inputMode="decimal"
            error={shown.studentNoShowPayBasisPoints}
            {...field('studentNoShowPay')}
          />
        </div>
      </Section>

      {formError && !Object.keys(errors).length && (
        <p role="alert" className="rounded-lg bg-rose-50 px-3 py-2 text-sm text-rose-800 dark:bg-rose-500/10 dark:text-rose-300">
          {formError}
        </p>
      )}
      <DialogActions onCancel={onCancel} busy={busy} icon={<Save className="size-4" aria-hidden="true" />}>
        Save as version {policy.version + 1}
      </DialogActions>
    </form>
  );
}
