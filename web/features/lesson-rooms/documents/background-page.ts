import type * as Y from 'yjs';
import { addPage, type ImageElement, type PageBackgroundSource, pageElements } from '../board/board-model';

/**
 * Imports write with their own origin, which no one's undo tracks: Ctrl+Z takes back a person's ink, never a page
 * of the document that others may already be writing on.
 */
export const importOrigin = { import: true };

/**
 * Puts a picture under a page as its paper, in one update: onto `onto`, or a new page after the last. It goes first
 * on the page, so whatever is drawn (even concurrently) stays on top of it.
 */
export function addBackgroundPage(
  doc: Y.Doc,
  picture: { imageId: string; width: number; height: number; by: string; source: PageBackgroundSource },
  onto: string | null,
) {
  let pageId = onto ?? '';
  const paper: ImageElement = {
    id: crypto.randomUUID().slice(0, 12),
    type: 'image',
    imageId: picture.imageId,
    x: 0,
    y: 0,
    width: picture.width,
    height: picture.height,
    color: '#000000',
    by: picture.by,
    background: picture.source,
  };
  doc.transact(() => {
    pageId = onto ?? addPage(doc, importOrigin);
    pageElements(doc, pageId).insert(0, [paper]);
  }, importOrigin);
  return pageId;
}
