import { useEffect, useState } from 'react';
import type { AdminUserRecord } from '../../../schema/contracts/admin-users';
import { formatMoney } from '../../../schema/contracts/money';
import type { Rate } from '../../../schema/contracts/pricing';
import { labelList, loadOptions, type Option } from '../../entities/pricing/options';
import PickList from '../../entities/pricing/PickList';
import { useCan } from '../../entities/roles/admin-permissions';
import { cardClass, primaryButton, secondaryButton } from '../../ui/classes';
import Spinner from '../../ui/Spinner';
import { useToast } from '../../ui/toast/use-toast';
import { adminUserCalls } from './api';

type Plans = AdminUserRecord['plans'];

const namesOf = (ids: string[], options: Option[]) => ids.map((id) => options.find((option) => option.value === id)?.label ?? id);

/** The plans an admin assigned a user and the rates naming them, on the admin user page (issue 15, item 6). */
export default function UserPlans({ user, onSaved }: { user: AdminUserRecord; onSaved: (plans: Plans) => void }) {
  const can = useCan();
  const toast = useToast();
  const [names, setNames] = useState<{ flexible: Option[]; subscription: Option[] }>({ flexible: [], subscription: [] });
  const [rates, setRates] = useState<{ label: string; rate: Rate }[] | null>(null);
  const [draft, setDraft] = useState<Plans | null>(null);
  const [saving, setSaving] = useState(false);
  const seePlans = can({ flexiblePlans: ['view'] }) && can({ subscriptionPlans: ['view'] });
  const role = user.role === 'STUDENT' || user.role === 'TUTOR' ? user.role : null;
  const seeRates = role !== null && can({ tutorRates: ['view'] }) && (role === 'TUTOR' || can({ studentRates: ['view'] }));

  useEffect(() => {
    if (!seePlans) return;
    let live = true;
    void Promise.all([loadOptions('flexiblePlans'), loadOptions('subscriptionPlans')])
      .then(([flexible, subscription]) => live && setNames({ flexible, subscription }))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [seePlans]);

  useEffect(() => {
    if (!seeRates || !role) return;
    let live = true;
    adminUserCalls
      .ratesNaming(user._id, role)
      .then((found) => live && setRates(found))
      .catch(() => live && setRates([]));
    return () => {
      live = false;
    };
  }, [seeRates, role, user._id]);

  if (!seePlans && !seeRates) return null;

  const save = async () => {
    if (!draft) return;
    setSaving(true);
    try {
      const answer = await adminUserCalls.setPlans(user._id, draft);
      onSaved(answer.plans);
      setDraft(null);
      toast.success('Plans saved!');
    } catch (error) {
      toast.error(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className={`${cardClass} p-5`} aria-labelledby="user-plans-title">
      <h2 id="user-plans-title" className="text-lg font-semibold text-slate-900 dark:text-white">
        Plans and rates
      </h2>
      {seePlans && user.role === 'STUDENT' && (
        <div className="mt-3 space-y-2 text-sm">
          {draft ? (
            <>
              <PickList
                id="user-flexible-plans"
                label="Flexible plans"
                source="flexiblePlans"
                value={draft.flexiblePlans}
                onChange={(ids) => setDraft({ ...draft, flexiblePlans: ids })}
              />
              <PickList
                id="user-subscription-plans"
                label="Subscription plans"
                source="subscriptionPlans"
                value={draft.subscriptionPlans}
                onChange={(ids) => setDraft({ ...draft, subscriptionPlans: ids })}
              />
              <div className="flex gap-2">
                <button type="button" className={primaryButton} disabled={saving} onClick={() => void save()}>
                  {saving && <Spinner className="size-4" />}
                  Save plans
                </button>
                <button type="button" className={secondaryButton} disabled={saving} onClick={() => setDraft(null)}>
                  Cancel
                </button>
              </div>
            </>
          ) : (
            <>
              <p>
                <span className="font-medium">Flexible plans: </span>
                {labelList(namesOf(user.plans.flexiblePlans, names.flexible), 'None assigned')}
              </p>
              <p>
                <span className="font-medium">Subscription plans: </span>
                {labelList(namesOf(user.plans.subscriptionPlans, names.subscription), 'None assigned')}
              </p>
              {can({ adminUsers: ['edit'] }) && (
                <button type="button" className={secondaryButton} onClick={() => setDraft(user.plans)}>
                  Edit plans
                </button>
              )}
            </>
          )}
        </div>
      )}
      {seeRates && (
        <div className="mt-4 text-sm">
          <h3 className="font-medium">Rates naming {user.role === 'TUTOR' ? 'this tutor' : 'this student'}</h3>
          {!rates ? (
            <Spinner className="mt-2 size-4 text-brand-deep" />
          ) : rates.length === 0 ? (
            <p className="mt-1 text-slate-500">No rates name this user; the general rates apply.</p>
          ) : (
            <ul className="mt-1 space-y-1">
              {rates.map(({ label, rate }) => (
                <li key={rate._id}>
                  {label}: {formatMoney(rate.amount, rate.currency)}
                  {rate.rateTable.endsWith('_TUTOR') ? ' per hour' : ' per plan'}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </section>
  );
}
