import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { CONTROL_ORIGIN } from '../../durable-objects/lib/controls-apply';
import { ControlsGuard, ELEMENT_LOCKED, PAGE_LOCKED } from '../../durable-objects/lib/controls-guard';
import { CONTROLS_MAP } from '../../schema/contracts/lesson-controls';

type Element = { id: string; x: number };

/** A student's tab: a copy of the object's document, whose edits are read off as the updates it would send. */
function tab(room: Y.Doc) {
  const doc = new Y.Doc();
  Y.applyUpdate(doc, Y.encodeStateAsUpdate(room));
  const origin = {};
  const edit = (change: (page: (id: string) => Y.Array<Element>) => void) => {
    const updates: Uint8Array[] = [];
    const keep = (update: Uint8Array) => updates.push(update);
    doc.on('update', keep);
    doc.transact(() => change((id) => doc.getArray<Element>(`page:${id}`)));
    doc.off('update', keep);
    return Y.mergeUpdates(updates);
  };
  return { origin, edit };
}

const setControl = (room: Y.Doc, key: string, value: unknown) => room.transact(() => room.getMap(CONTROLS_MAP).set(key, value), CONTROL_ORIGIN);
const idsOn = (room: Y.Doc, id: string) =>
  room
    .getArray<Element>(`page:${id}`)
    .toArray()
    .map((e) => `${e.id}@${e.x}`);
const holds = (room: Y.Doc, text: string) => new TextDecoder().decode(Y.encodeStateAsUpdate(room)).includes(text);

describe("the object's check of students' board updates", () => {
  it('takes back two refused updates in a row from two tabs, and lets an allowed one between them stand', () => {
    const room = new Y.Doc();
    room.getArray<Element>('page:p1').push([{ id: 'e1', x: 0 }]);
    setControl(room, 'lockedElements', ['e1']);
    setControl(room, 'lockedPages', ['p2']);
    const guard = new ControlsGuard(room);
    const sara = tab(room);
    const mia = tab(room);

    const moved = sara.edit((page) => {
      page('p1').delete(0, 1);
      page('p1').insert(0, [{ id: 'e1', x: 9 }]);
    });
    const allowed = mia.edit((page) => page('p3').push([{ id: 'm1', x: 1 }]));
    const onLockedPage = mia.edit((page) => page('p2').push([{ id: 'm2', x: 2 }]));

    expect(guard.apply(moved, sara.origin)).toBe(ELEMENT_LOCKED);
    expect(guard.apply(allowed, mia.origin)).toBeNull();
    expect(guard.apply(onLockedPage, mia.origin)).toBe(PAGE_LOCKED);
    expect({ p1: idsOn(room, 'p1'), p2: idsOn(room, 'p2'), p3: idsOn(room, 'p3') }).toEqual({ p1: ['e1@0'], p2: [], p3: ['m1@1'] });

    // Each tab's later edit builds on its taken-back one and lands.
    expect(
      guard.apply(
        sara.edit((page) => page('p4').push([{ id: 's1', x: 3 }])),
        sara.origin,
      ),
    ).toBeNull();
    expect(
      guard.apply(
        mia.edit((page) => page('p1').push([{ id: 'm3', x: 4 }])),
        mia.origin,
      ),
    ).toBeNull();
    expect({ p1: idsOn(room, 'p1'), p4: idsOn(room, 'p4') }).toEqual({ p1: ['e1@0', 'm3@4'], p4: ['s1@3'] });
    expect(room.store.pendingStructs).toBeNull();
    guard.destroy();
  });

  it('reads the controls again once the tutor changes them', () => {
    const room = new Y.Doc();
    const guard = new ControlsGuard(room);
    const sara = tab(room);
    expect(
      guard.apply(
        sara.edit((page) => page('p1').push([{ id: 's1', x: 0 }])),
        sara.origin,
      ),
    ).toBeNull();
    setControl(room, 'lockedPages', ['p1']);
    expect(
      guard.apply(
        sara.edit((page) => page('p1').push([{ id: 's2', x: 0 }])),
        sara.origin,
      ),
    ).toBe(PAGE_LOCKED);
    setControl(room, 'lockedPages', []);
    expect(
      guard.apply(
        sara.edit((page) => page('p1').push([{ id: 's3', x: 0 }])),
        sara.origin,
      ),
    ).toBeNull();
    expect(idsOn(room, 'p1')).toEqual(['s1@0', 's3@0']);
    guard.destroy();
  });

  it("lets Yjs collect an allowed erase's content", () => {
    const room = new Y.Doc();
    const guard = new ControlsGuard(room);
    const sara = tab(room);
    guard.apply(
      sara.edit((page) => page('p1').push([{ id: 'erased-ink', x: 0 }])),
      sara.origin,
    );
    expect(holds(room, 'erased-ink')).toBe(true);
    expect(
      guard.apply(
        sara.edit((page) => page('p1').delete(0, 1)),
        sara.origin,
      ),
    ).toBeNull();
    expect(holds(room, 'erased-ink')).toBe(false);
    guard.destroy();
  });
});
