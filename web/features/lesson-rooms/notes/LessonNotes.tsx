import Collaboration from '@tiptap/extension-collaboration';
import CollaborationCaret from '@tiptap/extension-collaboration-caret';
import { Mathematics } from '@tiptap/extension-mathematics';
import { EditorContent, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import clsx from 'clsx';
import 'katex/dist/katex.min.css';
import './notes.css';
import { Bold, Heading2, Italic, List, ListOrdered, Sigma } from 'lucide-react';
import { memo, useState } from 'react';
import type { WebsocketProvider } from 'y-websocket';
import type * as Y from 'yjs';
import { focusRing } from '../../../ui/classes';
import type { PresenceUser } from '../presence';
import { FormulaPalette } from './FormulaPalette';
import { katexOptions, renderLatex } from './latex';

export interface LessonNotesProps {
  doc: Y.Doc;
  provider: WebsocketProvider;
  user: PresenceUser;
  readOnly: boolean;
}

const barButton = `inline-flex size-8 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 disabled:opacity-40 dark:text-slate-300 dark:hover:bg-slate-800 ${focusRing}`;

/** The lesson's shared notes: rich text with math, typed together with live carets. */
function LessonNotes({ doc, provider, user, readOnly }: LessonNotesProps) {
  const [editing, setEditing] = useState<{ latex: string; pos: number | null } | null>(null);
  const editor = useEditor(
    {
      editable: !readOnly,
      // Its base styles are in notes.css.
      injectCSS: false,
      extensions: [
        // The collaboration extension brings its own undo that only takes back this person's typing.
        StarterKit.configure({ undoRedo: false }),
        Collaboration.configure({ document: doc, field: 'notes' }),
        CollaborationCaret.configure({ provider, user: { name: user.name, color: user.color } }),
        Mathematics.configure({
          katexOptions,
          inlineOptions: { onClick: (node, pos) => setEditing({ latex: String(node.attrs.latex ?? ''), pos }) },
        }),
      ],
      editorProps: {
        // A textbox role so the label is allowed on the editor's div also when a read-only seat cannot type in it.
        attributes: {
          role: 'textbox',
          'aria-multiline': 'true',
          'aria-readonly': String(readOnly),
          'aria-label': 'Lesson notes',
          class: 'prose-notes min-h-full px-4 py-3 text-[15px] leading-7 text-slate-800 outline-none dark:text-slate-100',
        },
      },
    },
    [doc, provider, readOnly],
  );

  const insert = (latex: string) => {
    if (!editor || readOnly) return;
    if (editing) {
      setEditing({ ...editing, latex: `${editing.latex}${latex}` });
      return;
    }
    editor.chain().focus().insertInlineMath({ latex }).run();
  };

  const saveFormula = () => {
    if (!editor || !editing) return;
    const latex = editing.latex.trim();
    if (editing.pos === null) {
      if (latex) editor.chain().focus().insertInlineMath({ latex }).run();
    } else if (latex) {
      editor.chain().focus().updateInlineMath({ latex, pos: editing.pos }).run();
    } else {
      editor.chain().focus().deleteInlineMath({ pos: editing.pos }).run();
    }
    setEditing(null);
  };

  return (
    <section
      aria-label="Notes"
      className="flex min-h-0 flex-1 flex-col overflow-hidden rounded-2xl bg-white ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-700"
    >
      {!readOnly && editor && (
        <div role="toolbar" aria-label="Notes formatting" className="flex flex-wrap items-center gap-0.5 border-b border-slate-200 p-1 dark:border-slate-700">
          <button
            type="button"
            className={clsx(barButton, editor.isActive('bold') && 'bg-slate-100 dark:bg-slate-800')}
            aria-label="Bold"
            onClick={() => editor.chain().focus().toggleBold().run()}
          >
            <Bold className="size-4" aria-hidden />
          </button>
          <button
            type="button"
            className={clsx(barButton, editor.isActive('italic') && 'bg-slate-100 dark:bg-slate-800')}
            aria-label="Italic"
            onClick={() => editor.chain().focus().toggleItalic().run()}
          >
            <Italic className="size-4" aria-hidden />
          </button>
          <button type="button" className={barButton} aria-label="Heading" onClick={() => editor.chain().focus().toggleHeading({ level: 2 }).run()}>
            <Heading2 className="size-4" aria-hidden />
          </button>
          <button type="button" className={barButton} aria-label="Bulleted list" onClick={() => editor.chain().focus().toggleBulletList().run()}>
            <List className="size-4" aria-hidden />
          </button>
          <button type="button" className={barButton} aria-label="Numbered list" onClick={() => editor.chain().focus().toggleOrderedList().run()}>
            <ListOrdered className="size-4" aria-hidden />
          </button>
          <button type="button" className={clsx(barButton, 'w-auto gap-1 px-2 text-xs font-medium')} onClick={() => setEditing({ latex: '', pos: null })}>
            <Sigma className="size-4" aria-hidden /> Formula
          </button>
        </div>
      )}
      <div className="min-h-0 flex-1 overflow-y-auto">
        <EditorContent editor={editor} className="h-full" />
      </div>
      {!readOnly && (
        <div className="border-t border-slate-200 p-2 dark:border-slate-700">
          <FormulaPalette onInsert={insert} />
          {editing && (
            <form
              className="mt-2 flex flex-col gap-2"
              onSubmit={(event) => {
                event.preventDefault();
                saveFormula();
              }}
            >
              <label className="text-xs font-medium text-slate-600 dark:text-slate-300" htmlFor="formula-latex">
                Formula (LaTeX)
              </label>
              <input
                id="formula-latex"
                autoFocus
                value={editing.latex}
                onChange={(event) => setEditing({ ...editing, latex: event.target.value })}
                onKeyDown={(event) => event.key === 'Escape' && setEditing(null)}
                className="rounded-lg border border-slate-300 bg-white px-2 py-1.5 font-mono text-sm dark:border-slate-600 dark:bg-slate-950"
              />
              <div
                className="min-h-8 overflow-x-auto rounded-lg bg-slate-50 px-2 py-1 dark:bg-slate-800"
                aria-live="polite"
                dangerouslySetInnerHTML={{ __html: renderLatex(editing.latex || '\\square') }}
              />
              <div className="flex justify-end gap-2">
                <button
                  type="button"
                  className="rounded-full px-3 py-1 text-sm text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
                  onClick={() => setEditing(null)}
                >
                  Cancel
                </button>
                <button type="submit" className="rounded-full bg-brand px-3 py-1 text-sm font-semibold text-brand-ink">
                  {editing.pos === null ? 'Insert' : 'Update'}
                </button>
              </div>
            </form>
          )}
        </div>
      )}
    </section>
  );
}

// The room re-renders on every peer's move; the editor follows its document by itself.
export default memo(LessonNotes);
