import * as Y from 'yjs';
import { elementBox } from './bounds';

export type PenKind = 'pen' | 'highlighter';
export type ShapeKind = 'line' | 'arrow' | 'rect' | 'ellipse';

interface ElementBase {
  id: string;
  color: string;
  /** who made it, so a tutor can see whose work is whose */
  by: string;
}
export interface StrokeElement extends ElementBase {
  type: PenKind;
  size: number;
  /** flat [x, y, pressure, x, y, pressure, …] in board units */
  points: number[];
}
export interface ShapeElement extends ElementBase {
  type: ShapeKind;
  size: number;
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}
export interface TextElement extends ElementBase {
  type: 'text';
  x: number;
  y: number;
  fontSize: number;
  text: string;
}
export interface ImageElement extends ElementBase {
  type: 'image';
  x: number;
  y: number;
  width: number;
  height: number;
  /** the id the lesson's image upload answered with */
  imageId: string;
  /** Set on a page's imported paper (a PDF page or a picture): first on its page, so behind the ink; never picked or erased. */
  background?: PageBackgroundSource;
}
/** Where a page's paper came from: page `page` of `pages` of the file `name` (`documentId` when it was a PDF kept in R2). */
export interface PageBackgroundSource {
  name: string;
  page: number;
  pages: number;
  documentId?: string;
}
/** Where a graph sits; what it plots is in `graphContents` under the same id (graph/graph-model.ts). */
export interface GraphElement extends ElementBase {
  type: 'graph';
  x: number;
  y: number;
  width: number;
  height: number;
}
export type BoardElement = StrokeElement | ShapeElement | TextElement | ImageElement | GraphElement;

/**
 * The board document. Pages are root-level arrays (`page:{id}`), so two people adding to a fresh board offline
 * write into the same first page instead of each creating one. `pageOrder` lists the pages after the first;
 * elements are plain JSON values, so a change is one insert or one delete and undo restores it whole.
 */
export const FIRST_PAGE = 'p1';

const orderOf = (doc: Y.Doc) => doc.getArray<string>('pageOrder');

export const pageElements = (doc: Y.Doc, pageId: string) => doc.getArray<BoardElement>(`page:${pageId}`);

/** Each graph's expressions, sliders and axes, by its element's id: nested maps that merge field by field. */
export const graphContents = (doc: Y.Doc) => doc.getMap<Y.Map<unknown>>('graphs');

/** Page ids in order; the first page always exists, and a page added twice by concurrent edits shows once. */
export function pageIds(doc: Y.Doc): string[] {
  const ids = [FIRST_PAGE];
  for (const id of orderOf(doc).toArray()) if (!ids.includes(id)) ids.push(id);
  return ids;
}

export function addPage(doc: Y.Doc, origin: unknown, id = crypto.randomUUID().slice(0, 8)) {
  doc.transact(() => {
    orderOf(doc).push([id]);
    pageElements(doc, id);
  }, origin);
  return id;
}

export function addElement(doc: Y.Doc, pageId: string, element: BoardElement, origin: unknown) {
  doc.transact(() => pageElements(doc, pageId).push([element]), origin);
}

export function removeElements(doc: Y.Doc, pageId: string, ids: ReadonlySet<string>, origin: unknown) {
  if (ids.size === 0) return;
  const elements = pageElements(doc, pageId);
  doc.transact(() => {
    for (let i = elements.length - 1; i >= 0; i--) if (ids.has(elements.get(i).id)) elements.delete(i, 1);
  }, origin);
}

export function replaceElement(doc: Y.Doc, pageId: string, element: BoardElement, origin: unknown) {
  const elements = pageElements(doc, pageId);
  doc.transact(() => {
    const index = elements.toArray().findIndex((e) => e.id === element.id);
    if (index >= 0) elements.delete(index, 1);
    elements.insert(index >= 0 ? index : elements.length, [element]);
  }, origin);
}

/** The element moved by (dx, dy) board units; a new value, since elements never change in place. */
export function translateElement<E extends BoardElement>(element: E, dx: number, dy: number): E {
  switch (element.type) {
    case 'pen':
    case 'highlighter':
      return { ...element, points: element.points.map((v, i) => (i % 3 === 0 ? v + dx : i % 3 === 1 ? v + dy : v)) };
    case 'line':
    case 'arrow':
    case 'rect':
    case 'ellipse':
      return { ...element, x1: element.x1 + dx, y1: element.y1 + dy, x2: element.x2 + dx, y2: element.y2 + dy };
    case 'text':
    case 'image':
    case 'graph':
      return { ...element, x: element.x + dx, y: element.y + dy };
  }
}

