import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { FIRST_PAGE, type GraphElement, ownUndoManager } from '../../web/features/lesson-rooms/board/board-model';
import { GraphPanel } from '../../web/features/lesson-rooms/graph/GraphPanel';
import { addGraph, readGraph, setSliderValue } from '../../web/features/lesson-rooms/graph/graph-model';

afterEach(cleanup);

const place: GraphElement = { id: 'g1', type: 'graph', x: 0, y: 0, width: 480, height: 360, color: '#000000', by: 'tutor' };

function renderPanel({ readOnly = false, graphs = [place] }: { readOnly?: boolean; graphs?: GraphElement[] } = {}) {
  const doc = new Y.Doc();
  const me = {};
  if (graphs.length) addGraph(doc, FIRST_PAGE, place, 'someone', 'y = a*x^2');
  const undo = ownUndoManager(doc, me);
  render(
    <GraphPanel
      doc={doc}
      origin={me}
      graphs={graphs}
      graphId="g1"
      onPick={() => undefined}
      onAdd={() => undefined}
      onClose={() => undefined}
      readOnly={readOnly}
      undo={undo.manager}
    />,
  );
  return { doc, undo };
}

const enter = (field: HTMLElement, value: string) => {
  fireEvent.change(field, { target: { value } });
  fireEvent.keyDown(field, { key: 'Enter' });
};

describe('the graph panel', () => {
  it('edits expressions, says why one does not parse, and adds a slider for a new letter', () => {
    const { doc } = renderPanel();
    const first = screen.getByRole('textbox', { name: 'Expression 1' });
    expect(first).toHaveValue('y = a*x^2');
    enter(first, 'a*x^2 + (');
    expect(screen.getByRole('alert')).toHaveTextContent(
      'The expression ends too early: something is missing after “(”. The others still see the last version that worked.',
    );
    expect(first).toHaveAttribute('aria-invalid', 'true');
    expect(readGraph(doc, 'g1')!.expressions[0]!.text).toBe('y = a*x^2');
    enter(first, 'a*x^2 + b');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('slider', { name: 'Slider b' })).toBeInTheDocument();
    enter(screen.getByRole('textbox', { name: 'New expression' }), 'sin(x)');
    expect(readGraph(doc, 'g1')!.expressions.map((e) => e.text)).toEqual(['a*x^2 + b', 'sin(x)']);
    expect(screen.getByRole('textbox', { name: 'New expression' })).toHaveValue('');
  });

  it('shows a slider someone else moves, and checks limits and axes with a sentence', () => {
    const { doc } = renderPanel();
    act(() => setSliderValue(doc, 'g1', 'a', 3, 'someone'));
    expect(screen.getByTestId('slider-a-value')).toHaveTextContent('3');
    const lowest = screen.getByRole('spinbutton', { name: 'Lowest value of a' });
    fireEvent.change(lowest, { target: { value: '9' } });
    fireEvent.blur(lowest);
    expect(screen.getByRole('alert')).toHaveTextContent('The lowest value must be below the highest.');
    const xTo = screen.getByRole('spinbutton', { name: 'x to' });
    enter(xTo, '-8');
    expect(screen.getAllByRole('alert').at(-1)).toHaveTextContent('The x axis must start below where it ends.');
    enter(xTo, '12');
    expect(readGraph(doc, 'g1')!.axes.xMax).toBe(12);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Show the grid' }));
    expect(readGraph(doc, 'g1')!.axes.grid).toBe(false);
  });

  it('keeps a typed axis end or slider limit as a draft until Enter or leaving the field, and Escape drops it', () => {
    const { doc } = renderPanel();
    const before = readGraph(doc, 'g1')!;
    const xFrom = screen.getByRole('spinbutton', { name: 'x from' });
    const step = screen.getByRole('spinbutton', { name: 'Step value of a' });
    for (const field of [xFrom, step]) {
      const shown = (field as HTMLInputElement).value;
      fireEvent.change(field, { target: { value: '0.5' } });
      expect(field).toHaveValue(0.5);
      fireEvent.keyDown(field, { key: 'Escape' });
      expect((field as HTMLInputElement).value).toBe(shown);
      // Leaving a field nobody typed in writes nothing.
      fireEvent.blur(field);
    }
    expect(readGraph(doc, 'g1')).toEqual(before);

    fireEvent.change(xFrom, { target: { value: '-20' } });
    fireEvent.blur(xFrom);
    fireEvent.change(step, { target: { value: '0.5' } });
    fireEvent.blur(step);
    expect(readGraph(doc, 'g1')!.axes.xMin).toBe(-20);
    expect(readGraph(doc, 'g1')!.sliders[0]!.step).toBe(0.5);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('takes back a slider drag in one undo step', () => {
    const { doc, undo } = renderPanel();
    const slider = screen.getByRole('slider', { name: 'Slider a' });
    fireEvent.pointerDown(slider);
    for (const value of ['1.5', '2', '2.5']) fireEvent.change(slider, { target: { value } });
    fireEvent.pointerUp(slider);
    expect(readGraph(doc, 'g1')!.sliders[0]!.value).toBe(2.5);
    undo.manager.undo();
    expect(readGraph(doc, 'g1')!.sliders[0]!.value).toBe(1);
    expect(undo.manager.canUndo()).toBe(false);
  });

  it('lets a read-only seat look but not change, and says when the page has no graph', () => {
    renderPanel({ readOnly: true });
    expect(screen.getByRole('textbox', { name: 'Expression 1' })).toBeDisabled();
    expect(screen.getByRole('slider', { name: 'Slider a' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Add a graph' })).toBeNull();
    cleanup();
    renderPanel({ graphs: [] });
    expect(screen.getByText('There is no graph on this page yet. Add one and everyone here can change it with you.')).toBeInTheDocument();
  });
});
