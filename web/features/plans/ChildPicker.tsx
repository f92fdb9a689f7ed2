import clsx from 'clsx';
import type { UserSummary } from '../../../schema/contracts/auth';
import { fullName } from '../../lib/people';
import { focusRing } from '../../ui/classes';

/** A parent's children as a radio group: the plans below are priced for whichever is chosen. */
export function ChildPicker({ options, chosen, onChoose }: { options: UserSummary[]; chosen: string | null; onChoose: (studentId: string) => void }) {
  return (
    <fieldset>
      <legend className="text-sm font-semibold text-slate-900 dark:text-white">Who is the lesson time for?</legend>
      <div className="mt-3 flex flex-wrap gap-3">
        {options.map((child) => {
          const name = fullName(child, 'Your child');
          const selected = child._id === chosen;
          return (
            <label
              key={child._id}
              className={clsx(
                'flex min-w-40 cursor-pointer items-center gap-3 rounded-2xl px-4 py-3 ring-1 transition has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand',
                selected
                  ? 'bg-brand/10 ring-2 ring-brand'
                  : 'bg-white ring-slate-200 hover:bg-slate-50 dark:bg-slate-900 dark:ring-slate-700 dark:hover:bg-slate-800',
              )}
            >
              <input
                type="radio"
                name="plan-student"
                value={child._id}
                checked={selected}
                onChange={() => onChoose(child._id)}
                className={clsx('size-4 accent-brand', focusRing)}
              />
              <span
                className="flex size-9 items-center justify-center rounded-full bg-brand/15 text-sm font-semibold text-slate-900 dark:text-white"
                aria-hidden="true"
              >
                {child.firstname.slice(0, 1).toUpperCase()}
              </span>
              <span className="font-medium text-slate-900 dark:text-white">{name}</span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
