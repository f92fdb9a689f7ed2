import clsx from 'clsx';
import { Plus, Trash2, X } from 'lucide-react';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import type * as Y from 'yjs';
import { focusRing, smallButton } from '../../../ui/classes';
import type { GraphElement } from '../board/board-model';
import {
  addExpression,
  curveInks,
  type GraphAxes,
  type GraphExpression,
  type GraphSlider,
  lettersInUse,
  removeExpression,
  removeSlider,
  setAxes,
  setExpressionColor,
  setExpressionText,
  setSliderRange,
  setSliderValue,
} from './graph-model';
import { beginUndoStep } from './undo-step';
import { useGraph } from './use-graph';

interface Props {
  doc: Y.Doc;
  origin: object;
  /** the page's graphs, in drawing order */
  graphs: GraphElement[];
  graphId: string | null;
  onPick: (graphId: string) => void;
  onAdd: () => void;
  onClose: () => void;
  readOnly: boolean;
  undo: Y.UndoManager | null;
}

const field = `min-w-0 rounded-lg border-0 bg-white px-2 py-1.5 text-sm text-slate-900 ring-1 ring-inset ring-slate-300 focus:ring-2 focus:ring-brand focus:outline-none disabled:bg-slate-50 disabled:text-slate-500 dark:bg-slate-950 dark:text-white dark:ring-slate-700 dark:disabled:bg-slate-900 dark:disabled:text-slate-400`;
const iconOnly = `inline-flex size-8 shrink-0 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 disabled:opacity-40 dark:text-slate-300 dark:hover:bg-slate-800 ${focusRing}`;
const errorText = 'text-xs text-rose-700 dark:text-rose-300';
const numberText = new Intl.NumberFormat(undefined, { maximumFractionDigits: 3 });

/** Enter commits a field, Escape drops what was typed. */
const commitKeys = (commit: () => void, drop: () => void) => (event: KeyboardEvent<HTMLInputElement>) => {
  if (event.key === 'Enter') {
    event.preventDefault();
    commit();
  } else if (event.key === 'Escape') {
    event.stopPropagation();
    drop();
  }
};

/**
 * The graph editor: a panel beside the board, a sheet over its lower half on a phone. Every change goes into the
 * board document with this person's origin, so everyone sees it and their Ctrl+Z takes back only their own.
 */
export function GraphPanel({ doc, origin, graphs, graphId, onPick, onAdd, onClose, readOnly, undo }: Props) {
  const shown = graphs.find((g) => g.id === graphId) ?? graphs.at(-1) ?? null;
  const state = useGraph(doc, shown?.id ?? '');
  const heading = useRef<HTMLHeadingElement>(null);
  const titleId = useId();
  useEffect(() => heading.current?.focus(), []);
  const number = shown ? graphs.indexOf(shown) + 1 : 0;

  return (
    <section
      aria-labelledby={titleId}
      data-testid="graph-panel"
      onKeyDown={(event) => event.key === 'Escape' && onClose()}
      className="z-10 flex flex-col gap-3 overflow-y-auto bg-white p-3 shadow-lg ring-1 ring-slate-200 max-sm:fixed max-sm:inset-x-0 max-sm:bottom-0 max-sm:max-h-[42vh] max-sm:rounded-t-2xl sm:absolute sm:top-2 sm:right-2 sm:bottom-2 sm:w-80 sm:rounded-2xl dark:bg-slate-900 dark:ring-slate-700"
    >
      <div className="flex items-center gap-2">
        <h2 id={titleId} ref={heading} tabIndex={-1} className="flex-1 text-sm font-semibold text-slate-900 outline-none dark:text-white">
          {shown ? `Graph ${number}${graphs.length > 1 ? ` of ${graphs.length}` : ''}` : 'Graphs'}
        </h2>
        {!readOnly && (
          <button type="button" className={smallButton} onClick={onAdd}>
            <Plus className="size-4" aria-hidden />
            Add a graph
          </button>
        )}
        <button type="button" className={iconOnly} aria-label="Close the graph panel" title="Close" onClick={onClose}>
          <X className="size-4.5" aria-hidden />
        </button>
      </div>
      {graphs.length > 1 && (
        <label className="flex items-center gap-2 text-xs text-slate-600 dark:text-slate-300">
          Graph on this page
          <select className={field} value={shown?.id} onChange={(event) => onPick(event.target.value)}>
            {graphs.map((g, index) => (
              <option key={g.id} value={g.id}>
                Graph {index + 1}
              </option>
            ))}
          </select>
        </label>
      )}
      {!shown && (
        <p className="text-sm text-slate-600 dark:text-slate-300">
          {readOnly ? 'There is no graph on this page.' : 'There is no graph on this page yet. Add one and everyone here can change it with you.'}
        </p>
      )}
      {shown && !state && <p className="text-sm text-slate-600 dark:text-slate-300">This graph is still arriving. It shows as soon as it has synced.</p>}
      {shown && state && (
        <>
          <Expressions doc={doc} origin={origin} graphId={shown.id} expressions={state.expressions} readOnly={readOnly} />
          <Sliders doc={doc} origin={origin} graphId={shown.id} sliders={state.sliders} used={lettersInUse(state)} readOnly={readOnly} undo={undo} />
          <Axes doc={doc} origin={origin} graphId={shown.id} axes={state.axes} readOnly={readOnly} />
        </>
      )}
    </section>
  );
}

