import { useId, useState } from 'react';
import { type DraftForm, DraftNumberField } from './DraftNumberField';
import { type GraphAxes, setAxes } from './graph-model';
import { type Drafts, errorText, type Part } from './panel-fields';

const AXIS_FIELDS = [
  { key: 'xMin', label: 'x from' },
  { key: 'xMax', label: 'x to' },
  { key: 'yMin', label: 'y from' },
  { key: 'yMax', label: 'y to' },
] as const;
type AxisKey = (typeof AXIS_FIELDS)[number]['key'];

/** The axes' ends and the grid. Only the fields this person changed are written, so another's change to the rest stays. */
export function Axes({ doc, origin, graphId, axes, readOnly }: Part & { axes: GraphAxes }) {
  const [drafts, setDrafts] = useState<Drafts<AxisKey>>({});
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();
  const commit = (next: Partial<GraphAxes> = {}) => {
    const merged = { ...axes, ...next };
    for (const { key } of AXIS_FIELDS) if (drafts[key] !== undefined) merged[key] = drafts[key].trim() === '' ? Number.NaN : Number(drafts[key]);
    const problem = setAxes(doc, graphId, merged, origin);
    setError(problem);
    if (!problem) setDrafts({});
  };
  const form: DraftForm<AxisKey> = { drafts, setDrafts, error, setError, errorId, commit, readOnly };
  return (
    <fieldset className="flex min-w-0 flex-col gap-2">
      <legend className="mb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase dark:text-slate-400">Axes</legend>
      <div className="grid grid-cols-2 gap-1.5">
        {AXIS_FIELDS.map(({ key, label }) => (
          <DraftNumberField key={key} form={form} name={key} label={label} value={axes[key]} className="text-xs text-slate-600 dark:text-slate-300" />
        ))}
      </div>
      <label className="flex items-center gap-2 text-sm text-slate-700 dark:text-slate-200">
        <input
          type="checkbox"
          className="size-4 accent-brand"
          checked={axes.grid}
          disabled={readOnly}
          onChange={(event) => commit({ grid: event.target.checked })}
        />
        Show the grid
      </label>
      {error && (
        <p id={errorId} role="alert" className={errorText}>
          {error}
        </p>
      )}
    </fieldset>
  );
}
