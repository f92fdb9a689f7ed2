const escape = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

const inline = (text: string) =>
  text
    .split(/(\$[^$]+\$)/)
    .map((part) =>
      part.startsWith('$') && part.endsWith('$') && part.length > 2
        ? `<span data-type="inline-math" data-latex="${escape(part.slice(1, -1))}"></span>`
        : escape(part),
    )
    .join('');

/**
 * Seed prose to the HTML the content editor stores (Tiptap's math nodes): a paragraph per blank-line block, and a
 * block that is only `$$…$$` becomes a display formula.
 */
export function toEditorHtml(text: string) {
  return text
    .split(/\n\n+/)
    .map((block) => {
      const display = /^\$\$([\s\S]+)\$\$$/.exec(block.trim());
      return display ? `<div data-type="block-math" data-latex="${escape(display[1]!.trim())}"></div>` : `<p>${inline(block)}</p>`;
    })
    .join('');
}
