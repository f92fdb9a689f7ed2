import katex from 'katex';
import 'katex/dist/katex.min.css';
import { Fragment, useMemo } from 'react';

/** Splits text on `$$…$$` and `$…$`; the rest stays plain text, so nothing but KaTeX's own output is HTML. */
export function splitMath(text: string) {
  const parts: { math: boolean; display: boolean; value: string }[] = [];
  const pattern = /\$\$([^$]+)\$\$|\$([^$]+)\$/g;
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    if (match.index > last) parts.push({ math: false, display: false, value: text.slice(last, match.index) });
    parts.push({ math: true, display: match[1] !== undefined, value: (match[1] ?? match[2] ?? '').trim() });
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push({ math: false, display: false, value: text.slice(last) });
  return parts;
}

/** Text with formulas; KaTeX writes MathML beside the visual form, so screen readers read the maths. */
export default function MultilineMathText({ text, className }: { text: string; className?: string }) {
  const parts = useMemo(() => splitMath(text), [text]);
  return (
    <span className={className}>
      {parts.map((part, i) =>
        part.math ? (
          <span
            key={i}
            className={part.display ? 'my-2 block overflow-x-auto' : undefined}
            // KaTeX escapes its input and emits only its own markup; throwOnError off shows bad TeX as text.
            dangerouslySetInnerHTML={{ __html: katex.renderToString(part.value, { displayMode: part.display, output: 'htmlAndMathml', throwOnError: false }) }}
          />
        ) : (
          <Fragment key={i}>
            {part.value.split('\n').map((line, k) => (
              <Fragment key={k}>
                {k > 0 && <br />}
                {line}
              </Fragment>
            ))}
          </Fragment>
        ),
      )}
    </span>
  );
}
