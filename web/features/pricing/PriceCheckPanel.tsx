import clsx from 'clsx';
import { Calculator } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { formatMoney } from '../../../schema/contracts/money';
import { explainQuery, type RateExplanation } from '../../../schema/contracts/pricing';
import { loadOptions, type Option } from '../../entities/pricing/options';
import { errorToastText } from '../../lib/errors';
import { issuesByField } from '../../lib/form-errors';
import { cardClass, primaryButton } from '../../ui/classes';
import { ChoiceField } from '../../ui/fields';
import Spinner from '../../ui/Spinner';
import { pricingCalls } from './api';

const lengths = [30, 45, 60, 90, 120];

/** Pick a tutor, a student and a course: the rate that would pay the tutor for that lesson, and why. */
export default function PriceCheckPanel() {
  const [choices, setChoices] = useState<{ tutors: Option[]; students: Option[]; courses: Option[] } | null>(null);
  const [form, setForm] = useState({ tutorId: '', studentId: '', courseId: '', minutes: '60' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<{ ok: true; value: RateExplanation } | { ok: false; message: string } | null>(null);

  useEffect(() => {
    let live = true;
    void Promise.all([loadOptions('tutors', true), loadOptions('students', true), loadOptions('courses', true)])
      .then(([tutors, students, courses]) => live && setChoices({ tutors, students, courses }))
      .catch(() => live && setChoices({ tutors: [], students: [], courses: [] }));
    return () => {
      live = false;
    };
  }, []);

  async function check(event: FormEvent) {
    event.preventDefault();
    const parsed = explainQuery.safeParse(form);
    if (!parsed.success) {
      setErrors(Object.fromEntries(Object.entries(issuesByField(parsed.error.issues)).map(([key]) => [key, 'Pick one'])));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      setAnswer({ ok: true, value: await pricingCalls.explain(form) });
    } catch (error) {
      setAnswer({ ok: false, message: errorToastText(error) });
    } finally {
      setBusy(false);
    }
  }

  const select = (key: 'tutorId' | 'studentId' | 'courseId', label: string, options: Option[] | undefined) => (
    <ChoiceField id={`price-check-${key}`} label={label} value={form[key]} onChange={(e) => setForm({ ...form, [key]: e.target.value })} error={errors[key]}>
      <option value="">{options ? `Pick a ${label.toLowerCase()}` : 'Loading…'}</option>
      {options?.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </ChoiceField>
  );

  return (
    <section aria-labelledby="price-check-title" className={`${cardClass} p-4 sm:p-6`}>
      <h2 id="price-check-title" className="text-lg font-semibold text-slate-900 dark:text-white">
        Price check
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">What a lesson pays its tutor today, and which rate says so.</p>
      <form onSubmit={(e) => void check(e)} noValidate className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {select('tutorId', 'Tutor', choices?.tutors)}
        {select('studentId', 'Student', choices?.students)}
        {select('courseId', 'Course', choices?.courses)}
        <ChoiceField id="price-check-minutes" label="Lesson length" value={form.minutes} onChange={(e) => setForm({ ...form, minutes: e.target.value })}>
          {lengths.map((minutes) => (
            <option key={minutes} value={minutes}>
              {minutes} minutes
            </option>
          ))}
        </ChoiceField>
        <div className="sm:col-span-2 lg:col-span-4">
          <button type="submit" className={primaryButton} disabled={busy}>
            {busy ? <Spinner className="size-4" /> : <Calculator className="size-4" aria-hidden="true" />}
            Check price
          </button>
        </div>
      </form>
      {answer && (
        <div
          role="status"
          data-testid="price-check-result"
          className={clsx(
            'mt-4 rounded-xl px-4 py-3 text-sm',
            answer.ok ? 'bg-brand/10 text-slate-900 dark:text-white' : 'bg-amber-50 text-amber-900 dark:bg-amber-500/10 dark:text-amber-200',
          )}
        >
          {answer.ok ? (
            <>
              <p className="text-base font-semibold">{formatMoney(answer.value.amount, answer.value.currency)}</p>
              <p className="mt-1 break-words">{answer.value.explanation}</p>
            </>
          ) : (
            <p>{answer.message}</p>
          )}
        </div>
      )}
    </section>
  );
}
