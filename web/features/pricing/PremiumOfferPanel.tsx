import { Save, Sparkles } from 'lucide-react';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { formatMoney } from '../../../schema/contracts/money';
import { type PremiumOffer, premiumOfferInput } from '../../../schema/contracts/premium';
import { useCan } from '../../entities/roles/admin-permissions';
import { amountFromText, amountText } from '../../lib/money-field';
import { cardClass, primaryButton } from '../../ui/classes';
import { ChoiceField, TextAreaField } from '../../ui/fields';
import { MoneyField } from '../../ui/form-fields/MoneyField';
import { InlineLoadFailure } from '../../ui/InlineLoadFailure';
import { LoadingStatus } from '../../ui/LoadingStatus';
import TextField from '../../ui/TextField';
import { useToast } from '../../ui/toast/use-toast';
import { useCheckedSubmit } from '../../ui/use-checked-submit';
import { pricingCalls } from './api';
import { counted } from './record-kinds';

type Form = { name: string; description: string; amount: string; currency: string; months: string; status: 'ACTIVE' | 'INACTIVE' };

const formOf = (offer: PremiumOffer | null): Form => ({
  name: offer?.name ?? 'Premium learning',
  description: offer?.description ?? '',
  amount: offer ? amountText(offer.amount, offer.currency) : '',
  currency: offer?.currency ?? 'USD',
  months: String(offer?.months ?? 12),
  status: offer?.status ?? 'ACTIVE',
});

/**
 * The tenant's one premium upgrade, beside the plans: unlimited quizzes, slides and videos for some months at one
 * price. A change prices the next purchase; what was paid keeps its months.
 */
export default function PremiumOfferPanel() {
  const can = useCan();
  const toast = useToast();
  const [load, setLoad] = useState<{ state: 'loading' | 'failed' } | { state: 'ready'; offer: PremiumOffer | null }>({ state: 'loading' });
  const [form, setForm] = useState<Form>(formOf(null));
  const { errors, setErrors, busy, submit } = useCheckedSubmit();
  const editable = can({ subscriptionPlans: ['edit'] });

  const read = useCallback(() => {
    setLoad({ state: 'loading' });
    pricingCalls.premiumOffer().then(
      ({ offer }) => {
        setLoad({ state: 'ready', offer });
        setForm(formOf(offer));
      },
      () => setLoad({ state: 'failed' }),
    );
  }, []);
  useEffect(read, [read]);

  const set = (key: keyof Form) => (value: string) => setForm((current) => ({ ...current, [key]: value }));

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const amount = amountFromText(form.amount, form.currency);
    if (amount.error) {
      setErrors({ amount: amount.error });
      return;
    }
    await submit(premiumOfferInput, { ...form, amount: amount.amount, months: Number(form.months) }, async (input) => {
      const { offer } = await pricingCalls.savePremiumOffer(input);
      setLoad({ state: 'ready', offer });
      toast.success('Premium upgrade saved!');
    });
  }

  return (
    <section aria-labelledby="premium-offer-heading" className={`${cardClass} mt-10 p-5 sm:p-6`}>
      <h2 id="premium-offer-heading" className="flex items-center gap-2 text-lg font-semibold text-slate-900 dark:text-white">
        <Sparkles className="size-5 text-brand-deep" aria-hidden="true" />
        Premium upgrade
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        One price for unlimited quizzes, slides and videos. Students and parents buy it on the Plans page; a change here prices the next purchase only.
      </p>
      {load.state === 'loading' && <LoadingStatus className="py-8" />}
      {load.state === 'failed' && (
        <div className="mt-4">
          <InlineLoadFailure what="The premium upgrade" onRetry={read} />
        </div>
      )}
      {load.state === 'ready' && (
        <>
          <p className="mt-3 text-sm font-medium text-slate-800 dark:text-slate-200" data-testid="premium-offer-summary">
            {load.offer
              ? `${load.offer.status === 'ACTIVE' ? 'On sale' : 'Not on sale'}: ${load.offer.name}, ${formatMoney(load.offer.amount, load.offer.currency)} for ${counted(load.offer.months, 'month')}.`
              : 'Not set up yet: nobody can buy premium until it has a price.'}
          </p>
          {editable && (
            <form noValidate onSubmit={save} className="mt-4 grid gap-4 sm:grid-cols-2">
              <TextField id="premium-name" label="Name" required value={form.name} onChange={(e) => set('name')(e.target.value)} error={errors.name} />
              <ChoiceField id="premium-status" label="Status" value={form.status} onChange={(e) => set('status')(e.target.value)} error={errors.status}>
                <option value="ACTIVE">On sale</option>
                <option value="INACTIVE">Not on sale</option>
              </ChoiceField>
              <MoneyField
                id="premium-amount"
                label="Price"
                amount={form.amount}
                currency={form.currency}
                onAmount={set('amount')}
                onCurrency={set('currency')}
                amountError={errors.amount}
                currencyError={errors.currency}
              />
              <TextField
                id="premium-months"
                label="Months of premium"
                inputMode="numeric"
                required
                value={form.months}
                onChange={(e) => set('months')(e.target.value)}
                error={errors.months}
              />
              <TextAreaField
                id="premium-description"
                label="What it gives (shown to buyers)"
                className="sm:col-span-2"
                rows={2}
                value={form.description}
                onChange={(e) => set('description')(e.target.value)}
                error={errors.description}
              />
              <div className="sm:col-span-2">
                <button type="submit" className={primaryButton} disabled={busy}>
                  <Save className="size-4" aria-hidden="true" />
                  {busy ? 'Saving…' : 'Save premium upgrade'}
                </button>
              </div>
            </form>
          )}
        </>
      )}
    </section>
  );
}
