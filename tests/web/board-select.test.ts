import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import {
  addElement,
  type BoardElement,
  FIRST_PAGE,
  moveElements,
  ownUndoManager,
  pageElements,
  translateElement,
} from '../../web/features/lesson-rooms/board/board-model';
import { boundsOf, elementBox } from '../../web/features/lesson-rooms/board/bounds';
import { boxBetween, elementsInBox, topmostAt } from '../../web/features/lesson-rooms/board/selection';
import { pair } from './replica-pair';

const stroke = (id: string, points: number[]): BoardElement => ({ id, type: 'pen', color: '#000', size: 4, points, by: 'me' });
const rect = (id: string, x1: number, y1: number, x2: number, y2: number): BoardElement => ({
  id,
  type: 'rect',
  color: '#000',
  size: 2,
  x1,
  y1,
  x2,
  y2,
  by: 'me',
});
const ellipse = (id: string, x1: number, y1: number, x2: number, y2: number): BoardElement => ({
  id,
  type: 'ellipse',
  color: '#000',
  size: 2,
  x1,
  y1,
  x2,
  y2,
  by: 'me',
});
const text = (id: string, x: number, y: number, value: string): BoardElement => ({
  id,
  type: 'text',
  color: '#000',
  x,
  y,
  fontSize: 20,
  text: value,
  by: 'me',
});
const image = (id: string, x: number, y: number): BoardElement => ({
  id,
  type: 'image',
  color: '#000',
  x,
  y,
  width: 100,
  height: 50,
  imageId: 'img',
  by: 'me',
});
const ids = (doc: Y.Doc) =>
  pageElements(doc, FIRST_PAGE)
    .toArray()
    .map((e) => e.id);

describe('clicking picks the topmost element', () => {
  const under = rect('under', 0, 0, 200, 200);
  const over = stroke('over', [0, 100, 0.5, 200, 100, 0.5]);

  it('prefers what was drawn last where two overlap, and finds a stroke by its path within the tolerance', () => {
    expect(topmostAt([under, over], 0, 100, 4)).toBe('over');
    expect(topmostAt([over, under], 0, 100, 4)).toBe('under');
    expect(topmostAt([under, over], 100, 105, 4)).toBe('over');
    expect(topmostAt([under, over], 100, 120, 4)).toBeNull();
  });

  it('finds text and images anywhere on them, and nothing on empty board', () => {
    const elements = [text('label', 300, 300, 'two\nlines'), image('photo', 500, 500)];
    expect(topmostAt(elements, 310, 325, 0)).toBe('label');
    expect(topmostAt(elements, 550, 525, 0)).toBe('photo');
    expect(topmostAt(elements, 450, 450, 4)).toBeNull();
  });
});

describe('box selection', () => {
  const elements = [
    stroke('curve', [0, 0, 0.5, 100, 0, 0.5, 100, 100, 0.5]),
    rect('frame', 200, 200, 400, 400),
    ellipse('ring', 500, 0, 700, 200),
    text('label', 0, 500, 'hello'),
  ];

  it('selects what the box contains or touches, whichever way it is dragged', () => {
    expect(elementsInBox(elements, boxBetween({ x: -10, y: -10 }, { x: 800, y: 800 })).sort()).toEqual(['curve', 'frame', 'label', 'ring']);
    expect(elementsInBox(elements, boxBetween({ x: 380, y: 380 }, { x: 150, y: 150 }))).toEqual(['frame']);
    expect(elementsInBox(elements, boxBetween({ x: 90, y: 40 }, { x: 110, y: 60 }))).toEqual(['curve']);
    expect(elementsInBox(elements, boxBetween({ x: 10, y: 480 }, { x: 20, y: 490 }))).toEqual(['label']);
  });

  it('skips outlines it sits inside without touching, and ink it only passes near', () => {
    expect(elementsInBox(elements, boxBetween({ x: 250, y: 250 }, { x: 350, y: 350 }))).toEqual([]);
    expect(elementsInBox(elements, boxBetween({ x: 580, y: 80 }, { x: 620, y: 120 }))).toEqual([]);
    expect(elementsInBox(elements, boxBetween({ x: 10, y: 20 }, { x: 80, y: 90 }))).toEqual([]);
  });
});

