import DOMPurify from 'dompurify';
import katex from 'katex';
import 'katex/dist/katex.min.css';

export type MathSegment = { kind: 'text' | 'inline' | 'display'; value: string };

/**
 * Splits question and FAQ text on its LaTeX delimiters: `$$…$$` is a display formula, `$…$` an inline one, and
 * `\$` a literal dollar sign. An unclosed `$` is kept as text rather than swallowing the rest of the sentence.
 */
export function splitMath(text: string): MathSegment[] {
  const segments: MathSegment[] = [];
  const pattern = /\$\$([\s\S]+?)\$\$|(?<!\\)\$((?:\\\$|[^$])+?)\$/g;
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    if (match.index > last) segments.push({ kind: 'text', value: text.slice(last, match.index) });
    segments.push(match[1] !== undefined ? { kind: 'display', value: match[1].trim() } : { kind: 'inline', value: match[2]!.trim() });
    last = match.index + match[0].length;
  }
  if (last < text.length) segments.push({ kind: 'text', value: text.slice(last) });
  return segments.map((s) => (s.kind === 'text' ? { ...s, value: s.value.replaceAll('\\$', '$') } : s));
}

/** KaTeX with MathML beside the visual form, so screen readers read the formula (issue 8, item 7). */
export const renderMath = (latex: string, displayMode: boolean) =>
  katex.renderToString(latex, { displayMode, throwOnError: false, output: 'htmlAndMathml', strict: 'ignore' });

/**
 * Content-block HTML from the editor, made safe and readable: DOMPurify removes anything active, then each math
 * node (Tiptap's `data-type="inline-math"` / `"block-math"` with `data-latex`) is rendered by KaTeX.
 */
export function renderRichHtml(html: string) {
  const fragment = DOMPurify.sanitize(html, { RETURN_DOM_FRAGMENT: true, ADD_ATTR: ['data-latex', 'data-type'] });
  for (const node of fragment.querySelectorAll<HTMLElement>('[data-type="inline-math"], [data-type="block-math"]')) {
    node.innerHTML = renderMath(node.dataset.latex ?? '', node.dataset.type === 'block-math');
  }
  const holder = document.createElement('div');
  holder.append(fragment);
  return holder.innerHTML;
}