/**
 * Moves the elements with these ids in one transaction: each is replaced by its translated copy at the same index,
 * so stacking order is kept and one undo takes the whole move back. Ids no longer on the page are skipped.
 */
export function moveElements(doc: Y.Doc, pageId: string, ids: ReadonlySet<string>, dx: number, dy: number, origin: unknown) {
  if (ids.size === 0 || (dx === 0 && dy === 0)) return;
  const elements = pageElements(doc, pageId);
  doc.transact(() => {
    // A delete and an insert at the same index keep the length, so the indices read up front stay right.
    elements.toArray().forEach((element, index) => {
      if (!ids.has(element.id)) return;
      elements.delete(index, 1);
      elements.insert(index, [translateElement(element, dx, dy)]);
    });
  }, origin);
}

/**
 * Undo and redo of this person's own changes only: the manager tracks the origin this client writes with, so
 * undoing never takes back what someone else drew. Pages added later (by anyone) join its scope.
 */
export function ownUndoManager(doc: Y.Doc, origin: unknown) {
  const manager = new Y.UndoManager([orderOf(doc), graphContents(doc), ...pageIds(doc).map((id) => pageElements(doc, id))], {
    trackedOrigins: new Set([origin]),
    captureTimeout: 0,
  });
  const widen = () => {
    for (const id of pageIds(doc)) manager.addToScope(pageElements(doc, id));
  };
  orderOf(doc).observe(widen);
  return {
    manager,
    dispose() {
      orderOf(doc).unobserve(widen);
      manager.destroy();
    },
  };
}

export const isPageBackground = (element: BoardElement) => element.type === 'image' && element.background !== undefined;

/** Elements that a circle of `radius` around (x, y) touches; a page's paper is never one of them. */
export function hitElements(elements: readonly BoardElement[], x: number, y: number, radius: number): string[] {
  return elements.filter((element) => !isPageBackground(element) && touches(element, x, y, radius)).map((e) => e.id);
}

function touches(element: BoardElement, x: number, y: number, radius: number) {
  switch (element.type) {
    case 'pen':
    case 'highlighter': {
      const reach = radius + element.size / 2;
      const p = element.points;
      for (let i = 0; i + 2 < p.length; i += 3) {
        const next = i + 3 < p.length ? i + 3 : i;
        if (segmentDistance(x, y, p[i]!, p[i + 1]!, p[next]!, p[next + 1]!) <= reach) return true;
      }
      return false;
    }
    case 'line':
    case 'arrow':
      return segmentDistance(x, y, element.x1, element.y1, element.x2, element.y2) <= radius + element.size;
    case 'rect': {
      const [l, r, t, b] = [
        Math.min(element.x1, element.x2),
        Math.max(element.x1, element.x2),
        Math.min(element.y1, element.y2),
        Math.max(element.y1, element.y2),
      ];
      const edges: [number, number, number, number][] = [
        [l, t, r, t],
        [r, t, r, b],
        [r, b, l, b],
        [l, b, l, t],
      ];
      return edges.some(([ax, ay, bx, by]) => segmentDistance(x, y, ax, ay, bx, by) <= radius + element.size);
    }
    case 'ellipse': {
      const cx = (element.x1 + element.x2) / 2;
      const cy = (element.y1 + element.y2) / 2;
      const rx = Math.max(Math.abs(element.x2 - element.x1) / 2, 1);
      const ry = Math.max(Math.abs(element.y2 - element.y1) / 2, 1);
      const d = Math.hypot((x - cx) / rx, (y - cy) / ry);
      return Math.abs(d - 1) * Math.min(rx, ry) <= radius + element.size;
    }
    case 'image':
    case 'graph':
    case 'text': {
      const box = elementBox(element);
      return x >= box.x - radius && x <= box.x + box.width + radius && y >= box.y - radius && y <= box.y + box.height + radius;
    }
  }
}

function segmentDistance(px: number, py: number, ax: number, ay: number, bx: number, by: number) {
  const dx = bx - ax;
  const dy = by - ay;
  const lengthSquared = dx * dx + dy * dy;
  const t = lengthSquared === 0 ? 0 : Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / lengthSquared));
  return Math.hypot(px - (ax + t * dx), py - (ay + t * dy));
}
