import * as Y from 'yjs';
import { type GraphElement, graphContents, pageElements } from '../board/board-model';
import { inks } from '../board/tools';
import { isSliderName, parseExpression } from './expression';

/**
 * A graph's content lives in the board document's root map `graphs`, one Y.Map per graph, keyed by the id of the
 * board element that places it on a page. Each field merges on its own: Theo editing one expression while Sam
 * drags a slider, or changes another expression's colour, or an axis, keeps both changes (a graph stored whole as
 * one element value would lose one of them, or show two graphs). The element on the page holds only where it is,
 * so moving it, erasing it and undo work as for any other element.
 */
export interface GraphAxes {
  xMin: number;
  xMax: number;
  yMin: number;
  yMax: number;
  grid: boolean;
}
export interface GraphExpression {
  id: string;
  text: string;
  color: string;
}
export interface GraphSlider {
  name: string;
  min: number;
  max: number;
  step: number;
  value: number;
}
export interface GraphState {
  axes: GraphAxes;
  expressions: GraphExpression[];
  sliders: GraphSlider[];
}

export const DEFAULT_AXES: GraphAxes = { xMin: -5, xMax: 5, yMin: -5, yMax: 5, grid: true };
export const FIRST_EXPRESSION = 'x^2 - 2';
const NEW_SLIDER = { min: -5, max: 5, step: 0.1, value: 1 };
/** Curve colours: the board's inks after black, which the axes use. */
export const curveInks = [...inks.slice(1), inks[0]!];

type GraphMap = Y.Map<unknown>;

const graphOf = (doc: Y.Doc, graphId: string) => graphContents(doc).get(graphId);
const expressionsOf = (graph: GraphMap) => graph.get('expressions') as Y.Array<Y.Map<string>>;
const slidersOf = (graph: GraphMap) => graph.get('sliders') as Y.Map<Y.Map<number>>;

const newId = () => crypto.randomUUID().slice(0, 8);

function expressionMap(text: string, color: string) {
  return new Y.Map<string>([
    ['id', newId()],
    ['text', text],
    ['color', color],
  ]);
}

/**
 * Sliders made for an edited expression are written with an origin nobody's undo tracks: Theo's Ctrl+Z takes back
 * his text, not the slider, which Sam may be moving by then (and whose value would go with it).
 */
const SLIDER_ORIGIN = { sliders: 'made for an expression' };

/** Sliders for the letters an expression uses that have none yet, so `a*x^2` comes with a slider for a. */
function addMissingSliders(graph: GraphMap, text: string) {
  const parsed = parseExpression(text);
  if (!parsed.ok) return;
  const sliders = slidersOf(graph);
  for (const name of parsed.variables) if (isSliderName(name) && !sliders.has(name)) sliders.set(name, new Y.Map<number>(Object.entries(NEW_SLIDER)));
}

/** Places a graph on the page with its content, in one transaction, so one undo takes both away. */
export function addGraph(doc: Y.Doc, pageId: string, element: GraphElement, origin: unknown, expression = FIRST_EXPRESSION) {
  doc.transact(() => {
    const graph = new Y.Map<unknown>(Object.entries(DEFAULT_AXES));
    graphContents(doc).set(element.id, graph);
    graph.set('expressions', Y.Array.from([expressionMap(expression, curveInks[0]!.color)]));
    graph.set('sliders', new Y.Map());
    addMissingSliders(graph, expression);
    pageElements(doc, pageId).push([element]);
  }, origin);
}

export function readGraph(doc: Y.Doc, graphId: string): GraphState | null {
  const graph = graphOf(doc, graphId);
  if (!graph) return null;
  const axes = { ...DEFAULT_AXES };
  for (const key of ['xMin', 'xMax', 'yMin', 'yMax'] as const) axes[key] = Number(graph.get(key) ?? DEFAULT_AXES[key]);
  axes.grid = graph.get('grid') !== false;
  const expressions = expressionsOf(graph)
    .toArray()
    .map((e) => ({ id: e.get('id') ?? '', text: e.get('text') ?? '', color: e.get('color') ?? curveInks[0]!.color }));
  const sliders = [...slidersOf(graph).entries()]
    .map(([name, s]) => ({
      name,
      min: s.get('min') ?? NEW_SLIDER.min,
      max: s.get('max') ?? NEW_SLIDER.max,
      step: s.get('step') ?? NEW_SLIDER.step,
      value: s.get('value') ?? NEW_SLIDER.value,
    }))
    .sort((a, b) => a.name.localeCompare(b.name));
  return { axes, expressions, sliders };
}

/** Runs `change` on the graph in one transaction with this person's origin; a graph someone removed is left alone. */
function change(doc: Y.Doc, graphId: string, origin: unknown, fn: (graph: GraphMap) => void) {
  const graph = graphOf(doc, graphId);
  if (graph) doc.transact(() => fn(graph), origin);
}

const findExpression = (graph: GraphMap, expressionId: string) =>
  expressionsOf(graph)
    .toArray()
    .find((e) => e.get('id') === expressionId);

