import { useEffect, useState } from 'react';
import type * as Y from 'yjs';
import { type BoardElement, ownUndoManager, pageElements, pageIds } from './board-model';

/** The page list, re-read whenever a page is added (by anyone). */
export function usePageIds(doc: Y.Doc) {
  const [ids, setIds] = useState(() => pageIds(doc));
  useEffect(() => {
    const order = doc.getArray<string>('pageOrder');
    const update = () => setIds(pageIds(doc));
    update();
    order.observe(update);
    return () => order.unobserve(update);
  }, [doc]);
  return ids;
}

/** One page's elements, re-read on every change to it. */
export function usePageElements(doc: Y.Doc, pageId: string) {
  const [elements, setElements] = useState<BoardElement[]>(() => pageElements(doc, pageId).toArray());
  useEffect(() => {
    const array = pageElements(doc, pageId);
    const update = () => setElements(array.toArray());
    update();
    array.observe(update);
    return () => array.unobserve(update);
  }, [doc, pageId]);
  return elements;
}

/** This person's undo history and whether there is anything to undo or redo. */
export function useOwnUndo(doc: Y.Doc, origin: unknown) {
  const [manager, setManager] = useState<Y.UndoManager | null>(null);
  const [can, setCan] = useState({ undo: false, redo: false });
  useEffect(() => {
    const undo = ownUndoManager(doc, origin);
    const update = () => setCan({ undo: undo.manager.canUndo(), redo: undo.manager.canRedo() });
    undo.manager.on('stack-item-added', update);
    undo.manager.on('stack-item-popped', update);
    undo.manager.on('stack-cleared', update);
    setManager(undo.manager);
    return () => {
      undo.dispose();
      setManager(null);
    };
  }, [doc, origin]);
  return { manager, ...can };
}
