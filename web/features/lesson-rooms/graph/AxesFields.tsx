import clsx from 'clsx';
import { useId, useState } from 'react';
import { type GraphAxes, setAxes } from './graph-model';
import { commitKeys, type Drafts, errorText, field, type Part } from './panel-fields';

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
  return (
    <fieldset className="flex min-w-0 flex-col gap-2">
      <legend className="mb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase dark:text-slate-400">Axes</legend>
      <div className="grid grid-cols-2 gap-1.5">
        {AXIS_FIELDS.map(({ key, label }) => (
          <label key={key} className="flex flex-col gap-0.5 text-xs text-slate-600 dark:text-slate-300">
            {label}
            <input
              type="number"
              step="any"
              className={clsx(field, 'w-full')}
              value={drafts[key] ?? String(axes[key])}
              disabled={readOnly}
              aria-invalid={error !== null}
              aria-describedby={error ? errorId : undefined}
              onChange={(event) => {
                setDrafts({ ...drafts, [key]: event.target.value });
                setError(null);
              }}
              onBlur={() => Object.keys(drafts).length > 0 && commit()}
              onKeyDown={commitKeys(
                () => commit(),
                () => setDrafts({}),
              )}
            />
          </label>
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