type Part = { doc: Y.Doc; origin: object; graphId: string; readOnly: boolean };

function Expressions({ doc, origin, graphId, expressions, readOnly }: Part & { expressions: GraphExpression[] }) {
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();
  const add = () => {
    const problem = addExpression(doc, graphId, draft, origin);
    setError(problem);
    if (!problem) setDraft('');
  };
  return (
    <fieldset className="flex min-w-0 flex-col gap-2">
      <legend className="mb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase dark:text-slate-400">Expressions, in terms of x</legend>
      {expressions.length === 0 && <p className="text-sm text-slate-600 dark:text-slate-300">No curves yet.</p>}
      {expressions.map((expression, index) => (
        <ExpressionRow key={expression.id} doc={doc} origin={origin} graphId={graphId} expression={expression} number={index + 1} readOnly={readOnly} />
      ))}
      {!readOnly && (
        <div className="flex flex-col gap-1">
          <div className="flex gap-1.5">
            <input
              className={clsx(field, 'flex-1')}
              aria-label="New expression"
              placeholder="Add an expression, e.g. sin(x)"
              value={draft}
              aria-invalid={error !== null}
              aria-describedby={error ? errorId : undefined}
              onChange={(event) => {
                setDraft(event.target.value);
                setError(null);
              }}
              onKeyDown={commitKeys(add, () => setDraft(''))}
            />
            <button type="button" className={iconOnly} aria-label="Add the expression" title="Add" onClick={add}>
              <Plus className="size-4.5" aria-hidden />
            </button>
          </div>
          {error && (
            <p id={errorId} role="alert" className={errorText}>
              {error}
            </p>
          )}
        </div>
      )}
    </fieldset>
  );
}

function ExpressionRow({ doc, origin, graphId, expression, number, readOnly }: Part & { expression: GraphExpression; number: number }) {
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();
  const commit = () => {
    if (draft === null) return;
    const problem = setExpressionText(doc, graphId, expression.id, draft, origin);
    setError(problem);
    if (!problem) setDraft(null);
  };
  const ink = curveInks.find((i) => i.color === expression.color);
  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-center gap-1.5">
        <span aria-hidden className="size-3 shrink-0 rounded-full" style={{ backgroundColor: expression.color }} />
        <input
          className={clsx(field, 'flex-1 font-mono')}
          aria-label={`Expression ${number}`}
          value={draft ?? expression.text}
          disabled={readOnly}
          aria-invalid={error !== null}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => {
            setDraft(event.target.value);
            setError(null);
          }}
          onBlur={commit}
          onKeyDown={commitKeys(commit, () => {
            setDraft(null);
            setError(null);
          })}
        />
        <select
          className={clsx(field, 'w-22 shrink-0')}
          aria-label={`Colour of expression ${number}`}
          value={ink?.color ?? expression.color}
          disabled={readOnly}
          onChange={(event) => setExpressionColor(doc, graphId, expression.id, event.target.value, origin)}
        >
          {!ink && <option value={expression.color}>Other</option>}
          {curveInks.map((i) => (
            <option key={i.color} value={i.color}>
              {i.label}
            </option>
          ))}
        </select>
        {!readOnly && (
          <button
            type="button"
            className={iconOnly}
            aria-label={`Remove expression ${number}`}
            title="Remove"
            onClick={() => removeExpression(doc, graphId, expression.id, origin)}
          >
            <Trash2 className="size-4" aria-hidden />
          </button>
        )}
      </div>
      {error && (
        <p id={errorId} role="alert" className={errorText}>
          {error} The others still see the last version that worked.
        </p>
      )}
    </div>
  );
}

