import Mathematics from '@tiptap/extension-mathematics';
import { EditorContent, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Bold, Italic, List, ListOrdered, Sigma, SquareSigma } from 'lucide-react';
import { useState } from 'react';
import { fieldClass, focusRing, smallButton } from '../../ui/classes';

/** The spec's math palette groups (spec 3 §9), each inserting LaTeX into the formula being typed. */
const PALETTE: Record<string, string[]> = {
  quick: ['\\frac{a}{b}', 'x^{2}', '\\sqrt{x}', 'x_{n}', '\\pm', '\\times', '\\div'],
  greek: ['\\alpha', '\\beta', '\\theta', '\\lambda', '\\pi', '\\rho', '\\Delta'],
  relations: ['\\le', '\\ge', '\\ne', '\\approx', '\\propto', '\\equiv'],
  logics: ['\\Rightarrow', '\\Leftrightarrow', '\\forall', '\\exists', '\\neg'],
  calculus: ['\\frac{dy}{dx}', '\\int_{a}^{b}', '\\sum_{i=1}^{n}', '\\lim_{x \\to 0}', '\\infty'],
};

const toolButton = `inline-flex size-8 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 aria-pressed:bg-brand/20 aria-pressed:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:aria-pressed:text-white ${focusRing}`;

/**
 * Rich text with formulas (Tiptap + its Mathematics nodes). Formulas are typed as LaTeX in a labelled field, from
 * the keyboard, with a palette for the symbols; the stored HTML keeps each formula as a `data-latex` node.
 */
export default function FormulaEditor({
  id,
  value,
  onChange,
  labelledBy,
}: {
  id: string;
  value: string;
  onChange: (html: string) => void;
  labelledBy: string;
}) {
  const [latex, setLatex] = useState('');
  const [display, setDisplay] = useState(false);
  const editor = useEditor({
    extensions: [StarterKit, Mathematics.configure({ katexOptions: { throwOnError: false, output: 'htmlAndMathml' } })],
    content: value,
    onUpdate: ({ editor: e }) => onChange(e.getHTML()),
    editorProps: {
      attributes: {
        id,
        'aria-labelledby': labelledBy,
        'aria-multiline': 'true',
        role: 'textbox',
        class: 'rich-content min-h-40 px-3.5 py-2.5 text-sm text-slate-900 focus:outline-none dark:text-white',
      },
    },
  });
  if (!editor) return null;
  const insert = () => {
    if (!latex.trim()) return;
    if (display) editor.chain().focus().insertBlockMath({ latex }).run();
    else editor.chain().focus().insertInlineMath({ latex }).run();
    setLatex('');
  };
  return (
    <div className="rounded-xl ring-1 ring-slate-300 focus-within:ring-2 focus-within:ring-brand dark:ring-slate-700">
      <div role="toolbar" aria-label="Formatting" className="flex flex-wrap gap-1 border-b border-slate-200 p-1.5 dark:border-slate-700">
        <button
          type="button"
          className={toolButton}
          aria-label="Bold"
          aria-pressed={editor.isActive('bold')}
          onClick={() => editor.chain().focus().toggleBold().run()}
        >
          <Bold className="size-4" aria-hidden="true" />
        </button>
        <button
          type="button"
          className={toolButton}
          aria-label="Italic"
          aria-pressed={editor.isActive('italic')}
          onClick={() => editor.chain().focus().toggleItalic().run()}
        >
          <Italic className="size-4" aria-hidden="true" />
        </button>
        <button
          type="button"
          className={toolButton}
          aria-label="Bulleted list"
          aria-pressed={editor.isActive('bulletList')}
          onClick={() => editor.chain().focus().toggleBulletList().run()}
        >
          <List className="size-4" aria-hidden="true" />
        </button>
        <button
          type="button"
          className={toolButton}
          aria-label="Numbered list"
          aria-pressed={editor.isActive('orderedList')}
          onClick={() => editor.chain().focus().toggleOrderedList().run()}
        >
          <ListOrdered className="size-4" aria-hidden="true" />
        </button>
      </div>
      <EditorContent editor={editor} />
      <div className="space-y-2 border-t border-slate-200 p-2 dark:border-slate-700">
        <div className="flex flex-col gap-2 sm:flex-row">
          <label htmlFor={`${id}-latex`} className="sr-only">
            Formula in LaTeX
          </label>
          <input
            id={`${id}-latex`}
            className={fieldClass()}
            placeholder="Formula in LaTeX, e.g. x = \frac{-b \pm \sqrt{b^2-4ac}}{2a}"
            value={latex}
            onChange={(e) => setLatex(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                insert();
              }
            }}
          />
          <label className="flex shrink-0 items-center gap-1.5 text-xs text-slate-600 dark:text-slate-300">
            <input type="checkbox" checked={display} onChange={(e) => setDisplay(e.target.checked)} className="accent-brand" />
            On its own line
          </label>
          <button type="button" className={`${smallButton} shrink-0`} onClick={insert}>
            {display ? <SquareSigma className="size-3.5" aria-hidden="true" /> : <Sigma className="size-3.5" aria-hidden="true" />}
            Insert formula
          </button>
        </div>
        <div className="flex flex-wrap gap-x-3 gap-y-1 text-xs">
          {Object.entries(PALETTE).map(([group, symbols]) => (
            <div key={group} role="group" aria-label={`${group} symbols`} className="flex flex-wrap items-center gap-1">
              <span className="text-slate-500 capitalize">{group}</span>
              {symbols.map((s) => (
                <button
                  key={s}
                  type="button"
                  className={`rounded px-1.5 py-0.5 font-mono ring-1 ring-slate-200 hover:bg-slate-100 dark:ring-slate-700 dark:hover:bg-slate-800 ${focusRing}`}
                  onClick={() => setLatex((l) => `${l}${s}`)}
                >
                  {s}
                </button>
              ))}
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}
