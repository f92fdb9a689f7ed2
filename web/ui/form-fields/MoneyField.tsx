import { currencyChoices } from '../../lib/money-field';
import { ChoiceField } from '../fields';
import TextField from '../TextField';

interface Props {
  id: string;
  label: string;
  amount: string;
  currency: string;
  onAmount: (text: string) => void;
  onCurrency: (code: string) => void;
  amountError?: string;
  currencyError?: string;
}

/** A price as an admin types it ("12.34") beside its currency; the form turns the text into minor units. */
export function MoneyField({ id, label, amount, currency, onAmount, onCurrency, amountError, currencyError }: Props) {
  return (
    <div className="grid grid-cols-[minmax(0,1fr)_7rem] gap-2">
      <TextField
        id={id}
        label={label}
        inputMode="decimal"
        required
        value={amount}
        onChange={(e) => onAmount(e.target.value)}
        error={amountError}
        placeholder="12.34"
      />
      <ChoiceField id={`${id}-currency`} label="Currency" value={currency} onChange={(e) => onCurrency(e.target.value)} error={currencyError}>
        {currencyChoices.map((code) => (
          <option key={code}>{code}</option>
        ))}
      </ChoiceField>
    </div>
  );
}
