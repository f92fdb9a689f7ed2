import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ControlRequest, type LessonControls, readLessonControls } from '../../schema/contracts/lesson-controls';
import type { BoardElement } from '../../web/features/lesson-rooms/board/board-model';
import { hitElements } from '../../web/features/lesson-rooms/board/board-model';
import { elementsInBox, topmostAt } from '../../web/features/lesson-rooms/board/selection';
import { ClassroomBar } from '../../web/features/lesson-rooms/controls/ClassroomBar';
import {
  controlsForMe,
  formatTimer,
  handQueue,
  isFreshGather,
  ordinal,
  timerElapsed,
  timerWords,
  touchableElements,
} from '../../web/features/lesson-rooms/controls/controls-logic';
import type { LessonControlsHandle } from '../../web/features/lesson-rooms/controls/use-lesson-controls';

afterEach(cleanup);

const rect = (id: string, x: number): BoardElement => ({ id, type: 'rect', color: '#000', size: 2, x1: x, y1: 0, x2: x + 100, y2: 100, by: 'me' });
const controls = (patch: Partial<LessonControls> = {}): LessonControls => ({ ...readLessonControls({}), ...patch });

describe('lock checks in the board gestures', () => {
  const elements = [rect('free', 0), rect('locked', 0)];
  const held = controlsForMe(controls({ lockedElements: ['locked'] }), 'p1', false).heldIds;

  it('keeps a locked element out of a student’s select, erase and selection box, and in the tutor’s', () => {
    const student = touchableElements(elements, held);
    // Both rectangles share an edge: the locked one is on top, yet a student's click picks the free one below it.
    expect(topmostAt(elements, 0, 50, 4)).toBe('locked');
    expect(topmostAt(student, 0, 50, 4)).toBe('free');
    expect(hitElements(student, 0, 50, 4)).toEqual(['free']);
    expect(elementsInBox(student, { x: -10, y: -10, width: 300, height: 300 })).toEqual(['free']);

    const tutor = touchableElements(elements, controlsForMe(controls({ lockedElements: ['locked'] }), 'p1', true).heldIds);
    expect(tutor.map((e) => e.id)).toEqual(['free', 'locked']);
  });

  it('holds a student on a locked page or a read-only board, never the tutor, and names the state', () => {
    expect(controlsForMe(controls({ lockedPages: ['p2'] }), 'p2', false)).toMatchObject({ pageHeld: true, pageLocked: true });
    expect(controlsForMe(controls({ lockedPages: ['p2'] }), 'p1', false)).toMatchObject({ pageHeld: false, pageLocked: false });
    expect(controlsForMe(controls({ readOnly: true }), 'p1', false).pageHeld).toBe(true);
    expect(controlsForMe(controls({ readOnly: true, lockedPages: ['p1'] }), 'p1', true).pageHeld).toBe(false);
    expect(controlsForMe(controls({ lead: { by: 't', name: 'Theo' } }), 'p1', false).led).toBe(true);
    expect(controlsForMe(controls({ lead: { by: 't', name: 'Theo' } }), 'p1', true).led).toBe(false);
  });
});

describe('the lesson timer', () => {
  it('computes the time from the stored start instant and what ran before a pause', () => {
    expect(timerElapsed({ running: false, startedAt: null, elapsedMs: 0 }, 5_000)).toBe(0);
    expect(timerElapsed({ running: true, startedAt: 10_000, elapsedMs: 0 }, 75_500)).toBe(65_500);
    expect(timerElapsed({ running: true, startedAt: 10_000, elapsedMs: 60_000 }, 70_000)).toBe(120_000);
    expect(timerElapsed({ running: false, startedAt: null, elapsedMs: 42_000 }, 999_999)).toBe(42_000);
    // A device whose clock is behind the room's never shows a negative run.
    expect(timerElapsed({ running: true, startedAt: 10_000, elapsedMs: 5_000 }, 9_000)).toBe(5_000);
  });

  it('reads like a stopwatch, and in words for screen readers', () => {
    expect(formatTimer(0)).toBe('0:00');
    expect(formatTimer(65_900)).toBe('1:05');
    expect(formatTimer(3_725_000)).toBe('1:02:05');
    expect(timerWords(0)).toBe('0 seconds');
    expect(timerWords(61_000)).toBe('1 minute 1 second');
    expect(timerWords(3_725_000)).toBe('1 hour 2 minutes 5 seconds');
  });
});

