import { type BoardElement, hitElements, isPageBackground } from './board-model';
import { type Box, elementBox } from './bounds';

/** The element drawn last (so on top) that a circle of `radius` around (x, y) touches. */
export function topmostAt(elements: readonly BoardElement[], x: number, y: number, radius: number): string | null {
  return hitElements(elements, x, y, radius).at(-1) ?? null;
}

/** The box two corners span, whichever way the pointer went. */
export function boxBetween(a: { x: number; y: number }, b: { x: number; y: number }): Box {
  return { x: Math.min(a.x, b.x), y: Math.min(a.y, b.y), width: Math.abs(b.x - a.x), height: Math.abs(b.y - a.y) };
}

/**
 * Elements a selection box touches or contains. Ink is tested along its path, so a box drawn inside an empty
 * rectangle or beside a curved stroke does not pick it; text, images and graphs are solid, so any overlap does.
 */
export function elementsInBox(elements: readonly BoardElement[], box: Box): string[] {
  return elements.filter((element) => !isPageBackground(element) && boxTouches(element, box)).map((e) => e.id);
}

function boxTouches(element: BoardElement, box: Box) {
  if (element.type === 'text' || element.type === 'image' || element.type === 'graph') {
    const b = elementBox(element);
    return b.x <= box.x + box.width && b.x + b.width >= box.x && b.y <= box.y + box.height && b.y + b.height >= box.y;
  }
  const path = pathOf(element);
  if (path.length === 1) return segmentInBox(path[0]!, path[0]!, box);
  for (let i = 0; i + 1 < path.length; i++) if (segmentInBox(path[i]!, path[i + 1]!, box)) return true;
  return false;
}

type Point = [number, number];

/** An element's ink as a polyline; an ellipse is traced at enough points that no gap could miss a box. */
function pathOf(element: Exclude<BoardElement, { type: 'text' | 'image' | 'graph' }>): Point[] {
  switch (element.type) {
    case 'pen':
    case 'highlighter': {
      const points: Point[] = [];
      for (let i = 0; i + 2 < element.points.length; i += 3) points.push([element.points[i]!, element.points[i + 1]!]);
      return points;
    }
    case 'line':
    case 'arrow':
      return [
        [element.x1, element.y1],
        [element.x2, element.y2],
      ];
    case 'rect': {
      const { x1, y1, x2, y2 } = element;
      return [
        [x1, y1],
        [x2, y1],
        [x2, y2],
        [x1, y2],
        [x1, y1],
      ];
    }
    case 'ellipse': {
      const cx = (element.x1 + element.x2) / 2;
      const cy = (element.y1 + element.y2) / 2;
      const rx = Math.abs(element.x2 - element.x1) / 2;
      const ry = Math.abs(element.y2 - element.y1) / 2;
      return Array.from({ length: 65 }, (_, i): Point => [cx + rx * Math.cos((i / 64) * 2 * Math.PI), cy + ry * Math.sin((i / 64) * 2 * Math.PI)]);
    }
  }
}

/** Whether a segment has any point inside the box (Liang–Barsky clipping). */
function segmentInBox([ax, ay]: Point, [bx, by]: Point, box: Box) {
  const dx = bx - ax;
  const dy = by - ay;
  let t0 = 0;
  let t1 = 1;
  const edges: [number, number][] = [
    [-dx, ax - box.x],
    [dx, box.x + box.width - ax],
    [-dy, ay - box.y],
    [dy, box.y + box.height - ay],
  ];
  for (const [p, q] of edges) {
    if (p === 0) {
      if (q < 0) return false;
    } else {
      const t = q / p;
      if (p < 0) t0 = Math.max(t0, t);
      else t1 = Math.min(t1, t);
      if (t0 > t1) return false;
    }
  }
  return true;
}
