import type { BoardElement } from '../board/board-model';
import { elementBox } from '../board/bounds';

/** A padlock at the top-right corner of each locked element, the same size at any zoom. */
export function LockMarks({ elements, locked, zoom }: { elements: readonly BoardElement[]; locked: ReadonlySet<string>; zoom: number }) {
  if (locked.size === 0) return null;
  const scale = 1 / zoom;
  return (
    <g pointerEvents="none">
      {elements
        .filter((element) => locked.has(element.id))
        .map((element) => {
          const box = elementBox(element);
          return (
            <g key={element.id} transform={`translate(${box.x + box.width} ${box.y}) scale(${scale})`} data-testid="element-lock">
              <title>Locked by the tutor</title>
              <circle r={11} fill="#ffffff" stroke="#334155" strokeWidth={1.5} />
              <rect x={-5} y={-2} width={10} height={8} rx={1.5} fill="#334155" />
              <path d="M-3,-2 v-2.5 a3,3 0 0 1 6,0 v2.5" fill="none" stroke="#334155" strokeWidth={1.8} />
            </g>
          );
        })}
    </g>
  );
}
