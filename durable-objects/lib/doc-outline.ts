import * as Y from 'yjs';

/** What a lesson report takes from a lesson's documents: the notes' headings and the board's page count. */
export interface DocOutline {
  headings: string[];
  pages: number;
}

const MAX_HEADINGS = 30;

/** The plain text of a node, without the formatting marks Y.XmlText.toString() would write as tags. */
function textOf(node: Y.XmlElement | Y.XmlText): string {
  if (node instanceof Y.XmlText) return (node.toDelta() as { insert: unknown }[]).map((op) => (typeof op.insert === 'string' ? op.insert : '')).join('');
  return node
    .toArray()
    .map((child) => (child instanceof Y.XmlElement || child instanceof Y.XmlText ? textOf(child) : ''))
    .join('');
}

/** The notes' headings in order (Tiptap's `heading` nodes, field `notes`) and the number of board pages. */
export function docOutline(doc: Y.Doc): DocOutline {
  const headings = doc
    .getXmlFragment('notes')
    .toArray()
    .filter((node): node is Y.XmlElement => node instanceof Y.XmlElement && node.nodeName === 'heading')
    .map((node) => textOf(node).trim())
    .filter(Boolean)
    .slice(0, MAX_HEADINGS);
  return { headings, pages: doc.getArray('pageOrder').length };
}
