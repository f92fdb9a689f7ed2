import { useEffect, useState } from 'react';
import { type CoursePrice, type CoursePriceOverride, describePrice, durationUnits } from '../../../schema/contracts/course-price';
import { useCan } from '../../entities/roles/admin-permissions';
import { amountText, currencyChoices } from '../../lib/money-field';
import { ChoiceField } from '../../ui/fields';
import TextField from '../../ui/TextField';
import { courseCalls } from './api';
import { draftOf, type PriceDraft } from './course-price-draft';

interface Props {
  pricingTemplateId: string | null;
  /** The course's price as last saved, which names the template's price when the template is no longer offered. */
  saved: CoursePrice | null;
  draft: PriceDraft | null;
  onDraft: (draft: PriceDraft | null) => void;
  errors: Record<string, string | undefined>;
}

const unitWords = (unit: string) => unit.charAt(0) + unit.slice(1).toLowerCase();

/** The course's price: its pricing template's, shown as "From template: …", unless the admin sets the course's own. */
export default function CoursePriceFields({ pricingTemplateId, saved, draft, onDraft, errors }: Props) {
  const can = useCan();
  const mayReadTemplates = can({ pricingTemplates: ['view'] });
  const [templates, setTemplates] = useState<(CoursePriceOverride & { _id: string })[]>([]);

  useEffect(() => {
    if (!mayReadTemplates) return;
    let live = true;
    courseCalls
      .pricingTemplates()
      .then((rows) => live && setTemplates(rows))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [mayReadTemplates]);

  const picked = templates.find((row) => row._id === pricingTemplateId);
  const templatePrice = picked ?? (saved?.source === 'template' ? saved : null);
  const fromTemplate = !pricingTemplateId
    ? 'No pricing template is picked.'
    : templatePrice
      ? `From template: ${describePrice(templatePrice)}`
      : 'From template: its price is not shown to you.';
  const set = (change: Partial<PriceDraft>) => draft && onDraft({ ...draft, ...change });

  return (
    <fieldset className="space-y-3 rounded-lg border border-slate-200 p-3 dark:border-slate-700">
      <legend className="px-1 text-sm font-medium">Price</legend>
      <p className="text-sm text-slate-600 dark:text-slate-300">{fromTemplate}</p>
      {saved?.source === 'course' && (
        <p className="text-sm font-medium text-slate-800 dark:text-slate-100">This course charges its own price: {describePrice(saved)}.</p>
      )}
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          className="size-4 accent-brand"
          checked={draft !== null}
          onChange={(e) => onDraft(e.target.checked ? draftOf(templatePrice) : null)}
        />
        Set this course’s own price
      </label>
      {draft && (
        <div className="grid grid-cols-2 gap-3">
          <TextField
            id="course-price-amount"
            label="Price"
            inputMode="decimal"
            required
            value={draft.amount}
            placeholder={templatePrice ? amountText(templatePrice.amount, templatePrice.currency) : '12.34'}
            onChange={(e) => set({ amount: e.target.value })}
            error={errors['priceOverride.amount']}
          />
          <ChoiceField
            id="course-price-currency"
            label="Currency"
            value={draft.currency}
            onChange={(e) => set({ currency: e.target.value })}
            error={errors['priceOverride.currency']}
          >
            {currencyChoices.map((code) => (
              <option key={code}>{code}</option>
            ))}
          </ChoiceField>
          <TextField
            id="course-price-duration"
            label="Access for"
            inputMode="numeric"
            required
            value={draft.duration}
            onChange={(e) => set({ duration: e.target.value })}
            error={errors['priceOverride.duration']}
          />
          <ChoiceField
            id="course-price-unit"
            label="Unit"
            value={draft.durationUnit}
            onChange={(e) => set({ durationUnit: e.target.value as PriceDraft['durationUnit'] })}
            error={errors['priceOverride.durationUnit']}
          >
            {durationUnits.map((unit) => (
              <option key={unit} value={unit}>
                {unitWords(unit)}
              </option>
            ))}
          </ChoiceField>
        </div>
      )}
    </fieldset>
  );
}
