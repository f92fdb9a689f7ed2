import { useEffect, useState } from 'react';
import type * as Y from 'yjs';
import { removeElements } from './board-model';
import { type Tool, tools } from './tools';

const NUDGE: Record<string, [number, number]> = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

interface BoardKeys {
  undo: Y.UndoManager | null;
  readOnly: boolean;
  doc: Y.Doc;
  pageId: string;
  origin: object;
  selectedIds: ReadonlySet<string>;
  moveSelection: (dx: number, dy: number) => void;
  pickTool: (tool: Tool) => void;
  clearSelection: () => void;
}

/**
 * The board's keyboard: undo and redo, tool letters, and for a selection Escape, Delete and the arrows (Shift for
 * ten steps). Returns whether Space is held, which turns any tool into the hand for as long as it is down.
 */
export function useBoardKeys({ undo, readOnly, doc, pageId, origin, selectedIds, moveSelection, pickTool, clearSelection }: BoardKeys) {
  const [spaceHeld, setSpaceHeld] = useState(false);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (isTyping(event.target)) return;
      const mod = event.ctrlKey || event.metaKey;
      if (mod && event.key.toLowerCase() === 'z') {
        event.preventDefault();
        if (event.shiftKey) undo?.redo();
        else undo?.undo();
        return;
      }
      if (mod && event.key.toLowerCase() === 'y') {
        event.preventDefault();
        undo?.redo();
        return;
      }
      if (event.key === ' ') {
        setSpaceHeld(true);
        return;
      }
      if (mod || event.altKey) return;
      if (selectedIds.size > 0) {
        const nudge = NUDGE[event.key];
        if (event.key === 'Escape') {
          clearSelection();
          return;
        }
        if (event.key === 'Delete' || event.key === 'Backspace') {
          event.preventDefault();
          removeElements(doc, pageId, selectedIds, origin);
          clearSelection();
          return;
        }
        if (nudge) {
          event.preventDefault();
          const step = event.shiftKey ? 10 : 1;
          moveSelection(nudge[0] * step, nudge[1] * step);
          return;
        }
      }
      const picked = tools.find((t) => t.key === event.key.toLowerCase());
      if (picked && (!picked.writes || !readOnly)) pickTool(picked.tool);
    };
    const onKeyUp = (event: KeyboardEvent) => {
      if (event.key === ' ') setSpaceHeld(false);
    };
    window.addEventListener('keydown', onKeyDown);
    window.addEventListener('keyup', onKeyUp);
    return () => {
      window.removeEventListener('keydown', onKeyDown);
      window.removeEventListener('keyup', onKeyUp);
    };
  }, [undo, readOnly, doc, pageId, origin, selectedIds, moveSelection, pickTool, clearSelection]);
  return spaceHeld;
}
