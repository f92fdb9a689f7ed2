import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { FIRST_PAGE, type GraphElement, moveElements, ownUndoManager, pageElements, removeElements } from '../../web/features/lesson-rooms/board/board-model';
import {
  addExpression,
  addGraph,
  lettersInUse,
  readGraph,
  removeExpression,
  removeSlider,
  setAxes,
  setExpressionColor,
  setExpressionText,
  setSliderRange,
  setSliderValue,
} from '../../web/features/lesson-rooms/graph/graph-model';
import { beginUndoStep } from '../../web/features/lesson-rooms/graph/undo-step';
import { pair } from './replica-pair';

const place = (id = 'g1', by = 'tutor'): GraphElement => ({ id, type: 'graph', x: 10, y: 20, width: 480, height: 360, color: '#000000', by });
const texts = (doc: Y.Doc, id = 'g1') => readGraph(doc, id)?.expressions.map((e) => e.text);
const slider = (doc: Y.Doc, name: string, id = 'g1') => readGraph(doc, id)?.sliders.find((s) => s.name === name);
const exprId = (doc: Y.Doc, index: number, id = 'g1') => readGraph(doc, id)!.expressions[index]!.id;

describe('a graph on the board', () => {
  it('places the element and its content in one step, with a slider for each letter its expression uses', () => {
    const doc = new Y.Doc();
    addGraph(doc, FIRST_PAGE, place(), 'me', 'y = a*x^2');
    expect(pageElements(doc, FIRST_PAGE).toArray()).toEqual([place()]);
    expect(readGraph(doc, 'g1')).toMatchObject({
      axes: { xMin: -5, xMax: 5, yMin: -5, yMax: 5, grid: true },
      expressions: [{ text: 'y = a*x^2', color: '#2563eb' }],
      sliders: [{ name: 'a', min: -5, max: 5, step: 0.1, value: 1 }],
    });
    expect(readGraph(doc, 'missing')).toBeNull();
  });

  it('adds, edits, recolours and removes expressions; refuses text that does not parse, with the reason', () => {
    const doc = new Y.Doc();
    addGraph(doc, FIRST_PAGE, place(), 'me');
    expect(addExpression(doc, 'g1', 'b*sin(x)', 'me')).toBeNull();
    expect(readGraph(doc, 'g1')!.expressions.map((e) => e.color)).toEqual(['#2563eb', '#dc2626']);
    expect(slider(doc, 'b')?.value).toBe(1);
    expect(addExpression(doc, 'g1', 'x +', 'me')).toBe('The expression ends too early: something is missing after “+”.');
    expect(setExpressionText(doc, 'g1', exprId(doc, 0), 'x^3', 'me')).toBeNull();
    expect(setExpressionText(doc, 'g1', exprId(doc, 0), '(x', 'me')).toBe('A “(” is never closed: add a “)”.');
    expect(texts(doc)).toEqual(['x^3', 'b*sin(x)']);
    setExpressionColor(doc, 'g1', exprId(doc, 1), '#16a34a', 'me');
    expect(readGraph(doc, 'g1')!.expressions[1]!.color).toBe('#16a34a');
    removeExpression(doc, 'g1', exprId(doc, 0), 'me');
    expect(texts(doc)).toEqual(['b*sin(x)']);
    expect([...lettersInUse(readGraph(doc, 'g1')!)]).toEqual(['b']);
  });

  it('keeps slider values inside their limits, and checks the limits and axes it is given', () => {
    const doc = new Y.Doc();
    addGraph(doc, FIRST_PAGE, place(), 'me', 'a*x');
    setSliderValue(doc, 'g1', 'a', 2.5, 'me');
    expect(slider(doc, 'a')?.value).toBe(2.5);
    setSliderValue(doc, 'g1', 'a', 99, 'me');
    expect(slider(doc, 'a')?.value).toBe(5);
    expect(setSliderRange(doc, 'g1', 'a', { min: 3, max: 1, step: 0.5 }, 'me')).toBe('The lowest value must be below the highest.');
    expect(setSliderRange(doc, 'g1', 'a', { min: 0, max: 1, step: 0 }, 'me')).toBe('The step must be more than 0.');
    expect(setSliderRange(doc, 'g1', 'a', { min: 0, max: 2, step: 0.5 }, 'me')).toBeNull();
    expect(slider(doc, 'a')).toMatchObject({ min: 0, max: 2, step: 0.5, value: 2 });
    const axes = readGraph(doc, 'g1')!.axes;
    expect(setAxes(doc, 'g1', { ...axes, xMin: 6 }, 'me')).toBe('The x axis must start below where it ends.');
    expect(setAxes(doc, 'g1', { ...axes, yMax: Number.NaN }, 'me')).toBe('Each axis needs a number at both ends.');
    expect(setAxes(doc, 'g1', { ...axes, xMax: 10, grid: false }, 'me')).toBeNull();
    expect(readGraph(doc, 'g1')!.axes).toEqual({ xMin: -5, xMax: 10, yMin: -5, yMax: 5, grid: false });
    addExpression(doc, 'g1', 'c', 'me');
    removeExpression(doc, 'g1', exprId(doc, 1), 'me');
    removeSlider(doc, 'g1', 'c', 'me');
    expect(readGraph(doc, 'g1')!.sliders.map((s) => s.name)).toEqual(['a']);
  });

  it('moves and erases like any element, keeping what it plots', () => {
    const doc = new Y.Doc();
    addGraph(doc, FIRST_PAGE, place(), 'me', 'x^2');
    moveElements(doc, FIRST_PAGE, new Set(['g1']), 5, -5, 'me');
    expect(pageElements(doc, FIRST_PAGE).get(0)).toMatchObject({ x: 15, y: 15 });
    removeElements(doc, FIRST_PAGE, new Set(['g1']), 'me');
    expect(pageElements(doc, FIRST_PAGE).length).toBe(0);
    expect(texts(doc)).toEqual(['x^2']);
  });
});

