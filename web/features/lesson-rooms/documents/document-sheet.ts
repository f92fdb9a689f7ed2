import { type BoardElement, isPageBackground } from '../board/board-model';
import { elementBox, unionBox } from '../board/bounds';
import { UNITS_PER_POINT } from './import-plan';

/**
 * The exported sheet of a page that has imported paper, in PDF points: the paper's own size, so a PDF page comes
 * back at the size and shape it was imported at. Ink that runs past the paper's edge widens the sheet rather than
 * being cut off. Null for a page without paper.
 */
export function documentSheet(elements: readonly BoardElement[]) {
  if (!elements.some(isPageBackground)) return null;
  const box = unionBox(elements.map(elementBox))!;
  return { box, width: box.width / UNITS_PER_POINT, height: box.height / UNITS_PER_POINT };
}
