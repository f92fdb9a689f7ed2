import { useContext, useEffect, useRef, useState } from 'react';
import type { GraphElement } from '../board/board-model';
import { GraphSource } from './graph-source';
import { drawGraph } from './plot';
import { useGraph } from './use-graph';

/** A graph on the board: a white card with function-plot's drawing, redrawn when anyone changes the graph. */
export function GraphView({ element }: { element: GraphElement }) {
  const state = useGraph(useContext(GraphSource), element.id);
  const plot = useRef<SVGGElement>(null);
  const [failed, setFailed] = useState(false);
  /** What the drawing on screen shows: until it is the current state, the graph says it is being updated. */
  const [drawn, setDrawn] = useState<typeof state>(null);
  useEffect(() => {
    if (!state) return;
    let current = true;
    drawGraph(state, element.width, element.height).then(
      (svg) => {
        if (!current) return;
        setFailed(false);
        plot.current?.replaceChildren(svg);
        setDrawn(state);
      },
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, [state, element.width, element.height]);
  return (
    <g transform={`translate(${element.x} ${element.y})`} data-element="graph" data-graph={element.id} aria-busy={state !== null && drawn !== state && !failed}>
      <rect width={element.width} height={element.height} rx={8} fill="white" stroke="#cbd5e1" />
      {/* function-plot's axis labels take the text colour: the board is white in both themes. */}
      <g ref={plot} style={{ color: '#334155' }} fontFamily="ui-sans-serif, system-ui, sans-serif" />
      {failed && (
        <text x={element.width / 2} y={element.height / 2} textAnchor="middle" fontSize={14} fill="#475569">
          The graph could not be drawn. Check your connection and reload.
        </text>
      )}
    </g>
  );
}
