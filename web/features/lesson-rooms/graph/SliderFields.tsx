import clsx from 'clsx';
import { Trash2 } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import type * as Y from 'yjs';
import { focusRing } from '../../../ui/classes';
import { type DraftForm, DraftNumberField } from './DraftNumberField';
import { type GraphSlider, removeSlider, setSliderRange, setSliderValue } from './graph-model';
import { type Drafts, errorText, iconOnly, numberText, type Part } from './panel-fields';
import { beginUndoStep } from './undo-step';

/** The graph's sliders: each moves live for everyone, and a whole drag is one undo step. */
export function Sliders({
  doc,
  origin,
  graphId,
  sliders,
  used,
  readOnly,
  undo,
}: Part & { sliders: GraphSlider[]; used: Set<string>; undo: Y.UndoManager | null }) {
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
  const form: DraftForm<'min' | 'max' | 'step'> = { drafts, setDrafts, error, setError, errorId, commit, readOnly };
  return (
    <details className="text-xs text-slate-600 dark:text-slate-300">
      <summary className={clsx('cursor-pointer rounded', focusRing)}>
        From {numberText.format(slider.min)} to {numberText.format(slider.max)}, in steps of {numberText.format(slider.step)}
      </summary>
      <div className="mt-1.5 grid grid-cols-3 gap-1.5">
        {(['min', 'max', 'step'] as const).map((key) => (
          <DraftNumberField key={key} form={form} name={key} label={labels[key]} value={slider[key]} ariaLabel={`${labels[key]} value of ${slider.name}`} />
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