describe('the queue of raised hands', () => {
  const hands = [
    { userId: 'b', name: 'Maya', at: 2_000 },
    { userId: 'a', name: 'Sam', at: 1_000 },
    { userId: 'c', name: 'Ann', at: 2_000 },
  ];

  it('orders by the room’s clock, ties as the room listed them', () => {
    expect(handQueue(hands).map((h) => h.name)).toEqual(['Sam', 'Maya', 'Ann']);
    expect([1, 2, 3, 4, 11, 22].map(ordinal)).toEqual(['1st', '2nd', '3rd', '4th', '11th', '22nd']);
  });

  it('acts on a "bring everyone to my view" only while it is fresh', () => {
    const gather = { pageId: 'p2', view: { x: 0, y: 0, zoom: 1 }, at: 100_000, by: 't' };
    expect(isFreshGather(gather, 105_000)).toBe(true);
    expect(isFreshGather(gather, 200_000)).toBe(false);
    expect(isFreshGather(null, 0)).toBe(false);
  });
});

function bar(state: Partial<LessonControls>, opts: { leads: boolean; userId?: string; selection?: string[]; passive?: boolean }) {
  const send = vi.fn<(request: ControlRequest) => boolean>(() => true);
  const handle: LessonControlsHandle = { controls: controls(state), send, serverNow: () => 70_000 };
  render(
    <ClassroomBar
      handle={handle}
      leads={opts.leads}
      userId={opts.userId ?? 'me'}
      pageId="p1"
      pageNumber={1}
      camera={{ x: 5, y: 6, zoom: 2 }}
      selection={opts.selection ?? []}
      passive={opts.passive ?? false}
    />,
  );
  return send;
}

describe('the classroom bar', () => {
  const hands = [
    { userId: 'maya', name: 'Maya Lee', at: 2_000 },
    { userId: 'sam', name: 'Sam Student', at: 1_000 },
  ];

  it('shows the tutor the queue in order, and lowers one hand or all', () => {
    const send = bar({ hands }, { leads: true });
    const queue = screen.getByTestId('hand-queue');
    expect(
      within(queue)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['1. Sam StudentLower', '2. Maya LeeLower']);
    expect(screen.getByText('2 hands raised')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: "Lower Maya Lee's hand" }));
    fireEvent.click(screen.getByRole('button', { name: 'Lower all' }));
    expect(send.mock.calls.map(([request]) => request)).toEqual([{ type: 'lowerHands', userId: 'maya' }, { type: 'lowerHands' }]);
  });

  it('gives the tutor the controls menu, keyboard first, with the selection and the view', async () => {
    const send = bar({}, { leads: true, selection: ['e1', 'e2'] });
    const menu = screen.getByRole('button', { name: 'Class controls' });
    fireEvent.keyDown(menu, { key: 'Enter' });
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Lead: students follow my page' }));
    fireEvent.keyDown(screen.getByRole('button', { name: 'Class controls' }), { key: 'Enter' });
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Lock the 2 selected items' }));
    fireEvent.keyDown(screen.getByRole('button', { name: 'Class controls' }), { key: 'Enter' });
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Bring everyone to my view' }));
    fireEvent.click(screen.getByRole('button', { name: 'Start the timer' }));
    expect(send.mock.calls.map(([request]) => request)).toEqual([
      { type: 'lead', on: true },
      { type: 'lockElements', ids: ['e1', 'e2'], locked: true },
      { type: 'gather', pageId: 'p1', view: { x: 5, y: 6, zoom: 2 } },
      { type: 'timer', action: 'start' },
    ]);
  });

  it('tells a student in words what the controls do, shows the shared time and their place in the queue', () => {
    const send = bar(
      {
        lead: { by: 't', name: 'Theo' },
        lockedPages: ['p1'],
        timer: { running: true, startedAt: 10_000, elapsedMs: 0 },
        hands,
      },
      { leads: false, userId: 'maya' },
    );
    expect(screen.getByText("Theo is leading: you follow the tutor's page.")).toBeTruthy();
    expect(screen.getByText('This page is locked by your tutor.')).toBeTruthy();
    expect(screen.getByRole('timer').textContent).toBe('1:00');
    expect(screen.getByRole('timer').getAttribute('aria-label')).toBe('Lesson timer: 1 minute');
    expect(screen.getByText('Your hand is up: you are 2nd in the queue.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Class controls' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Lower hand' }));
    expect(send).toHaveBeenCalledWith({ type: 'hand', raised: false });
  });

  it('offers nothing to send after the lesson or to someone who only watches, and hides an idle timer from students', () => {
    bar({ timer: { running: false, startedAt: null, elapsedMs: 0 } }, { leads: false, passive: true });
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.queryByRole('timer')).toBeNull();
  });
});
