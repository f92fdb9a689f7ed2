import { createElement, Fragment, useMemo } from 'react';
import { renderMath, splitMath } from './math';

/**
 * Plain text with `$…$` formulas, as questions, options, hints and FAQs are written. `multiline` keeps the author's
 * line breaks and sets a display formula apart from the lines around it, as the quiz player and the attempt reviews
 * show a question; content pages and the question bank run the text on.
 */
export default function MathText({
  text,
  as = 'span',
  className,
  multiline = false,
}: {
  text: string;
  as?: 'span' | 'p' | 'div';
  className?: string;
  multiline?: boolean;
}) {
  const parts = useMemo(() => splitMath(text), [text]);
  const displayClass = multiline ? 'my-2 block overflow-x-auto' : 'block overflow-x-auto py-1';
  return createElement(
    as,
    { className },
    parts.map((part, i) =>
      part.kind === 'text' ? (
        <Fragment key={i}>{multiline ? withLineBreaks(part.value) : part.value}</Fragment>
      ) : (
        // KaTeX output is generated from the formula text, never from HTML the author wrote.
        <span
          key={i}
          className={part.kind === 'display' ? displayClass : undefined}
          dangerouslySetInnerHTML={{ __html: renderMath(part.value, part.kind === 'display') }}
        />
      ),
    ),
  );
}

const withLineBreaks = (text: string) =>
  text.split('\n').map((line, k) => (
    <Fragment key={k}>
      {k > 0 && <br />}
      {line}
    </Fragment>
  ));