describe('two people editing one graph', () => {
  it('keeps both changes when Theo edits an expression while Sam moves a slider, offline from each other', () => {
    const theo = new Y.Doc();
    addGraph(theo, FIRST_PAGE, place(), 'theo', 'a*x^2');
    const sam = new Y.Doc();
    Y.applyUpdate(sam, Y.encodeStateAsUpdate(theo));

    setExpressionText(theo, 'g1', exprId(theo, 0), 'a*x^2 - 1', 'theo');
    setAxes(theo, 'g1', { ...readGraph(theo, 'g1')!.axes, xMax: 8 }, 'theo');
    setSliderValue(sam, 'g1', 'a', 2, 'sam');
    addExpression(sam, 'g1', 'x + 1', 'sam');
    setAxes(sam, 'g1', { ...readGraph(sam, 'g1')!.axes, yMin: -2 }, 'sam');

    Y.applyUpdate(theo, Y.encodeStateAsUpdate(sam));
    Y.applyUpdate(sam, Y.encodeStateAsUpdate(theo));
    for (const doc of [theo, sam]) {
      expect(texts(doc)).toEqual(['a*x^2 - 1', 'x + 1']);
      expect(slider(doc, 'a')?.value).toBe(2);
      expect(readGraph(doc, 'g1')!.axes).toMatchObject({ xMax: 8, yMin: -2 });
      expect(pageElements(doc, FIRST_PAGE).length).toBe(1);
    }
  });

  it('keeps both when the two edit different expressions, and one value when they edit the same', () => {
    const { a: theo, b: sam } = pair();
    addGraph(theo, FIRST_PAGE, place(), 'theo', 'x');
    addExpression(theo, 'g1', '2x', 'theo');
    const offline = new Y.Doc();
    Y.applyUpdate(offline, Y.encodeStateAsUpdate(sam));
    setExpressionText(theo, 'g1', exprId(theo, 0), 'x^2', 'theo');
    setExpressionText(offline, 'g1', exprId(offline, 1), 'x^3', 'sam');
    Y.applyUpdate(theo, Y.encodeStateAsUpdate(offline));
    expect(texts(theo)).toEqual(['x^2', 'x^3']);
    setExpressionText(offline, 'g1', exprId(offline, 0), 'sin(x)', 'sam');
    setExpressionText(theo, 'g1', exprId(theo, 0), 'cos(x)', 'theo');
    Y.applyUpdate(theo, Y.encodeStateAsUpdate(offline));
    Y.applyUpdate(offline, Y.encodeStateAsUpdate(theo));
    expect(texts(theo)).toHaveLength(2);
    expect(texts(offline)).toEqual(texts(theo));
  });
});

