import { Pencil, Plus, Trash2 } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { formatMoney } from '../../../schema/contracts/money';
import { criteriaOf, type Rate, rateInput } from '../../../schema/contracts/pricing';
import type { RateTable } from '../../../schema/contracts/pricing-enums';
import { loadOptions, type Option, type OptionSource } from '../../entities/pricing/options';
import { useCan } from '../../entities/roles/admin-permissions';
import { issuesByField } from '../../lib/form-errors';
import { amountFromText, amountText, currencyChoices } from '../../lib/money-field';
import { primaryButton, secondaryButton, smallButton } from '../../ui/classes';
import { ChoiceField } from '../../ui/fields';
import LoadFailure from '../../ui/LoadFailure';
import Spinner from '../../ui/Spinner';
import TextField from '../../ui/TextField';
import { useToast } from '../../ui/toast/use-toast';
import { useFormSave } from '../../ui/use-form-save';
import { pricingCalls } from './api';

type Criterion = 'studentId' | 'tutorId' | 'studentType' | 'courseType' | 'tutorCountry' | 'studentCountry' | 'country' | 'curriculum' | 'grade' | 'packageId';

const pickers: Partial<Record<Criterion, { label: string; source: (table: RateTable) => OptionSource }>> = {
  studentId: { label: 'Student (per-student rate)', source: () => 'students' },
  tutorId: { label: 'Tutor', source: () => 'tutors' },
  studentType: { label: 'Student type', source: () => 'studentTypes' },
  courseType: { label: 'Course type', source: () => 'courseTypes' },
  packageId: { label: 'Plan', source: (table) => (table === 'STUDENT_FLEXIBLE' ? 'flexiblePlans' : 'subscriptionPlans') },
};
const texts: Partial<Record<Criterion, string>> = {
  tutorCountry: 'Tutor country',
  studentCountry: 'Student country',
  country: 'Country',
  curriculum: 'Curriculum',
  grade: 'Grade',
};

/** "student Sam Student, SG→any": a rate's criteria in words, as the price check's explanation says them. */
function criteriaWords(rate: Rate, names: Map<string, string>) {
  const name = (id: string | null) => (id ? (names.get(id) ?? id) : null);
  const parts = [
    rate.studentId && `student ${name(rate.studentId)}`,
    rate.tutorId && `tutor ${name(rate.tutorId)}`,
    rate.studentType && `student type ${name(rate.studentType)}`,
    rate.courseType && `course type ${name(rate.courseType)}`,
    rate.packageId && `plan ${name(rate.packageId)}`,
    (rate.curriculum || rate.grade) && [rate.curriculum, rate.grade].filter(Boolean).join(' '),
    (rate.tutorCountry || rate.studentCountry) && `${rate.tutorCountry ?? 'any'}→${rate.studentCountry ?? 'any'}`,
    rate.country && `country ${rate.country}`,
  ].filter(Boolean);
  return parts.length ? parts.join(', ') : 'Default rate';
}

