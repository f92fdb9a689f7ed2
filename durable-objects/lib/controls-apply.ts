import type * as Y from 'yjs';
import {
  CONTROLS_MAP,
  type ControlRequest,
  type LessonControls,
  MAX_LOCKED_ELEMENTS,
  MAX_LOCKED_PAGES,
  readLessonControls,
} from '../../schema/contracts/lesson-controls';

/** Who sent a control frame, as the Worker told the room on connect. */
export interface ControlActor {
  userId: string;
  name: string;
  leads: boolean;
}

export type ControlOutcome = { refused: string } | { applied: true; handRaised: boolean };

/** What the object writes its control changes with, so the room's other listeners can tell them apart. */
export const CONTROL_ORIGIN = { controls: true } as const;

export const TUTOR_ONLY = "Only the lesson's tutor can change that.";

export const readControls = (doc: Y.Doc): LessonControls => readLessonControls(doc.getMap(CONTROLS_MAP).toJSON());

/** Writes only a value that differs, so a repeated click adds nothing to the document or its history. */
function setIfChanged(map: Y.Map<unknown>, key: string, value: unknown) {
  if (JSON.stringify(map.get(key) ?? null) !== JSON.stringify(value)) map.set(key, value);
}

const toggled = (list: readonly string[], ids: readonly string[], on: boolean) =>
  on ? [...new Set([...list, ...ids])] : list.filter((id) => !ids.includes(id));

/**
 * Applies one control request to the board document on the sender's behalf, in one transaction. A student may only
 * raise or lower their own hand; the order of hands is the order the object received them, stamped with its clock.
 */
export function applyControl(doc: Y.Doc, request: ControlRequest, actor: ControlActor, now: number): ControlOutcome {
  if (request.type !== 'hand' && !actor.leads) return { refused: TUTOR_ONLY };
  const map = doc.getMap<unknown>(CONTROLS_MAP);
  const controls = readControls(doc);
  let handRaised = false;
  let refused: string | null = null;
  doc.transact(() => {
    switch (request.type) {
      case 'lead':
        if (request.on) setIfChanged(map, 'lead', { by: actor.userId, name: actor.name });
        else if (map.has('lead')) map.delete('lead');
        return;
      case 'readOnly':
        setIfChanged(map, 'readOnly', request.on);
        return;
      case 'lockPage': {
        const pages = toggled(controls.lockedPages, [request.pageId], request.locked);
        if (pages.length > MAX_LOCKED_PAGES) refused = `At most ${MAX_LOCKED_PAGES} pages can be locked at once.`;
        else setIfChanged(map, 'lockedPages', pages);
        return;
      }
      case 'lockElements': {
        const ids = toggled(controls.lockedElements, request.ids, request.locked);
        if (ids.length > MAX_LOCKED_ELEMENTS) refused = `At most ${MAX_LOCKED_ELEMENTS} items can be locked at once. Lock the page instead.`;
        else setIfChanged(map, 'lockedElements', ids);
        return;
      }
      case 'timer': {
        const timer = controls.timer;
        if (request.action === 'start' && !timer.running) setIfChanged(map, 'timer', { running: true, startedAt: now, elapsedMs: timer.elapsedMs });
        if (request.action === 'pause' && timer.running)
          setIfChanged(map, 'timer', { running: false, startedAt: null, elapsedMs: timer.elapsedMs + Math.max(0, now - (timer.startedAt ?? now)) });
        if (request.action === 'reset') setIfChanged(map, 'timer', { running: false, startedAt: null, elapsedMs: 0 });
        return;
      }
      case 'hand': {
        const mine = controls.hands.some((hand) => hand.userId === actor.userId);
        if (request.raised && !mine) {
          setIfChanged(map, 'hands', [...controls.hands, { userId: actor.userId, name: actor.name, at: now }]);
          handRaised = true;
        }
        if (!request.raised && mine)
          setIfChanged(
            map,
            'hands',
            controls.hands.filter((hand) => hand.userId !== actor.userId),
          );
        return;
      }
      case 'lowerHands':
        setIfChanged(map, 'hands', request.userId ? controls.hands.filter((hand) => hand.userId !== request.userId) : []);
        return;
      case 'gather':
        map.set('gather', { pageId: request.pageId, view: request.view, at: now, by: actor.userId });
        return;
    }
  }, CONTROL_ORIGIN);
  return refused ? { refused } : { applied: true, handRaised };
}
