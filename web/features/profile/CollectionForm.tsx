import { type FormEvent, useState } from 'react';
import { zodFieldErrors } from '../../lib/form-errors';
import { customLanguage, languageSearchOptions } from '../../lib/profile-choices';
import { primaryButton, secondaryButton } from '../../ui/classes';
import SearchSelect from '../../ui/form-fields/SearchSelect';
import TextAreaField from '../../ui/form-fields/TextAreaField';
import SelectField from '../../ui/SelectField';
import Spinner from '../../ui/Spinner';
import TextField from '../../ui/TextField';
import { type CollectionSpec, type FieldSpec, type FormValues, payloadOf, proficiencyOptions } from './collections';

interface CollectionFormProps {
  spec: CollectionSpec;
  initial: FormValues;
  submitLabel: string;
  /** Sends the payload; resolves with the server's field errors, empty when it was saved. */
  onSubmit: (payload: Record<string, unknown>) => Promise<Record<string, string>>;
  onCancel: () => void;
}

/** The add/edit form of one sub-collection, checked with the API's own schema before anything is sent. */
export default function CollectionForm({ spec, initial, submitLabel, onSubmit, onCancel }: CollectionFormProps) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const set = (name: string) => (value: string) => setValues((v) => ({ ...v, [name]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const payload = payloadOf(spec, values);
    const parsed = spec.schema.safeParse(payload);
    if (!parsed.success) {
      setErrors(zodFieldErrors(parsed.error));
      return;
    }
    setErrors({});
    setSaving(true);
    const serverErrors = await onSubmit(payload);
    setSaving(false);
    setErrors(serverErrors);
  }

  const field = (f: FieldSpec) => {
    const id = `${spec.name}-${f.name}`;
    const common = { id, label: f.label, required: f.required, error: errors[f.name] };
    switch (f.kind) {
      case 'textarea':
        return <TextAreaField key={f.name} {...common} rows={3} value={values[f.name]} onChange={(e) => set(f.name)(e.target.value)} maxLength={2000} />;
      case 'language':
        return (
          <SearchSelect
            key={f.name}
            {...common}
            value={values[f.name] ?? ''}
            options={languageSearchOptions()}
            custom={customLanguage}
            onChange={set(f.name)}
            placeholder="Search or type a language"
          />
        );
      case 'proficiency':
        return (
          <SelectField
            key={f.name}
            {...common}
            placeholder="Choose a level"
            options={proficiencyOptions}
            value={values[f.name]}
            onChange={(e) => set(f.name)(e.target.value)}
          />
        );
      case 'year':
        return (
          <TextField
            key={f.name}
            {...common}
            type="number"
            inputMode="numeric"
            min={1900}
            max={2100}
            value={values[f.name]}
            onChange={(e) => set(f.name)(e.target.value)}
          />
        );
      case 'date':
        return <TextField key={f.name} {...common} type="date" value={values[f.name]} onChange={(e) => set(f.name)(e.target.value)} />;
      default:
        return (
          <TextField
            key={f.name}
            {...common}
            placeholder={f.placeholder}
            maxLength={120}
            value={values[f.name]}
            onChange={(e) => set(f.name)(e.target.value)}
          />
        );
    }
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      {spec.fields.map(field)}
      <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
        <button type="button" className={secondaryButton} onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className={primaryButton} disabled={saving}>
          {saving && <Spinner className="size-4" />}
          {submitLabel}
        </button>
      </div>
    </form>
  );
}
