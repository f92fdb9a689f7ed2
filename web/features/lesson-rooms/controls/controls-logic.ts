import type { LessonControls, LessonTimer, RaisedHand } from '../../../../schema/contracts/lesson-controls';
import type { BoardElement } from '../board/board-model';

/**
 * What the tutor's controls mean for one person. Leaders (tutors, editing admins) are never held by them; the room's
 * Durable Object takes back a student's change that breaks them, so these checks keep a student from making one.
 */
export interface ControlsForMe {
  /** Students follow the leader who turned lead mode on, and cannot wander off. */
  led: boolean;
  /** This person cannot draw, move or erase on this page. */
  pageHeld: boolean;
  /** Elements this person cannot move, change or erase (empty for leaders). */
  heldIds: ReadonlySet<string>;
  /** Every locked element, so everyone sees the lock icon. */
  lockedIds: ReadonlySet<string>;
  pageLocked: boolean;
  boardReadOnly: boolean;
}

export function controlsForMe(controls: LessonControls, pageId: string, leads: boolean): ControlsForMe {
  const lockedIds = new Set(controls.lockedElements);
  const pageLocked = controls.lockedPages.includes(pageId);
  return {
    led: controls.lead !== null && !leads,
    pageHeld: !leads && (controls.readOnly || pageLocked),
    heldIds: leads ? new Set() : lockedIds,
    lockedIds,
    pageLocked,
    boardReadOnly: controls.readOnly,
  };
}

/** The elements a gesture (select, erase, move, delete) may pick: locked ones are out of reach for the held. */
export const touchableElements = (elements: readonly BoardElement[], held: ReadonlySet<string>) =>
  held.size === 0 ? elements : elements.filter((element) => !held.has(element.id));

/** Milliseconds on the lesson timer at `now` (the object's clock): never a shared ticking counter. */
export function timerElapsed(timer: LessonTimer, now: number) {
  if (!timer.running || timer.startedAt === null) return timer.elapsedMs;
  return timer.elapsedMs + Math.max(0, now - timer.startedAt);
}

/** `4:05`, or `1:02:05` from an hour, as a stopwatch reads. */
export function formatTimer(ms: number) {
  const total = Math.floor(ms / 1000);
  const [h, m, s] = [Math.floor(total / 3600), Math.floor((total % 3600) / 60), total % 60];
  const pad = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${m}:${pad(s)}`;
}

/** The same time in words for screen readers: "4 minutes 5 seconds". */
export function timerWords(ms: number) {
  const total = Math.floor(ms / 1000);
  const parts: [number, string][] = [
    [Math.floor(total / 3600), 'hour'],
    [Math.floor((total % 3600) / 60), 'minute'],
    [total % 60, 'second'],
  ];
  const words = parts.filter(([n]) => n > 0).map(([n, unit]) => `${n} ${unit}${n === 1 ? '' : 's'}`);
  return words.length > 0 ? words.join(' ') : '0 seconds';
}

/** Raised hands first come, first served: by the object's clock, then as it listed them. */
export const handQueue = (hands: readonly RaisedHand[]) =>
  hands
    .map((hand, index) => ({ hand, index }))
    .sort((a, b) => a.hand.at - b.hand.at || a.index - b.index)
    .map(({ hand }) => hand);

/** "1st", "2nd", "3rd", "11th", … for "you are 2nd in the queue". */
export function ordinal(n: number) {
  const rules = new Intl.PluralRules('en-GB', { type: 'ordinal' });
  const suffix = { one: 'st', two: 'nd', few: 'rd', other: 'th', zero: 'th', many: 'th' }[rules.select(n)];
  return `${n}${suffix}`;
}

/** A "bring everyone to my view" this recent is acted on; an older one (read on reconnect) is history. */
export const GATHER_FRESH_MS = 15_000;

export const isFreshGather = (gather: LessonControls['gather'], now: number) => gather !== null && now - gather.at <= GATHER_FRESH_MS;