function Sliders({ doc, origin, graphId, sliders, used, readOnly, undo }: Part & { sliders: GraphSlider[]; used: Set<string>; undo: Y.UndoManager | null }) {
  if (sliders.length === 0) return null;
  return (
    <fieldset className="flex min-w-0 flex-col gap-2">
      <legend className="mb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase dark:text-slate-400">Sliders</legend>
      {sliders.map((slider) => (
        <SliderRow key={slider.name} doc={doc} origin={origin} graphId={graphId} slider={slider} used={used.has(slider.name)} readOnly={readOnly} undo={undo} />
      ))}
    </fieldset>
  );
}

function SliderRow({ doc, origin, graphId, slider, used, readOnly, undo }: Part & { slider: GraphSlider; used: boolean; undo: Y.UndoManager | null }) {
  const endStep = useRef<(() => void) | null>(null);
  const inputId = useId();
  const end = () => {
    endStep.current?.();
    endStep.current = null;
  };
  useEffect(() => end, []);
  return (
    <div className="flex flex-col gap-1 rounded-xl bg-slate-50 p-2 dark:bg-slate-800/60">
      <div className="flex items-center gap-2">
        <label htmlFor={inputId} className="w-20 shrink-0 font-mono text-sm text-slate-800 dark:text-slate-100">
          {slider.name} = <span data-testid={`slider-${slider.name}-value`}>{numberText.format(slider.value)}</span>
        </label>
        <input
          id={inputId}
          type="range"
          className="min-w-0 flex-1 accent-brand"
          aria-label={`Slider ${slider.name}`}
          min={slider.min}
          max={slider.max}
          step={slider.step}
          value={slider.value}
          disabled={readOnly}
          onPointerDown={() => {
            end();
            endStep.current = beginUndoStep(undo);
          }}
          onPointerUp={end}
          onPointerCancel={end}
          onBlur={end}
          onChange={(event) => setSliderValue(doc, graphId, slider.name, Number(event.target.value), origin)}
        />
        {!readOnly && !used && (
          <button
            type="button"
            className={iconOnly}
            aria-label={`Remove slider ${slider.name}`}
            title="No expression uses it"
            onClick={() => removeSlider(doc, graphId, slider.name, origin)}
          >
            <Trash2 className="size-4" aria-hidden />
          </button>
        )}
      </div>
      <SliderLimits doc={doc} origin={origin} graphId={graphId} slider={slider} readOnly={readOnly} />
    </div>
  );
}

type Drafts<K extends string> = Partial<Record<K, string>>;

function SliderLimits({ doc, origin, graphId, slider, readOnly }: Part & { slider: GraphSlider }) {
  const [drafts, setDrafts] = useState<Drafts<'min' | 'max' | 'step'>>({});
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();
  const commit = () => {
    if (Object.keys(drafts).length === 0) return;
    const value = (key: 'min' | 'max' | 'step') => (drafts[key] === undefined ? slider[key] : Number(drafts[key]));
    const problem = setSliderRange(doc, graphId, slider.name, { min: value('min'), max: value('max'), step: value('step') }, origin);
    setError(problem);
    if (!problem) setDrafts({});
  };
  const labels = { min: 'Lowest', max: 'Highest', step: 'Step' } as const;
  return (
    <details className="text-xs text-slate-600 dark:text-slate-300">
      <summary className={clsx('cursor-pointer rounded', focusRing)}>
        From {numberText.format(slider.min)} to {numberText.format(slider.max)}, in steps of {numberText.format(slider.step)}
      </summary>
      <div className="mt-1.5 grid grid-cols-3 gap-1.5">
        {(['min', 'max', 'step'] as const).map((key) => (
          <label key={key} className="flex flex-col gap-0.5">
            {labels[key]}
            <input
              type="number"
              step="any"
              className={clsx(field, 'w-full')}
              aria-label={`${labels[key]} value of ${slider.name}`}
              value={drafts[key] ?? String(slider[key])}
              disabled={readOnly}
              aria-invalid={error !== null}
              aria-describedby={error ? errorId : undefined}
              onChange={(event) => {
                setDrafts({ ...drafts, [key]: event.target.value });
                setError(null);
              }}
              onBlur={commit}
              onKeyDown={commitKeys(commit, () => setDrafts({}))}
            />
          </label>
        ))}
      </div>
      {error && (
        <p id={errorId} role="alert" className={clsx(errorText, 'mt-1')}>
          {error}
        </p>
      )}
    </details>
  );
}

const AXIS_FIELDS = [
  { key: 'xMin', label: 'x from' },
  { key: 'xMax', label: 'x to' },
  { key: 'yMin', label: 'y from' },
  { key: 'yMax', label: 'y to' },
] as const;
type AxisKey = (typeof AXIS_FIELDS)[number]['key'];

function Axes({ doc, origin, graphId, axes, readOnly }: Part & { axes: GraphAxes }) {
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
