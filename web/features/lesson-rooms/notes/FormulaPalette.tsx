import clsx from 'clsx';
import { useEffect, useState } from 'react';
import { afterFirstPaint } from '../../../lib/after-first-paint';
import { focusRing } from '../../../ui/classes';
import { type FormulaGroupKey, formulaGroups } from './formula-palette';
import { renderLatex } from './latex';

/** Typeset once per page: KaTeX takes about a millisecond a symbol, and the room re-renders on every peer's move. */
const typeset = new Map<string, string>();
const symbolHtml = (latex: string) => {
  let html = typeset.get(latex);
  if (html === undefined) {
    html = renderLatex(latex);
    typeset.set(latex, html);
  }
  return html;
};

/**
 * Whether the palette's symbols may be typeset now: not before the room's first frame, which a reload into the room
 * wants with its board and notes as soon as it can; the buttons keep their place meanwhile.
 */
function useTypesetReady() {
  const [ready, setReady] = useState(() => typeset.size > 0);
  useEffect(() => {
    if (ready) return;
    let live = true;
    void afterFirstPaint().then(() => live && setReady(true));
    return () => {
      live = false;
    };
  }, [ready]);
  return ready;
}

/** The math palette under the notes (spec 3, section 9): a tab per group, a button per symbol. */
export function FormulaPalette({ onInsert }: { onInsert: (latex: string) => void }) {
  const [group, setGroup] = useState<FormulaGroupKey>('quick');
  const ready = useTypesetReady();
  const current = formulaGroups.find((g) => g.key === group)!;
  return (
    <>
      <div role="tablist" aria-label="Formula palette" className="mb-1 flex gap-1 overflow-x-auto">
        {formulaGroups.map((g) => (
          <button
            key={g.key}
            type="button"
            role="tab"
            aria-selected={group === g.key}
            onClick={() => setGroup(g.key)}
            className={clsx(
              'rounded-full px-2.5 py-1 text-xs font-medium',
              focusRing,
              group === g.key ? 'bg-brand/15 text-brand-deep dark:text-brand' : 'text-slate-500 hover:bg-slate-100 dark:hover:bg-slate-800',
            )}
          >
            {g.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" aria-label={`${current.label} symbols`} className="flex flex-wrap gap-1">
        {current.items.map((latex) => (
          // The name comes from the hidden sentence, not an aria-label: the drawn symbol's glyphs are not words a
          // label could contain, and a label that does not contain what is shown confuses voice control.
          <button
            key={latex}
            type="button"
            title={latex}
            onClick={() => onInsert(latex)}
            className={clsx(
              'min-h-8 min-w-9 rounded-md px-1.5 py-1 text-sm text-slate-800 ring-1 ring-slate-200 hover:bg-slate-50 dark:text-slate-100 dark:ring-slate-700 dark:hover:bg-slate-800',
              focusRing,
            )}
          >
            <span aria-hidden="true" dangerouslySetInnerHTML={{ __html: ready ? symbolHtml(latex) : '' }} />
            <span className="sr-only">Insert {latex}</span>
          </button>
        ))}
      </div>
    </>
  );
}
