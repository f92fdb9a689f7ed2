import { useEffect, useState } from 'react';
import type * as Y from 'yjs';
import { graphContents } from '../board/board-model';
import { type GraphState, readGraph } from './graph-model';

/** One graph's content, re-read when any graph changes and kept as the same object when this one did not. */
export function useGraph(doc: Y.Doc | null, graphId: string) {
  const [state, setState] = useState<GraphState | null>(() => (doc ? readGraph(doc, graphId) : null));
  useEffect(() => {
    if (!doc) return;
    const graphs = graphContents(doc);
    let last = '';
    const update = () => {
      const next = readGraph(doc, graphId);
      const text = JSON.stringify(next);
      if (text === last) return;
      last = text;
      setState(next);
    };
    update();
    graphs.observeDeep(update);
    return () => graphs.unobserveDeep(update);
  }, [doc, graphId]);
  return state;
}
