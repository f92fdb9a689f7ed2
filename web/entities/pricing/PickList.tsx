import { useEffect, useState } from 'react';
import Spinner from '../../ui/Spinner';
import { loadOptions, type Option, type OptionSource } from './options';

/** Several records picked by ticking them; the choices load when the list first shows. */
interface Props {
  id: string;
  label: string;
  source: OptionSource;
  value: string[];
  onChange: (ids: string[]) => void;
  error?: string;
}

export default function PickList({ id, label, source, value, onChange, error }: Props) {
  const [choices, setChoices] = useState<Option[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    loadOptions(source, true)
      .then((options) => live && setChoices(options))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [source]);
  const toggle = (pick: string) => onChange(value.includes(pick) ? value.filter((v) => v !== pick) : [...value, pick]);
  return (
    <fieldset className="sm:col-span-2" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="text-sm font-medium text-slate-700 dark:text-slate-200">
        {label} <span className="font-normal text-slate-500">({value.length} picked)</span>
      </legend>
      <div className="mt-1.5 max-h-40 overflow-y-auto rounded-xl p-2 ring-1 ring-slate-300 ring-inset dark:ring-slate-700">
        {failed ? (
          <p className="text-sm text-rose-700 dark:text-rose-300">The choices could not be loaded. Close and open the form again.</p>
        ) : !choices ? (
          <Spinner className="size-4 text-brand-deep" />
        ) : choices.length === 0 ? (
          <p className="text-sm text-slate-500">Nothing to pick yet.</p>
        ) : (
          choices.map((choice) => (
            <label
              key={choice.value}
              className="flex items-center gap-2 rounded-lg px-2 py-1 text-sm text-slate-800 hover:bg-slate-50 dark:text-slate-100 dark:hover:bg-slate-800"
            >
              <input type="checkbox" checked={value.includes(choice.value)} onChange={() => toggle(choice.value)} className="size-4 accent-brand" />
              {choice.label}
            </label>
          ))
        )}
      </div>
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-rose-700 dark:text-rose-300">
          {error}
        </p>
      )}
    </fieldset>
  );
}
