import { useEffect, useLayoutEffect } from 'react';
import type * as Y from 'yjs';
import { ROOM_SNAPSHOT_KEY, storedActingUserId } from '../../lib/session-storage';

/**
 * A reload into the lesson room first shows the room as this device last drew it, then the live room replaces it:
 * the phone-app way of reopening (a picture of the last screen while the app starts). What it shows is what the
 * device holds anyway (the documents in IndexedDB are saved from the same page), so a student on a train sees their
 * board and notes at once instead of after the app's code, the editor and IndexedDB have all started.
 *
 * web/index.html's script after #root puts the picture up; it must agree with these names (it cannot import them).
 */

/** The cover index.html puts up while the live room starts. */
const COVER_ID = 'room-snapshot';
/** Parts of the room that describe this moment, not the lesson (the connection's state): left out of the picture. */
const SNAPSHOT_OMIT = 'data-snapshot-omit';

export interface RoomSnapshot {
  /** The page it is a picture of; shown only on a reload of exactly that address. */
  path: string;
  /** Whose room it is (the person acted for): never shown to anyone else on a shared device. */
  user: string;
  /** The window's width: another width lays the room out differently, so the picture would not match. */
  width: number;
  /** The tenant's colours, which the app sets on <html> only once its code runs. */
  vars: Record<string, string>;
  /** The room's stylesheets (the notes' and KaTeX's come with the room's code): the picture waits for them. */
  styles: string[];
  html: string;
}

/** The notes' editor class is renamed in the picture: the editor's own styles and anything looking for it mean the live one. */
const EDITOR_CLASS = 'ProseMirror';
const PICTURE_EDITOR_CLASS = 'ProseMirror-picture';

const TENANT_VARS = ['--tenant-primary', '--tenant-primary-dark'];

/** This page load showed a picture of the room now live: it is current until the room changes. */
let pictureShown = false;

/** The live room is on screen (or will not be): the picture goes, in the same frame, and the live page shows. */
export function dropRoomSnapshot() {
  const cover = document.getElementById(COVER_ID);
  if (!cover) return;
  pictureShown = cover.dataset.path === location.pathname;
  cover.remove();
  document.getElementById('root')?.style.removeProperty('visibility');
}

/** The app went elsewhere before the room opened (a sign-in, another page): the picture must not cover it. */
export function dropRoomSnapshotOffPath() {
  if (document.getElementById(COVER_ID)?.dataset.path !== location.pathname) dropRoomSnapshot();
}

/** The page's markup without what would clash with the live page or describe only this moment. */
function pictureOf(root: HTMLElement) {
  const copy = root.cloneNode(true) as HTMLElement;
  // Hidden, not removed: the header keeps its layout when the live room replaces the picture.
  for (const element of copy.querySelectorAll<HTMLElement>(`[${SNAPSHOT_OMIT}]`)) element.style.visibility = 'hidden';
  for (const editor of copy.querySelectorAll(`.${EDITOR_CLASS}`)) editor.classList.replace(EDITOR_CLASS, PICTURE_EDITOR_CLASS);
  // KaTeX's MathML half is for screen readers, which skip the picture: a smaller picture is drawn sooner.
  for (const mathml of copy.querySelectorAll('.katex-mathml')) mathml.remove();
  // Test ids would be doubled while both are up, an editable copy would take a caret; ids go too, except the board's
  // patterns and markers, which its drawing refers to (the live board's are the same).
  for (const element of copy.querySelectorAll('[data-testid], [contenteditable], [autofocus]')) {
    element.removeAttribute('data-testid');
    element.removeAttribute('contenteditable');
    element.removeAttribute('autofocus');
  }
  for (const element of copy.querySelectorAll('[id]')) if (!element.closest('svg')) element.removeAttribute('id');
  return copy.innerHTML;
}

function keepSnapshot() {
  const root = document.getElementById('root');
  const user = storedActingUserId();
  if (!root || !user) return;
  const style = document.documentElement.style;
  const snapshot: RoomSnapshot = {
    // First: index.html parses the picture only when the stored text starts with this page's address.
    path: location.pathname,
    user,
    width: window.innerWidth,
    styles: [...document.querySelectorAll<HTMLLinkElement>('link[rel=stylesheet]')].map((link) => link.href),
    vars: Object.fromEntries(TENANT_VARS.map((name) => [name, style.getPropertyValue(name)]).filter(([, value]) => value)),
    html: pictureOf(root),
  };
  try {
    localStorage.setItem(ROOM_SNAPSHOT_KEY, JSON.stringify(snapshot));
  } catch {
    // A full storage only costs the picture: the next reload starts without it.
  }
}

/** How long after a change the picture is taken again, when the page is idle. */
const KEEP_AFTER_MS = 1000;

const whenIdle = (run: () => void) => (typeof requestIdleCallback === 'function' ? requestIdleCallback(run, { timeout: KEEP_AFTER_MS }) : run());

/**
 * While the room is live: the picture goes (the live room is drawn), and a new one is kept a moment after the board
 * or notes change and whenever the page is hidden or left. Taking it costs a few milliseconds, so leaving the page
 * (a reload) only takes one when something changed since the last. Leaving the room inside the app with a change
 * not yet pictured forgets the old picture, which would show the room as it was before.
 */
export function useRoomSnapshot(live: boolean, board: Y.Doc, notes: Y.Doc) {
  useLayoutEffect(() => {
    if (live) dropRoomSnapshot();
  }, [live]);

  useEffect(() => {
    if (!live) return;
    // The picture this reload showed is the one kept: nothing has changed since it was taken.
    let changed = !pictureShown;
    pictureShown = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const keep = () => {
      clearTimeout(timer);
      if (!changed) return;
      changed = false;
      keepSnapshot();
    };
    const soon = () => {
      changed = true;
      clearTimeout(timer);
      timer = setTimeout(() => whenIdle(keep), KEEP_AFTER_MS);
    };
    const onHidden = () => document.visibilityState === 'hidden' && keep();
    if (changed) soon();
    board.on('update', soon);
    notes.on('update', soon);
    document.addEventListener('visibilitychange', onHidden);
    window.addEventListener('pagehide', keep);
    return () => {
      clearTimeout(timer);
      board.off('update', soon);
      notes.off('update', soon);
      document.removeEventListener('visibilitychange', onHidden);
      window.removeEventListener('pagehide', keep);
      if (changed) localStorage.removeItem(ROOM_SNAPSHOT_KEY);
    };
  }, [live, board, notes]);
}
