import type { BoardElement } from './board-model';

const MARGIN = 40;

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The rectangle an element covers on the board, ink width included. Text width is estimated from its longest line. */
export function elementBox(e: BoardElement): Box {
  switch (e.type) {
    case 'pen':
    case 'highlighter': {
      let [minX, minY, maxX, maxY] = [Infinity, Infinity, -Infinity, -Infinity];
      for (let i = 0; i + 2 < e.points.length; i += 3) {
        minX = Math.min(minX, e.points[i]!);
        maxX = Math.max(maxX, e.points[i]!);
        minY = Math.min(minY, e.points[i + 1]!);
        maxY = Math.max(maxY, e.points[i + 1]!);
      }
      if (minX > maxX) return { x: 0, y: 0, width: 0, height: 0 };
      return pad({ x: minX, y: minY, width: maxX - minX, height: maxY - minY }, e.size / 2);
    }
    case 'line':
    case 'arrow':
    case 'rect':
    case 'ellipse': {
      const x = Math.min(e.x1, e.x2);
      const y = Math.min(e.y1, e.y2);
      return pad({ x, y, width: Math.abs(e.x2 - e.x1), height: Math.abs(e.y2 - e.y1) }, e.size / 2);
    }
    case 'text': {
      const lines = e.text.split('\n');
      const longest = Math.max(...lines.map((line) => line.length));
      return { x: e.x, y: e.y - e.fontSize, width: longest * e.fontSize * 0.6, height: e.fontSize * (1 + (lines.length - 1) * 1.25) + e.fontSize * 0.25 };
    }
    case 'image':
    case 'graph':
      return { x: e.x, y: e.y, width: e.width, height: e.height };
  }
}

export function pad(box: Box, by: number): Box {
  return { x: box.x - by, y: box.y - by, width: box.width + 2 * by, height: box.height + 2 * by };
}

/** The smallest box around all the given boxes, or null for none. */
export function unionBox(boxes: readonly Box[]): Box | null {
  if (boxes.length === 0) return null;
  const x = Math.min(...boxes.map((b) => b.x));
  const y = Math.min(...boxes.map((b) => b.y));
  return { x, y, width: Math.max(...boxes.map((b) => b.x + b.width)) - x, height: Math.max(...boxes.map((b) => b.y + b.height)) - y };
}

/** The area a page's elements cover, with a margin; a blank page is a blank sheet. */
export function boundsOf(elements: BoardElement[]) {
  const all = unionBox(elements.map(elementBox));
  return all ? pad(all, MARGIN) : { x: 0, y: 0, width: 800, height: 600 };
}
