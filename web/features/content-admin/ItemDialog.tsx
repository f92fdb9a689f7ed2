import { type FormEvent, lazy, Suspense, useState } from 'react';
import type { ZodType } from 'zod';
import { fieldErrorsOf, issuesByField } from '../../lib/form-errors';
import { Dialog } from '../../ui/Dialog';
import { DialogActions } from '../../ui/DialogActions';
import { ChoiceField, TextAreaField } from '../../ui/fields';
import Spinner from '../../ui/Spinner';
import TextField from '../../ui/TextField';
import { useToast } from '../../ui/toast/use-toast';

// The editor (Tiptap, ProseMirror) is large: it loads only when a content block is opened.
const FormulaEditor = lazy(() => import('./FormulaEditor'));

export interface ItemField {
  name: string;
  label: string;
  kind: 'text' | 'textarea' | 'rating' | 'rich';
}

/** Add or edit one item of a sub topic list (video link, resource, content block, FAQ, review). */
export default function ItemDialog({
  title,
  fields,
  initial,
  schema,
  onClose,
  onSubmit,
}: {
  title: string;
  fields: ItemField[];
  initial: Record<string, string>;
  schema: ZodType;
  onClose: () => void;
  onSubmit: (values: Record<string, unknown>) => Promise<void>;
}) {
  const toast = useToast();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const typed = () => Object.fromEntries(fields.map((f) => [f.name, f.kind === 'rating' ? Number(values[f.name]) : (values[f.name] ?? '')]));
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = schema.safeParse(typed());
    if (!parsed.success) {
      setErrors(issuesByField(parsed.error.issues));
      return;
    }
    setBusy(true);
    try {
      await onSubmit(parsed.data as Record<string, unknown>);
    } catch (error) {
      const found = fieldErrorsOf(error);
      setErrors(found);
      if (Object.keys(found).length === 0) toast.error(error);
    } finally {
      setBusy(false);
    }
  };
  const set = (name: string, value: string) => setValues((v) => ({ ...v, [name]: value }));
  return (
    <Dialog open wide={fields.some((f) => f.kind === 'rich')} onClose={onClose} title={title}>
      <form onSubmit={(e) => void submit(e)} noValidate className="space-y-4">
        {fields.map((f) => {
          const id = `item-${f.name}`;
          if (f.kind === 'textarea')
            return (
              <TextAreaField
                key={f.name}
                id={id}
                label={f.label}
                rows={4}
                value={values[f.name] ?? ''}
                onChange={(e) => set(f.name, e.target.value)}
                error={errors[f.name]}
              />
            );
          if (f.kind === 'rating') {
            return (
              <ChoiceField
                key={f.name}
                id={id}
                label={f.label}
                value={values[f.name] ?? '5'}
                onChange={(e) => set(f.name, e.target.value)}
                error={errors[f.name]}
              >
                {[5, 4, 3, 2, 1].map((n) => (
                  <option key={n} value={n}>
                    {n} out of 5
                  </option>
                ))}
              </ChoiceField>
            );
          }
          if (f.kind === 'rich') {
            return (
              <div key={f.name}>
                <p id={`${id}-label`} className="text-sm font-medium text-slate-700 dark:text-slate-200">
                  {f.label}
                </p>
                <div className="mt-1.5">
                  <Suspense fallback={<Spinner className="size-5 text-brand-deep" />}>
                    <FormulaEditor id={id} labelledBy={`${id}-label`} value={values[f.name] ?? ''} onChange={(html) => set(f.name, html)} />
                  </Suspense>
                </div>
                {errors[f.name] && <p className="mt-1.5 text-sm text-rose-600 dark:text-rose-400">{errors[f.name]}</p>}
              </div>
            );
          }
          return (
            <TextField
              key={f.name}
              id={id}
              label={f.label}
              required
              value={values[f.name] ?? ''}
              onChange={(e) => set(f.name, e.target.value)}
              error={errors[f.name]}
            />
          );
        })}
        <DialogActions onCancel={onClose} busy={busy} className="pt-2">
          Save
        </DialogActions>
      </form>
    </Dialog>
  );
}
