import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import {
  addElement,
  addPage,
  type BoardElement,
  FIRST_PAGE,
  hitElements,
  ownUndoManager,
  pageElements,
  pageIds,
  removeElements,
  replaceElement,
} from '../../web/features/lesson-rooms/board/board-model';
import { pair } from './replica-pair';

const stroke = (id: string, by: string, points = [0, 0, 0.5, 100, 0, 0.5]): BoardElement => ({ id, type: 'pen', color: '#000', size: 4, points, by });
const ids = (doc: Y.Doc, page = FIRST_PAGE) =>
  pageElements(doc, page)
    .toArray()
    .map((e) => e.id);

describe('pages', () => {
  it('always has a first page, adds pages in order, and shows a page added twice once', () => {
    const doc = new Y.Doc();
    expect(pageIds(doc)).toEqual([FIRST_PAGE]);
    const second = addPage(doc, 'me');
    const third = addPage(doc, 'me');
    expect(pageIds(doc)).toEqual([FIRST_PAGE, second, third]);
    doc.getArray<string>('pageOrder').push([second]);
    expect(pageIds(doc)).toEqual([FIRST_PAGE, second, third]);
  });

  it('merges two people drawing offline on a fresh board into the same first page', () => {
    const a = new Y.Doc();
    const b = new Y.Doc();
    addElement(a, FIRST_PAGE, stroke('from-a', 'tutor'), 'a');
    addElement(b, FIRST_PAGE, stroke('from-b', 'student'), 'b');
    Y.applyUpdate(a, Y.encodeStateAsUpdate(b));
    Y.applyUpdate(b, Y.encodeStateAsUpdate(a));
    expect(pageIds(a)).toEqual([FIRST_PAGE]);
    expect(ids(a).sort()).toEqual(['from-a', 'from-b']);
    expect(ids(b)).toEqual(ids(a));
  });

  it('removes and replaces elements by id', () => {
    const doc = new Y.Doc();
    for (const id of ['one', 'two', 'three']) addElement(doc, FIRST_PAGE, stroke(id, 'me'), 'me');
    removeElements(doc, FIRST_PAGE, new Set(['one', 'three']), 'me');
    expect(ids(doc)).toEqual(['two']);
    replaceElement(doc, FIRST_PAGE, { ...stroke('two', 'me'), color: '#f00' }, 'me');
    expect(pageElements(doc, FIRST_PAGE).toArray()).toMatchObject([{ id: 'two', color: '#f00' }]);
  });
});

describe('undo per person', () => {
  it('takes back only my own changes, never what someone else drew', () => {
    const { a: tutorDoc, b: studentDoc } = pair();
    const tutor = {};
    const student = {};
    const tutorUndo = ownUndoManager(tutorDoc, tutor);
    const studentUndo = ownUndoManager(studentDoc, student);

    addElement(tutorDoc, FIRST_PAGE, stroke('tutor-1', 'tutor'), tutor);
    addElement(studentDoc, FIRST_PAGE, stroke('student-1', 'student'), student);
    addElement(tutorDoc, FIRST_PAGE, stroke('tutor-2', 'tutor'), tutor);
    expect(ids(studentDoc)).toEqual(['tutor-1', 'student-1', 'tutor-2']);

    studentUndo.manager.undo();
    expect(ids(tutorDoc)).toEqual(['tutor-1', 'tutor-2']);
    expect(studentUndo.manager.canUndo()).toBe(false);

    tutorUndo.manager.undo();
    expect(ids(studentDoc)).toEqual(['tutor-1']);
    tutorUndo.manager.redo();
    studentUndo.manager.redo();
    expect(ids(tutorDoc).sort()).toEqual(['student-1', 'tutor-1', 'tutor-2']);
  });

  it('undoes an erase as one step, and covers pages added after it started', () => {
    const doc = new Y.Doc();
    const me = {};
    const undo = ownUndoManager(doc, me);
    const page = addPage(doc, 'someone else');
    addElement(doc, page, stroke('a', 'me'), me);
    addElement(doc, page, stroke('b', 'me'), me);
    removeElements(doc, page, new Set(['a', 'b']), me);
    expect(ids(doc, page)).toEqual([]);
    undo.manager.undo();
    expect(ids(doc, page)).toEqual(['a', 'b']);
    undo.dispose();
  });
});

describe('eraser hits', () => {
  it('finds strokes, shapes and text near the pointer and nothing far away', () => {
    const elements: BoardElement[] = [
      stroke('stroke', 'me', [0, 0, 0.5, 100, 0, 0.5]),
      { id: 'rect', type: 'rect', color: '#000', size: 2, x1: 200, y1: 200, x2: 300, y2: 300, by: 'me' },
      { id: 'ellipse', type: 'ellipse', color: '#000', size: 2, x1: 400, y1: 0, x2: 500, y2: 100, by: 'me' },
      { id: 'text', type: 'text', color: '#000', x: 0, y: 500, fontSize: 20, text: 'hello', by: 'me' },
    ];
    expect(hitElements(elements, 50, 3, 4)).toEqual(['stroke']);
    expect(hitElements(elements, 200, 250, 4)).toEqual(['rect']);
    expect(hitElements(elements, 250, 250, 4)).toEqual([]);
    expect(hitElements(elements, 450, 0, 4)).toEqual(['ellipse']);
    expect(hitElements(elements, 20, 490, 4)).toEqual(['text']);
    expect(hitElements(elements, 1000, 1000, 4)).toEqual([]);
  });
});
