import type { BoardElement } from './board-model';

const MARGIN = 40;

/** The area a page's elements cover, with a margin; a blank page is a blank sheet. */
export function boundsOf(elements: BoardElement[]) {
  const xs: number[] = [];
  const ys: number[] = [];
  for (const e of elements) {
    if ('points' in e) {
      for (let i = 0; i + 2 < e.points.length; i += 3) {
        xs.push(e.points[i]!);
        ys.push(e.points[i + 1]!);
      }
    } else if (e.type === 'text') {
      xs.push(e.x, e.x + e.text.length * e.fontSize * 0.6);
      ys.push(e.y - e.fontSize, e.y + e.fontSize * e.text.split('\n').length);
    } else if (e.type === 'image') {
      xs.push(e.x, e.x + e.width);
      ys.push(e.y, e.y + e.height);
    } else if ('x1' in e) {
      xs.push(e.x1, e.x2);
      ys.push(e.y1, e.y2);
    }
  }
  if (xs.length === 0) return { x: 0, y: 0, width: 800, height: 600 };
  const x = Math.min(...xs) - MARGIN;
  const y = Math.min(...ys) - MARGIN;
  return { x, y, width: Math.max(...xs) + MARGIN - x, height: Math.max(...ys) + MARGIN - y };
}
