import type { Dispatch, SetStateAction } from 'react';

type FieldChange<V> = (key: keyof V & string, value: string) => void;

/** Writes one field of a form's values kept in one state object. */
export const fieldSetter =
  <V>(setValues: Dispatch<SetStateAction<V>>): FieldChange<V> =>
  (key, value) =>
    setValues((current) => ({ ...current, [key]: value }));

/** The value, error and change handler a control takes for one field, so each control of a form is bound by its key alone. */
export const fieldBinder =
  <V>(values: V, errors: Partial<Record<string, string>>, change: FieldChange<V>) =>
  <K extends keyof V & string>(key: K) => ({
    value: values[key],
    error: errors[key],
    onChange: (event: { target: { value: string } }) => change(key, event.target.value),
  });
