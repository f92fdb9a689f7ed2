import clsx from 'clsx';
import { Plus, Trash2, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import type * as Y from 'yjs';
import { smallButton } from '../../../ui/classes';
import type { GraphElement } from '../board/board-model';
import { Axes } from './AxesFields';
import { addExpression, curveInks, type GraphExpression, lettersInUse, removeExpression, setExpressionColor, setExpressionText } from './graph-model';
import { commitKeys, errorText, field, iconOnly, type Part } from './panel-fields';
import { Sliders } from './SliderFields';
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

/**
 * The graph editor: a panel beside the board, on a phone a sheet over the lower part of the screen. Every change goes into the
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
