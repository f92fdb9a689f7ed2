import { Plus, Trash2 } from 'lucide-react';
import { type InvoiceLineInput, lineAmount, MAX_LINE_MINUTES } from '../../../schema/contracts/invoices';
import { formatMoney } from '../../../schema/contracts/money';
import { amountFromText, amountText } from '../../lib/money-field';
import { fieldClass, smallButton } from '../../ui/classes';
import { errorAria, FieldError } from '../../ui/fields';

/** A line as the admin edits it: the minutes and the price as typed, the lesson it bills kept as it came. */
export interface EditableLine {
  key: string;
  description: string;
  studentId: string | null;
  lessonHistoryId: string | null;
  /** Who the lesson was for and when, shown under a lesson's line. */
  context: string | null;
  /** How a drawn lesson was priced, or why it has no price yet. */
  note: string | null;
  /** The note asks for something: the lesson has no price. */
  warn: boolean;
  minutes: string;
  price: string;
}

let made = 0;
const nextKey = () => {
  made += 1;
  return `line-${made}`;
};

interface LineSource {
  description: string;
  studentId: string | null;
  lessonHistoryId: string | null;
  minutes: number | null;
  unitAmount: number;
}

export function editableLine(line: LineSource, currency: string, extra: Partial<Pick<EditableLine, 'context' | 'note' | 'warn'>> = {}): EditableLine {
  return {
    key: nextKey(),
    description: line.description,
    studentId: line.studentId,
    lessonHistoryId: line.lessonHistoryId,
    context: extra.context ?? null,
    note: extra.note ?? null,
    warn: extra.warn ?? false,
    minutes: line.minutes == null ? '' : String(line.minutes),
    price: amountText(line.unitAmount, currency),
  };
}

const blankLine = (): EditableLine => ({
  key: nextKey(),
  description: '',
  studentId: null,
  lessonHistoryId: null,
  context: null,
  note: null,
  warn: false,
  minutes: '',
  price: '',
});

function parsedMinutes(text: string): { minutes: number | null; error?: string } {
  if (text.trim() === '') return { minutes: null };
  const minutes = Number(text.trim());
  if (!Number.isInteger(minutes) || minutes < 1 || minutes > MAX_LINE_MINUTES) {
    return { minutes: null, error: `must be a whole number of minutes from 1 to ${MAX_LINE_MINUTES}` };
  }
  return { minutes };
}

/** A line's amount as typed so far, or null while its minutes or price cannot be read. */
function typedAmount(line: EditableLine, currency: string): number | null {
  const { minutes, error } = parsedMinutes(line.minutes);
  const price = amountFromText(line.price, currency);
  if (error || price.amount === undefined) return null;
  return lineAmount({ minutes, unitAmount: price.amount });
}

export const typedTotal = (lines: EditableLine[], currency: string) => lines.reduce((sum, line) => sum + (typedAmount(line, currency) ?? 0), 0);

/**
 * The lines as the API takes them, or the problems beside each field, keyed as the API keys them (`lines.2.price`
 * is the API's `lines.2.unitAmount`), so the same errors show whichever side found them.
 */
export function linesInput(lines: EditableLine[], currency: string): { lines: InvoiceLineInput[]; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const input = lines.map((line, i): InvoiceLineInput => {
    if (!line.description.trim()) errors[`lines.${i}.description`] = 'Say what this line is for.';
    const { minutes, error } = parsedMinutes(line.minutes);
    if (error) errors[`lines.${i}.minutes`] = `Minutes ${error}.`;
    const price = amountFromText(line.price, currency);
    if (price.error) errors[`lines.${i}.unitAmount`] = `The price ${price.error}.`;
    return { description: line.description.trim(), studentId: line.studentId, lessonHistoryId: line.lessonHistoryId, minutes, unitAmount: price.amount ?? 0 };
  });
  if (!lines.length) errors.lines = 'An invoice needs at least one line.';
  else if (Object.keys(errors).length === 0 && typedTotal(lines, currency) <= 0) errors.lines = 'The lines must add up to more than nothing.';
  return { lines: input, errors };
}

const labelClass = 'block text-xs font-medium text-slate-600 dark:text-slate-300';

/**
 * Every line of an invoice, editable: what it is for, its minutes (empty for a fixed amount), its price (an hour when
 * it has minutes) and the amount it comes to; lines can be removed and added, and the total follows.
 */
