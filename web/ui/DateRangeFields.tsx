import { fieldClass } from './classes';
import { FieldLabel } from './fields';

/** From and To as whole days; To cannot be set before From, nor From after To. */
export function DateRangeFields({
  idPrefix,
  from,
  to,
  onChange,
  required,
}: {
  idPrefix: string;
  from: string;
  to: string;
  onChange: (range: { from?: string; to?: string }) => void;
  required?: boolean;
}) {
  return (
    <>
      <div>
        <FieldLabel id={`${idPrefix}-from`} label="From" required={required} />
        <input
          id={`${idPrefix}-from`}
          type="date"
          required={required}
          value={from}
          max={to || undefined}
          onChange={(e) => onChange({ from: e.target.value })}
          className={`${fieldClass()} mt-1.5`}
        />
      </div>
      <div>
        <FieldLabel id={`${idPrefix}-to`} label="To" required={required} />
        <input
          id={`${idPrefix}-to`}
          type="date"
          required={required}
          value={to}
          min={from || undefined}
          onChange={(e) => onChange({ to: e.target.value })}
          className={`${fieldClass()} mt-1.5`}
        />
      </div>
    </>
  );
}
