import { useAtomValue } from 'jotai';
import { CalendarOff, Plus, Save, Trash2 } from 'lucide-react';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { timeOffReasons } from '../../../schema/contracts/availability';
import { errorToastText } from '../../lib/errors';
import { fieldErrorsOf } from '../../lib/form-errors';
import { signedInUserAtom } from '../../lib/session';
import { cardClass, fieldClass, primaryButton, secondaryButton, smallButton } from '../../ui/classes';
import { ChoiceField, errorSentence } from '../../ui/fields';
import LoadFailure from '../../ui/LoadFailure';
import Spinner from '../../ui/Spinner';
import { useToast } from '../../ui/toast/use-toast';
import { availabilityCalls } from './api';
import { type AvailabilityDraft, draftOf, errorsOf, type ItemDraft, inputOf, newItem, newTimeOff, timeOffReasonLabels } from './availability-form';
import LeaveUnsavedDialog from './LeaveUnsavedDialog';
import WeeklyHours from './WeeklyHours';

const ZONES = Intl.supportedValuesOf('timeZone');

const guards = [
  { key: 'minNoticeMinutes', label: 'Minimum notice (hours)', scale: 60, hint: 'How long before a lesson people may still book it.' },
  { key: 'bufferMinutes', label: 'Buffer between lessons (minutes)', scale: 1, hint: 'Kept free before and after every lesson.' },
  { key: 'maxLessonsPerDay', label: 'Most lessons a day', scale: 1, hint: 'No more bookings once a day has this many.' },
  { key: 'maxDaysAhead', label: 'Bookable days ahead', scale: 1, hint: 'How far into the future people may book.' },
] as const;

/** The schema counts minutes; a guard shown in hours states its limit in hours too ("at most 336", not 20160). */
const inUnitsShown = (problem: string, scale: number) => problem.replace(/\d+/g, (n) => String(Number(n) / scale));

type Load = { state: 'loading' } | { state: 'ready'; draft: AvailabilityDraft } | { state: 'failed' };