describe('bounds', () => {
  it('covers ink width and the longest line of text, and keeps a page margin', () => {
    expect(elementBox(rect('r', 100, 50, 0, 0))).toEqual({ x: -1, y: -1, width: 102, height: 52 });
    expect(elementBox(text('t', 0, 20, 'ab\nabcd'))).toMatchObject({ x: 0, y: 0, width: 4 * 20 * 0.6 });
    expect(boundsOf([])).toEqual({ x: 0, y: 0, width: 800, height: 600 });
    expect(boundsOf([image('i', 0, 0)])).toEqual({ x: -40, y: -40, width: 180, height: 130 });
  });
});

describe('moving', () => {
  it('translates every kind of element and nothing else about it', () => {
    expect(translateElement(stroke('s', [0, 0, 0.3, 10, 5, 0.7]), 5, -5)).toMatchObject({ points: [5, -5, 0.3, 15, 0, 0.7] });
    expect(translateElement(rect('r', 0, 0, 10, 10), 1, 2)).toMatchObject({ x1: 1, y1: 2, x2: 11, y2: 12, size: 2 });
    expect(translateElement(text('t', 3, 4, 'x'), -3, -4)).toMatchObject({ x: 0, y: 0, text: 'x' });
    expect(translateElement(image('i', 0, 0), 7, 8)).toMatchObject({ x: 7, y: 8, width: 100, height: 50 });
  });

  it('replaces each moved element at its own index, so the stacking order stays', () => {
    const doc = new Y.Doc();
    for (const id of ['a', 'b', 'c', 'd']) addElement(doc, FIRST_PAGE, rect(id, 0, 0, 10, 10), 'me');
    moveElements(doc, FIRST_PAGE, new Set(['b', 'd', 'gone']), 20, 30, 'me');
    expect(ids(doc)).toEqual(['a', 'b', 'c', 'd']);
    expect(
      pageElements(doc, FIRST_PAGE)
        .toArray()
        .map((e) => (e.type === 'rect' ? e.x1 : null)),
    ).toEqual([0, 20, 0, 20]);
  });

  it('is one undo step for the mover, seen by the other person, and leaves their own undo alone', () => {
    const { a: tutorDoc, b: studentDoc } = pair();
    const tutor = {};
    const tutorUndo = ownUndoManager(tutorDoc, tutor);
    const studentUndo = ownUndoManager(studentDoc, {});
    addElement(tutorDoc, FIRST_PAGE, rect('one', 0, 0, 10, 10), 'setup');
    addElement(tutorDoc, FIRST_PAGE, rect('two', 50, 50, 60, 60), 'setup');
    moveElements(tutorDoc, FIRST_PAGE, new Set(['one', 'two']), 100, 0, tutor);
    expect(pageElements(studentDoc, FIRST_PAGE).toJSON()).toMatchObject([
      { id: 'one', x1: 100 },
      { id: 'two', x1: 150 },
    ]);
    expect(studentUndo.manager.canUndo()).toBe(false);

    tutorUndo.manager.undo();
    expect(tutorUndo.manager.canUndo()).toBe(false);
    expect(pageElements(studentDoc, FIRST_PAGE).toJSON()).toMatchObject([
      { id: 'one', x1: 0 },
      { id: 'two', x1: 50 },
    ]);
    tutorUndo.manager.redo();
    expect(pageElements(studentDoc, FIRST_PAGE).toJSON()).toMatchObject([
      { id: 'one', x1: 100 },
      { id: 'two', x1: 150 },
    ]);
  });

  it('writes nothing for an empty selection or a move of zero', () => {
    const doc = new Y.Doc();
    addElement(doc, FIRST_PAGE, rect('a', 0, 0, 10, 10), 'me');
    const updates: Uint8Array[] = [];
    doc.on('update', (u: Uint8Array) => updates.push(u));
    moveElements(doc, FIRST_PAGE, new Set(), 5, 5, 'me');
    moveElements(doc, FIRST_PAGE, new Set(['a']), 0, 0, 'me');
    expect(updates).toHaveLength(0);
  });
});