/** Stores an expression's text if it parses (with sliders for its new letters); otherwise answers why it does not. */
export function setExpressionText(doc: Y.Doc, graphId: string, expressionId: string, text: string, origin: unknown): string | null {
  const parsed = parseExpression(text);
  if (!parsed.ok) return parsed.message;
  change(doc, graphId, SLIDER_ORIGIN, (graph) => addMissingSliders(graph, text));
  change(doc, graphId, origin, (graph) => {
    const expression = findExpression(graph, expressionId);
    if (expression && expression.get('text') !== text) expression.set('text', text);
  });
  return null;
}

export function setExpressionColor(doc: Y.Doc, graphId: string, expressionId: string, color: string, origin: unknown) {
  change(doc, graphId, origin, (graph) => findExpression(graph, expressionId)?.set('color', color));
}

/** Adds an expression in the first colour no other curve uses; answers why not when the text does not parse. */
export function addExpression(doc: Y.Doc, graphId: string, text: string, origin: unknown): string | null {
  const parsed = parseExpression(text);
  if (!parsed.ok) return parsed.message;
  change(doc, graphId, SLIDER_ORIGIN, (graph) => addMissingSliders(graph, text));
  change(doc, graphId, origin, (graph) => {
    const used = new Set(expressionsOf(graph).map((e) => e.get('color')));
    const color = (curveInks.find((ink) => !used.has(ink.color)) ?? curveInks[used.size % curveInks.length]!).color;
    expressionsOf(graph).push([expressionMap(text, color)]);
  });
  return null;
}

export function removeExpression(doc: Y.Doc, graphId: string, expressionId: string, origin: unknown) {
  change(doc, graphId, origin, (graph) => {
    const expressions = expressionsOf(graph);
    const index = expressions.toArray().findIndex((e) => e.get('id') === expressionId);
    if (index >= 0) expressions.delete(index, 1);
  });
}

/** A slider's new value, kept inside its range. */
export function setSliderValue(doc: Y.Doc, graphId: string, name: string, value: number, origin: unknown) {
  change(doc, graphId, origin, (graph) => {
    const slider = slidersOf(graph).get(name);
    if (!slider || !Number.isFinite(value)) return;
    const clamped = Math.min(slider.get('max') ?? value, Math.max(slider.get('min') ?? value, value));
    if (slider.get('value') !== clamped) slider.set('value', clamped);
  });
}

/** Why a slider's limits cannot be used, or null. */
export function sliderRangeProblem({ min, max, step }: Pick<GraphSlider, 'min' | 'max' | 'step'>): string | null {
  if (![min, max, step].every(Number.isFinite)) return 'The lowest, highest and step must all be numbers.';
  if (min >= max) return 'The lowest value must be below the highest.';
  if (step <= 0) return 'The step must be more than 0.';
  if (step > max - min) return 'The step must fit between the lowest and highest values.';
  return null;
}

/** Sets a slider's limits (answering why not when they do not make a range), its value moved inside them. */
export function setSliderRange(doc: Y.Doc, graphId: string, name: string, range: Pick<GraphSlider, 'min' | 'max' | 'step'>, origin: unknown): string | null {
  const problem = sliderRangeProblem(range);
  if (problem) return problem;
  change(doc, graphId, origin, (graph) => {
    const slider = slidersOf(graph).get(name);
    if (!slider) return;
    for (const key of ['min', 'max', 'step'] as const) if (slider.get(key) !== range[key]) slider.set(key, range[key]);
    const value = slider.get('value') ?? NEW_SLIDER.value;
    const clamped = Math.min(range.max, Math.max(range.min, value));
    if (clamped !== value) slider.set('value', clamped);
  });
  return null;
}

export function removeSlider(doc: Y.Doc, graphId: string, name: string, origin: unknown) {
  change(doc, graphId, origin, (graph) => slidersOf(graph).delete(name));
}

/** Why these axes cannot be drawn, or null. */
export function axesProblem(axes: GraphAxes): string | null {
  if (![axes.xMin, axes.xMax, axes.yMin, axes.yMax].every(Number.isFinite)) return 'Each axis needs a number at both ends.';
  if (axes.xMin >= axes.xMax) return 'The x axis must start below where it ends.';
  if (axes.yMin >= axes.yMax) return 'The y axis must start below where it ends.';
  return null;
}

/** Changes only the axis fields that differ, so someone else's change to another field is kept. */
export function setAxes(doc: Y.Doc, graphId: string, axes: GraphAxes, origin: unknown): string | null {
  const problem = axesProblem(axes);
  if (problem) return problem;
  change(doc, graphId, origin, (graph) => {
    for (const key of ['xMin', 'xMax', 'yMin', 'yMax', 'grid'] as const) if (graph.get(key) !== axes[key]) graph.set(key, axes[key]);
  });
  return null;
}

/** Letters the graph's expressions use: a slider still in use is not offered for removal. */
export function lettersInUse(state: GraphState) {
  const used = new Set<string>();
  for (const expression of state.expressions) {
    const parsed = parseExpression(expression.text);
    if (parsed.ok) for (const name of parsed.variables) used.add(name);
  }
  return used;
}