export function LinesEditor({
  idPrefix,
  lines,
  currency,
  errors,
  onChange,
}: {
  idPrefix: string;
  lines: EditableLine[];
  currency: string;
  errors: Record<string, string>;
  onChange: (lines: EditableLine[]) => void;
}) {
  const edit = (key: string, change: Partial<EditableLine>) => onChange(lines.map((line) => (line.key === key ? { ...line, ...change } : line)));
  return (
    <div className="space-y-3">
      <ol className="space-y-3">
        {lines.map((line, i) => {
          const id = `${idPrefix}-${line.key}`;
          const amount = typedAmount(line, currency);
          const hourly = line.minutes.trim() !== '';
          const error = (field: string) => errors[`lines.${i}.${field}`];
          return (
            <li key={line.key} className="rounded-xl bg-slate-50 p-3 ring-1 ring-slate-200 dark:bg-slate-800/40 dark:ring-slate-700" data-testid="line-editor">
              <div className="grid grid-cols-2 gap-3 sm:grid-cols-[minmax(0,1fr)_6rem_8rem_7rem_auto] sm:items-start">
                <div className="col-span-2 sm:col-span-1">
                  <label htmlFor={`${id}-description`} className={labelClass}>
                    Line {i + 1}
                  </label>
                  <textarea
                    id={`${id}-description`}
                    rows={1}
                    value={line.description}
                    maxLength={200}
                    onChange={(e) => edit(line.key, { description: e.target.value })}
                    className={`${fieldClass(error('description'))} mt-1 field-sizing-content resize-none`}
                    {...errorAria(`${id}-description`, error('description'))}
                  />
                  <FieldError id={`${id}-description`} error={error('description')} />
                  {(error('lessonHistoryId') || error('studentId')) && (
                    <p className="mt-1.5 text-sm text-rose-600 dark:text-rose-400">{error('lessonHistoryId') ?? error('studentId')}</p>
                  )}
                  {line.context && <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">{line.context}</p>}
                  {line.note && (
                    <p className={`mt-1 text-xs ${line.warn ? 'font-medium text-amber-700 dark:text-amber-300' : 'text-slate-500 dark:text-slate-400'}`}>
                      {line.note}
                    </p>
                  )}
                </div>
                <div>
                  <label htmlFor={`${id}-minutes`} className={labelClass}>
                    Minutes
                  </label>
                  <input
                    id={`${id}-minutes`}
                    inputMode="numeric"
                    value={line.minutes}
                    placeholder="None"
                    onChange={(e) => edit(line.key, { minutes: e.target.value })}
                    className={`${fieldClass(error('minutes'))} mt-1`}
                    {...errorAria(`${id}-minutes`, error('minutes'))}
                  />
                  <FieldError id={`${id}-minutes`} error={error('minutes')} />
                </div>
                <div>
                  <label htmlFor={`${id}-price`} className={labelClass}>
                    {hourly ? `${currency} an hour` : `Price (${currency})`}
                  </label>
                  <input
                    id={`${id}-price`}
                    inputMode="decimal"
                    value={line.price}
                    placeholder="0.00"
                    onChange={(e) => edit(line.key, { price: e.target.value, warn: false })}
                    className={`${fieldClass(error('unitAmount'))} mt-1`}
                    {...errorAria(`${id}-price`, error('unitAmount'))}
                  />
                  <FieldError id={`${id}-price`} error={error('unitAmount')} />
                </div>
                {/* On a phone the amount and Remove share a row; on a wider screen each is a column of the line. */}
                <div className="col-span-2 flex items-center justify-between gap-3 sm:contents">
                  <div className="text-sm">
                    <span className={labelClass}>Amount</span>
                    <p className="py-1 font-semibold text-slate-900 tabular-nums sm:mt-1 sm:py-2.5 dark:text-white" data-testid="line-amount">
                      {amount === null ? '–' : formatMoney(amount, currency)}
                    </p>
                  </div>
                  <div className="sm:pt-6">
                    <button
                      type="button"
                      className={smallButton}
                      onClick={() => onChange(lines.filter((l) => l.key !== line.key))}
                      aria-label={`Remove line ${i + 1}`}
                    >
                      <Trash2 className="size-3.5" aria-hidden="true" />
                      Remove
                    </button>
                  </div>
                </div>
              </div>
            </li>
          );
        })}
      </ol>
      {errors.lines && (
        <p role="alert" className="text-sm text-rose-600 dark:text-rose-400">
          {errors.lines}
        </p>
      )}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <button type="button" className={smallButton} onClick={() => onChange([...lines, blankLine()])}>
          <Plus className="size-3.5" aria-hidden="true" />
          Add a line
        </button>
        <p className="text-base font-semibold text-slate-900 tabular-nums dark:text-white" data-testid="lines-total">
          Total {formatMoney(typedTotal(lines, currency), currency)}
        </p>
      </div>
    </div>
  );
}

const subjects: Record<string, string> = {
  description: 'The description',
  minutes: 'Minutes',
  unitAmount: 'The price',
  lessonHistoryId: 'This lesson',
  studentId: 'The student',
  lines: 'The lines',
  dueAt: 'The due date',
  userId: 'The payer',
  currency: 'The currency',
};

/**
 * The API's field errors of one invoice (a draw's sit under `invoices.N.`) as sentences, under the editor's keys:
 * ("lines.0.lessonHistoryId", "is already on invoice 3") → "This lesson is already on invoice 3."
 */
export function invoiceErrorsFrom(fields: Record<string, string>, prefix = ''): Record<string, string> {
  return Object.fromEntries(
    Object.entries(fields).flatMap(([path, message]) => {
      if (!path.startsWith(prefix)) return [];
      const key = path.slice(prefix.length);
      const subject = subjects[key.split('.').at(-1) ?? ''] ?? 'This';
      const sentence = `${subject} ${message}`;
      return [[key, /[.!?]$/.test(sentence) ? sentence : `${sentence}.`]];
    }),
  );
}
