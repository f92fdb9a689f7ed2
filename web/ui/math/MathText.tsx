import { createElement, Fragment, useMemo } from 'react';
import { renderMath, splitMath } from './math';

/** Plain text with `$…$` formulas, as questions, options, hints and FAQs are written. */
export default function MathText({ text, as = 'span', className }: { text: string; as?: 'span' | 'p' | 'div'; className?: string }) {
  const parts = useMemo(() => splitMath(text), [text]);
  return createElement(
    as,
    { className },
    parts.map((part, i) =>
      part.kind === 'text' ? (
        <Fragment key={i}>{part.value}</Fragment>
      ) : (
        // KaTeX output is generated from the formula text, never from HTML the author wrote.
        <span
          key={i}
          className={part.kind === 'display' ? 'block overflow-x-auto py-1' : undefined}
          dangerouslySetInnerHTML={{ __html: renderMath(part.value, part.kind === 'display') }}
        />
      ),
    ),
  );
}
