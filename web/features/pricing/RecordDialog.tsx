import { Save } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import type { TutorTypePermissions } from '../../../schema/contracts/course-templates';
import PickList from '../../entities/pricing/PickList';
import { issuesByField } from '../../lib/form-errors';
import { amountFromText, amountText } from '../../lib/money-field';
import { Dialog } from '../../ui/Dialog';
import { DialogActions } from '../../ui/DialogActions';
import { ChoiceField, TextAreaField } from '../../ui/fields';
import { MoneyField } from '../../ui/form-fields/MoneyField';
import TextField from '../../ui/TextField';
import { useToast } from '../../ui/toast/use-toast';
import { useFormSave } from '../../ui/use-form-save';
import { pricingCalls } from './api';
import type { Field, PricingRow, RecordKind } from './record-kinds';
import TutorTypePermissionsField from './TutorTypePermissionsField';

type Values = Record<string, string | string[] | TutorTypePermissions>;

function initialValues(fields: Field[], row: PricingRow | null): Values {
  const currency = typeof row?.currency === 'string' ? row.currency : 'USD';
  const values: Values = {};
  for (const field of fields) {
    const current = row?.[field.key];
    if (field.kind === 'picks') values[field.key] = Array.isArray(current) ? (current as string[]) : [];
    else if (field.kind === 'tutorTypePermissions') values[field.key] = (current as TutorTypePermissions | undefined) ?? {};
    else if (field.kind === 'money') {
      values[field.key] = amountText(current, currency);
      values.currency = currency;
    } else if (field.kind === 'select') values[field.key] = typeof current === 'string' ? current : field.options[0]!.value;
    else values[field.key] = current === undefined || current === null ? '' : String(current);
  }
  return values;
}

/** Creates (`editing` null) or edits a record of any pricing kind; the API's zod schema checks the form first. */
interface Props {
  kind: RecordKind;
  open: boolean;
  editing: PricingRow | null;
  onClose: () => void;
  onSaved: (row: PricingRow, created: boolean) => void;
}

export default function RecordDialog({ kind, open, editing, onClose, onSaved }: Props) {
  const [values, setValues] = useState<Values>({});
  const { busy, errors, setErrors, save } = useFormSave();
  const toast = useToast();

  useEffect(() => {
    if (!open) return;
    setErrors({});
    setValues(initialValues(kind.fields, editing));
  }, [open, editing, kind, setErrors]);

  const set = (key: string, value: Values[string]) => setValues((current) => ({ ...current, [key]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const body: Record<string, unknown> = {};
    const local: Record<string, string> = {};
    for (const field of kind.fields) {
      const value = values[field.key];
      if (field.kind === 'number') body[field.key] = value === '' ? undefined : Number(value);
      else if (field.kind === 'money') {
        const currency = String(values.currency);
        const parsed = amountFromText(String(value), currency);
        if (parsed.error) local[field.key] = parsed.error;
        body[field.key] = parsed.amount;
        body.currency = currency;
      } else body[field.key] = value;
    }
    const parsed = kind.schema.safeParse(body);
    const issues = parsed.success ? {} : issuesByField(parsed.error.issues);
    if (!parsed.success || Object.keys(local).length) {
      setErrors({ ...issues, ...local });
      return;
    }
    setErrors({});
    await save(async () => {
      const saved = await pricingCalls.save(kind, editing, parsed.data);
      toast.success(`${kind.noun} ${editing ? 'updated' : 'created'}!`);
      onSaved(saved, !editing);
      onClose();
    });
  }

  const noun = kind.noun.toLowerCase();
  return (
    <Dialog open={open} onClose={onClose} title={editing ? `Edit ${noun}` : `New ${noun}`} wide>
      <form onSubmit={(e) => void submit(e)} noValidate className="space-y-5">
        <div className="grid gap-4 sm:grid-cols-2">
          {kind.fields.map((field) => {
            const id = `${kind.id}-${field.key}`;
            const value = values[field.key] ?? '';
            switch (field.kind) {
              case 'text':
              case 'date':
              case 'number':
                return (
                  <TextField
                    key={field.key}
                    id={id}
                    label={field.label}
                    type={field.kind === 'text' ? 'text' : field.kind}
                    inputMode={field.kind === 'number' ? 'numeric' : undefined}
                    required={field.required}
                    value={String(value)}
                    onChange={(e) => set(field.key, e.target.value)}
                    error={errors[field.key]}
                  />
                );
              case 'textarea':
                return (
                  <TextAreaField
                    key={field.key}
                    id={id}
                    label={field.label}
                    rows={2}
                    value={String(value)}
                    onChange={(e) => set(field.key, e.target.value)}
                    error={errors[field.key]}
                    className="sm:col-span-2"
                  />
                );
              case 'select':
                return (
                  <ChoiceField
                    key={field.key}
                    id={id}
                    label={field.label}
                    value={String(value)}
                    onChange={(e) => set(field.key, e.target.value)}
                    error={errors[field.key]}
                  >
                    {field.options.map((option) => (
                      <option key={option.value} value={option.value}>
                        {option.label}
                      </option>
                    ))}
                  </ChoiceField>
                );
              case 'money':
                return (
                  <MoneyField
                    key={field.key}
                    id={id}
                    label={field.label}
                    amount={String(value)}
                    currency={String(values.currency ?? 'USD')}
                    onAmount={(text) => set(field.key, text)}
                    onCurrency={(code) => set('currency', code)}
                    amountError={errors[field.key]}
                    currencyError={errors.currency}
                  />
                );
              case 'tutorTypePermissions':
                return (
                  <TutorTypePermissionsField
                    key={field.key}
                    id={id}
                    value={value as TutorTypePermissions}
                    onChange={(next) => set(field.key, next)}
                    errors={errors}
                  />
                );
              case 'picks':
                if (field.shownWhen && !field.shownWhen(values)) return null;
                return (
                  <PickList
                    key={field.key}
                    id={id}
                    label={field.label}
                    source={field.source}
                    value={value as string[]}
                    onChange={(ids) => set(field.key, ids)}
                    error={errors[field.key]}
                  />
                );
            }
          })}
        </div>
        <DialogActions onCancel={onClose} busy={busy} icon={<Save className="size-4" aria-hidden="true" />}>
          {editing ? 'Save changes' : `Create ${noun}`}
        </DialogActions>
      </form>
    </Dialog>
  );
}