/** /portal/availability (a tutor's own) and /portal/availability/:userId (an admin editing a tutor's). */
export default function AvailabilityPage() {
  const me = useAtomValue(signedInUserAtom);
  const { userId = me?._id ?? '' } = useParams();
  const toast = useToast();
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const [dirty, setDirty] = useState(false);

  const fetchAvailability = useCallback(() => {
    setLoad({ state: 'loading' });
    setDirty(false);
    availabilityCalls.get(userId).then(
      (answer) => setLoad({ state: 'ready', draft: draftOf(answer) }),
      () => setLoad({ state: 'failed' }),
    );
  }, [userId]);
  useEffect(fetchAvailability, [fetchAvailability]);

  if (load.state === 'loading') {
    return (
      <div role="status" aria-label="Loading availability" className="flex justify-center py-24 text-brand-deep">
        <Spinner className="size-8" />
      </div>
    );
  }
  if (load.state === 'failed') return <LoadFailure onRetry={fetchAvailability} />;

  const { draft } = load;
  const { zone } = draft;
  const update = (next: AvailabilityDraft) => {
    setLoad({ ...load, draft: next });
    setDirty(true);
  };
  const setItem = (index: number, item: ItemDraft) => update({ ...draft, items: draft.items.map((it, i) => (i === index ? item : it)) });

  async function save(event: FormEvent) {
    event.preventDefault();
    const found = errorsOf(draft);
    setErrors(found);
    if (Object.keys(found).length) {
      toast.error('Please fix the highlighted fields.');
      return;
    }
    setSaving(true);
    try {
      const answer = await availabilityCalls.save(userId, inputOf(draft));
      setLoad({ state: 'ready', draft: draftOf(answer) });
      setDirty(false);
      toast.success('Availability saved!');
    } catch (error) {
      setErrors(fieldErrorsOf(error));
      toast.error(errorToastText(error));
    } finally {
      setSaving(false);
    }
  }

  return (
    <form onSubmit={save} noValidate className="mx-auto max-w-4xl px-4 py-8 sm:px-6 sm:py-12 lg:px-8">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">Availability</h1>
          <p className="mt-2 text-slate-600 dark:text-slate-300">
            When students can book lessons and free trials with {userId === me?._id ? 'you' : 'this tutor'}. Hours are in the time zone you pick for each set.
          </p>
        </div>
        <button type="submit" className={primaryButton} disabled={saving}>
          {saving ? <Spinner className="size-4" /> : <Save className="size-4" aria-hidden="true" />} Save availability
        </button>
      </div>

      <section aria-labelledby="hours-heading" className="mt-8 space-y-4">
        <div className="flex items-center justify-between gap-3">
          <h2 id="hours-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
            Weekly hours
          </h2>
          <button type="button" className={smallButton} onClick={() => update({ ...draft, items: [...draft.items, newItem(zone)] })}>
            <Plus className="size-4" aria-hidden="true" /> Add a set of hours
          </button>
        </div>
        {draft.items.length === 0 && (
          <p className="rounded-2xl bg-amber-50 p-4 text-sm text-amber-900 dark:bg-amber-950/40 dark:text-amber-200">
            No hours yet, so nobody can book. Add a set of hours to open your calendar.
          </p>
        )}
        {draft.items.map((item, index) => (
          <fieldset key={item.key} className={`${cardClass} min-w-0 p-4 sm:p-6`} aria-label={`Hours set ${index + 1}`}>
            <div className="grid gap-4 sm:grid-cols-4">
              <ChoiceField
                id={`item-${index}-status`}
                label="Status"
                value={item.status}
                onChange={(e) => setItem(index, { ...item, status: e.target.value as ItemDraft['status'] })}
              >
                <option value="ENABLE">Open for booking</option>
                <option value="DISABLE">Paused</option>
              </ChoiceField>
              <ChoiceField
                id={`item-${index}-zone`}
                label="Time zone"
                value={item.timezone}
                error={errors[`items.${index}.timezone`]}
                onChange={(e) => setItem(index, { ...item, timezone: e.target.value })}
              >
                {ZONES.map((z) => (
                  <option key={z} value={z}>
                    {z.replaceAll('_', ' ')}
                  </option>
                ))}
              </ChoiceField>
              <DateField
                id={`item-${index}-from`}
                label="From (optional)"
                value={item.startDate}
                error={errors[`items.${index}.startDate`]}
                onChange={(v) => setItem(index, { ...item, startDate: v })}
              />
              <DateField
                id={`item-${index}-to`}
                label="Until (optional)"
                value={item.endDate}
                error={errors[`items.${index}.endDate`]}
                onChange={(v) => setItem(index, { ...item, endDate: v })}
              />
            </div>
            <div className="mt-4">
              <WeeklyHours item={item} index={index} errors={errors} onChange={(next) => setItem(index, next)} />
            </div>
            <button type="button" className={`${smallButton} mt-2`} onClick={() => update({ ...draft, items: draft.items.filter((_, i) => i !== index) })}>
              <Trash2 className="size-4" aria-hidden="true" /> Remove this set
            </button>
          </fieldset>
        ))}
      </section>

      <section aria-labelledby="off-heading" className={`${cardClass} mt-8 p-4 sm:p-6`}>
        <div className="flex items-center justify-between gap-3">
          <h2 id="off-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
            Time off
          </h2>
          <button type="button" className={smallButton} onClick={() => update({ ...draft, timeOff: [...draft.timeOff, newTimeOff(zone)] })}>
            <CalendarOff className="size-4" aria-hidden="true" /> Add time off
          </button>
        </div>
        <p className="mt-3 text-sm text-slate-500 dark:text-slate-400" data-testid="time-off-zone">
          {draft.timeOff.length === 0 && 'No time off planned. '}Times off are in {zone.replaceAll('_', ' ')}.
        </p>
        <ul className="mt-3 space-y-4">
          {draft.timeOff.map((off, index) => {
            const set = (patch: Partial<typeof off>) => update({ ...draft, timeOff: draft.timeOff.map((t, i) => (i === index ? { ...t, ...patch } : t)) });
            return (
              <li key={off.key} className="grid gap-3 sm:grid-cols-[1fr_1fr_1fr_auto] sm:items-end" aria-label={`Time off ${index + 1}`}>
                <DateField
                  withTime
                  id={`off-${index}-start`}
                  label="Starts"
                  value={off.start}
                  error={errors[`timeOff.${index}.start`]}
                  onChange={(v) => set({ start: v })}
                />
                <DateField
                  withTime
                  id={`off-${index}-end`}
                  label="Ends"
                  value={off.end}
                  error={errors[`timeOff.${index}.end`]}
                  onChange={(v) => set({ end: v })}
                />
                <ChoiceField
                  id={`off-${index}-reason`}
                  label="Reason"
                  value={off.reason}
                  error={errors[`timeOff.${index}.reason`]}
                  onChange={(e) => set({ reason: e.target.value as typeof off.reason })}
                >
                  <option value="">Choose a reason</option>
                  {timeOffReasons.map((r) => (
                    <option key={r} value={r}>
                      {timeOffReasonLabels[r]}
                    </option>
                  ))}
                </ChoiceField>
                <button
                  type="button"
                  className={`${smallButton} justify-self-start`}
                  aria-label={`Remove time off ${index + 1}`}
                  onClick={() => update({ ...draft, timeOff: draft.timeOff.filter((_, i) => i !== index) })}
                >
                  <Trash2 className="size-4" aria-hidden="true" />
                </button>
              </li>
            );
          })}
        </ul>
      </section>

      <section aria-labelledby="guards-heading" className={`${cardClass} mt-8 p-4 sm:p-6`}>
        <h2 id="guards-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
          Booking guards
        </h2>
        <div className="mt-4 grid gap-4 sm:grid-cols-2">
          {guards.map((guard) => {
            const id = `guard-${guard.key}`;
            const error = errors[`bookingRules.${guard.key}`];
            return (
              <div key={guard.key}>
                <label htmlFor={id} className="block text-sm font-medium text-slate-700 dark:text-slate-200">
                  {guard.label}
                </label>
                <input
                  id={id}
                  type="number"
                  min={0}
                  inputMode="numeric"
                  value={draft.rules[guard.key] / guard.scale}
                  onChange={(e) => update({ ...draft, rules: { ...draft.rules, [guard.key]: Math.round(Number(e.target.value) * guard.scale) } })}
                  aria-describedby={`${id}-hint`}
                  className={`${fieldClass(error)} mt-1.5`}
                />
                <p
                  id={`${id}-hint`}
                  className={error ? 'mt-1.5 text-sm text-rose-600 dark:text-rose-400' : 'mt-1.5 text-sm text-slate-500 dark:text-slate-400'}
                >
                  {error ? errorSentence(guard.label, inUnitsShown(error, guard.scale)) : guard.hint}
                </p>
              </div>
            );
          })}
        </div>
      </section>

      <div className="mt-8 flex justify-end gap-3">
        <button type="button" className={secondaryButton} disabled={!dirty || saving} onClick={fetchAvailability}>
          Discard changes
        </button>
        <button type="submit" className={primaryButton} disabled={saving}>
          Save availability
        </button>
      </div>
      <LeaveUnsavedDialog dirty={dirty} whose={userId === me?._id ? 'your' : "this tutor's"} />
    </form>
  );
}

function DateField({
  id,
  label,
  value,
  error,
  onChange,
  withTime = false,
}: {
  id: string;
  label: string;
  value: string;
  error?: string;
  onChange: (value: string) => void;
  withTime?: boolean;
}) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700 dark:text-slate-200">
        {label}
      </label>
      <input
        id={id}
        type={withTime ? 'datetime-local' : 'date'}
        step={withTime ? 900 : undefined}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className={`${fieldClass(error)} mt-1.5`}
      />
      {error && <p className="mt-1.5 text-sm text-rose-600 dark:text-rose-400">{errorSentence(label, error)}</p>}
    </div>
  );
}