/** The rates of one version, nested under it: each with its criteria, and one form that adds a rate or edits the picked one. */
export default function RatesPanel({ table, versionId, resource }: { table: RateTable; versionId: string; resource: string }) {
  const can = useCan();
  const toast = useToast();
  const [rates, setRates] = useState<Rate[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [choices, setChoices] = useState<Partial<Record<Criterion, Option[]>>>({});
  const criteria = criteriaOf[table] as Criterion[];
  const hourly = table.endsWith('_TUTOR');
  const [values, setValues] = useState<Record<string, string>>({ amount: '', currency: 'SGD' });
  const [editing, setEditing] = useState<string | null>(null);
  const { busy, errors, setErrors, save } = useFormSave();

  useEffect(() => {
    let live = true;
    setFailed(false);
    pricingCalls
      .rates(table, versionId)
      .then((page) => live && setRates(page.docs))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [table, versionId, attempt]);

  useEffect(() => {
    let live = true;
    for (const key of criteria) {
      const picker = pickers[key];
      if (!picker) continue;
      void loadOptions(picker.source(table)).then((options) => live && setChoices((current) => ({ ...current, [key]: options })));
    }
    return () => {
      live = false;
    };
  }, [table, criteria]);

  const names = new Map(Object.values(choices).flatMap((options) => options.map((o) => [o.value, o.label] as const)));

  function edit(rate: Rate) {
    setErrors({});
    setEditing(rate._id);
    const picked: Record<string, string> = { amount: amountText(rate.amount, rate.currency), currency: rate.currency };
    for (const key of criteria) if (rate[key]) picked[key] = rate[key];
    setValues(picked);
  }

  function stopEditing() {
    setErrors({});
    setEditing(null);
    setValues({ amount: '', currency: values.currency! });
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const money = amountFromText(values.amount ?? '', values.currency!);
    const body: Record<string, unknown> = { versionId, amount: money.amount, currency: values.currency };
    for (const key of criteria) if (values[key]) body[key] = values[key];
    const parsed = rateInput(table).safeParse(body);
    if (!parsed.success || money.error) {
      setErrors({ ...(parsed.success ? {} : issuesByField(parsed.error.issues)), ...(money.error ? { amount: money.error } : {}) });
      return;
    }
    setErrors({});
    await save(async () => {
      if (editing) {
        const updated = await pricingCalls.updateRate(table, editing, parsed.data);
        toast.success('Rate updated!');
        setRates((current) => current?.map((r) => (r._id === updated._id ? updated : r)) ?? null);
        setEditing(null);
      } else {
        const created = await pricingCalls.createRate(table, parsed.data);
        toast.success('Rate created!');
        setRates((current) => [created, ...(current ?? [])]);
      }
      setValues({ amount: '', currency: values.currency! });
    });
  }

  async function remove(rate: Rate) {
    try {
      await pricingCalls.removeRate(table, rate._id);
      toast.success('Rate deleted!');
      setRates((current) => current?.filter((r) => r._id !== rate._id) ?? null);
    } catch (error) {
      toast.error(error);
    }
  }

  if (failed) return <LoadFailure onRetry={() => setAttempt((n) => n + 1)} />;
  if (!rates) return <Spinner className="size-5 text-brand-deep" />;
  return (
    <div>
      {rates.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">No rates in this version yet.</p>
      ) : (
        <ul className="divide-y divide-slate-200 text-sm dark:divide-slate-800" aria-label="Rates">
          {rates.map((rate) => (
            <li key={rate._id} className="flex items-center justify-between gap-3 py-2" data-testid="rate-row">
              <span className="min-w-0 text-slate-700 dark:text-slate-200">
                {criteriaWords(rate, names)}: <strong>{formatMoney(rate.amount, rate.currency)}</strong>
                {hourly && ' an hour'}
              </span>
              <span className="flex shrink-0 gap-1">
                {can({ [resource]: ['edit'] }) && (
                  <button type="button" className={smallButton} onClick={() => edit(rate)} aria-label={`Edit rate ${criteriaWords(rate, names)}`}>
                    <Pencil className="size-4" aria-hidden="true" />
                  </button>
                )}
                {can({ [resource]: ['delete'] }) && (
                  <button
                    type="button"
                    className={`${smallButton} text-rose-700! dark:text-rose-300!`}
                    onClick={() => void remove(rate)}
                    aria-label={`Delete rate ${criteriaWords(rate, names)}`}
                  >
                    <Trash2 className="size-4" aria-hidden="true" />
                  </button>
                )}
              </span>
            </li>
          ))}
        </ul>
      )}
      {can({ [resource]: [editing ? 'edit' : 'create'] }) && (
        <form onSubmit={(e) => void submit(e)} noValidate className="mt-4 grid gap-3 sm:grid-cols-3" aria-label={editing ? 'Edit the rate' : 'Add a rate'}>
          <TextField
            id={`${versionId}-amount`}
            label={hourly ? 'Amount an hour' : 'Price'}
            inputMode="decimal"
            required
            placeholder="18.00"
            value={values.amount ?? ''}
            onChange={(e) => setValues({ ...values, amount: e.target.value })}
            error={errors.amount}
          />
          <ChoiceField
            id={`${versionId}-currency`}
            label="Currency"
            value={values.currency}
            onChange={(e) => setValues({ ...values, currency: e.target.value })}
            error={errors.currency}
          >
            {currencyChoices.map((code) => (
              <option key={code}>{code}</option>
            ))}
          </ChoiceField>
          {criteria.map((key) =>
            pickers[key] ? (
              <ChoiceField
                key={key}
                id={`${versionId}-${key}`}
                label={pickers[key].label}
                value={values[key] ?? ''}
                onChange={(e) => setValues({ ...values, [key]: e.target.value })}
                error={errors[key]}
              >
                <option value="">Any</option>
                {(choices[key] ?? []).map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </ChoiceField>
            ) : (
              <TextField
                key={key}
                id={`${versionId}-${key}`}
                label={texts[key]!}
                placeholder="Any"
                value={values[key] ?? ''}
                onChange={(e) => setValues({ ...values, [key]: e.target.value })}
                error={errors[key]}
              />
            ),
          )}
          <div className="flex items-end gap-2">
            <button type="submit" className={primaryButton} disabled={busy}>
              {busy ? <Spinner className="size-4" /> : !editing && <Plus className="size-4" aria-hidden="true" />}
              {editing ? 'Save rate' : 'Add rate'}
            </button>
            {editing && (
              <button type="button" className={secondaryButton} disabled={busy} onClick={stopEditing}>
                Cancel
              </button>
            )}
          </div>
        </form>
      )}
    </div>
  );
}
