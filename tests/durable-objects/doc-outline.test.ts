import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { docOutline } from '../../durable-objects/lib/doc-outline';

/** A Tiptap-shaped notes fragment: headings and paragraphs as y-prosemirror stores them. */
function notes(doc: Y.Doc, nodes: [string, string, Record<string, string>?][]) {
  const fragment = doc.getXmlFragment('notes');
  fragment.insert(
    0,
    nodes.map(([name, text, marks]) => {
      const element = new Y.XmlElement(name);
      const content = new Y.XmlText();
      content.insert(0, text, marks);
      element.insert(0, [content]);
      return element;
    }),
  );
}

describe('what a lesson report takes from the documents', () => {
  it('lists the notes’ headings in order as plain text, skipping paragraphs and empty headings', () => {
    const doc = new Y.Doc();
    notes(doc, [
      ['heading', 'Factorising'],
      ['paragraph', 'x² + 5x + 6'],
      ['heading', 'Completing the square', { bold: 'true' }],
      ['heading', '   '],
    ]);
    expect(docOutline(doc)).toEqual({ headings: ['Factorising', 'Completing the square'], pages: 0 });
  });

  it('counts the board’s pages', () => {
    const doc = new Y.Doc();
    doc.getArray<string>('pageOrder').push(['p1', 'p2', 'p3']);
    expect(docOutline(doc).pages).toBe(3);
  });
});