describe('undo per person on a graph', () => {
  it('takes back only my graph edits, never the other person’s', () => {
    const { a: theoDoc, b: samDoc } = pair();
    const theo = {};
    const sam = {};
    const theoUndo = ownUndoManager(theoDoc, theo);
    const samUndo = ownUndoManager(samDoc, sam);
    addGraph(theoDoc, FIRST_PAGE, place(), theo, 'a*x^2');
    setSliderValue(samDoc, 'g1', 'a', 3, sam);
    setExpressionText(theoDoc, 'g1', exprId(theoDoc, 0), 'a*x^2 + 1', theo);
    addExpression(samDoc, 'g1', 'x', sam);

    theoUndo.manager.undo();
    expect(texts(samDoc)).toEqual(['a*x^2', 'x']);
    expect(slider(samDoc, 'a')?.value).toBe(3);
    samUndo.manager.undo();
    expect(texts(theoDoc)).toEqual(['a*x^2']);
    samUndo.manager.undo();
    expect(slider(theoDoc, 'a')?.value).toBe(1);
    expect(samUndo.manager.canUndo()).toBe(false);
    theoUndo.manager.undo();
    expect(pageElements(samDoc, FIRST_PAGE).length).toBe(0);
    theoUndo.manager.redo();
    expect(pageElements(samDoc, FIRST_PAGE).length).toBe(1);
    theoUndo.dispose();
    samUndo.dispose();
  });

  it('keeps the slider an undone expression brought, with the value someone gave it', () => {
    const { a: theoDoc, b: samDoc } = pair();
    const theo = {};
    const theoUndo = ownUndoManager(theoDoc, theo);
    addGraph(theoDoc, FIRST_PAGE, place(), theo, 'x^2 - 2');
    setExpressionText(theoDoc, 'g1', exprId(theoDoc, 0), 'a*x^2', theo);
    setSliderValue(samDoc, 'g1', 'a', 2, {});
    theoUndo.manager.undo();
    expect(texts(samDoc)).toEqual(['x^2 - 2']);
    expect(slider(samDoc, 'a')?.value).toBe(2);
    theoUndo.manager.redo();
    expect(texts(samDoc)).toEqual(['a*x^2']);
    theoUndo.dispose();
  });

  it('takes back a whole slider drag in one step', () => {
    const doc = new Y.Doc();
    const me = {};
    const undo = ownUndoManager(doc, me);
    addGraph(doc, FIRST_PAGE, place(), me, 'a*x');
    const end = beginUndoStep(undo.manager);
    for (const value of [1.1, 1.5, 2, 2.4]) setSliderValue(doc, 'g1', 'a', value, me);
    end();
    setSliderValue(doc, 'g1', 'a', 3, me);
    expect(undo.manager.captureTimeout).toBe(0);
    undo.manager.undo();
    expect(slider(doc, 'a')?.value).toBe(2.4);
    undo.manager.undo();
    expect(slider(doc, 'a')?.value).toBe(1);
    undo.manager.undo();
    expect(readGraph(doc, 'g1')).toBeNull();
    undo.dispose();
  });
});
