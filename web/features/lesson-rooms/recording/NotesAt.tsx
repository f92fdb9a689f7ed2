import Collaboration from '@tiptap/extension-collaboration';
import { Mathematics } from '@tiptap/extension-mathematics';
import { EditorContent, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import 'katex/dist/katex.min.css';
import '../notes/notes.css';
import type * as Y from 'yjs';
import { katexOptions } from '../notes/latex';
import { NOTES_FIELD } from './notes-search';

/** The notes as they were at a moment of the replay: the same editor as the room's, bound to the rebuilt document, read-only. */
export default function NotesAt({ doc, label }: { doc: Y.Doc; label: string }) {
  const editor = useEditor(
    {
      editable: false,
      injectCSS: false,
      extensions: [
        StarterKit.configure({ undoRedo: false }),
        Collaboration.configure({ document: doc, field: NOTES_FIELD }),
        Mathematics.configure({ katexOptions }),
      ],
      editorProps: {
        attributes: {
          role: 'textbox',
          'aria-multiline': 'true',
          'aria-readonly': 'true',
          'aria-label': label,
          class: 'prose-notes min-h-full px-4 py-3 text-[15px] leading-7 text-slate-800 outline-none dark:text-slate-100',
        },
      },
    },
    [doc],
  );
  return <EditorContent editor={editor} className="h-full" data-testid="replay-notes" />;
}
