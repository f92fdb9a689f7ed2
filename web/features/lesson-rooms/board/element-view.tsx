import { getStroke } from 'perfect-freehand';
import { memo } from 'react';
import { GraphView } from '../graph/GraphView';
import type { BoardElement, ImageElement, StrokeElement } from './board-model';
import { useLessonImage } from './lesson-images';

/** perfect-freehand's outline as one closed SVG path (quadratic curves through the midpoints). */
export function strokePath(element: Pick<StrokeElement, 'type' | 'size' | 'points'>, last = true) {
  const input: [number, number, number][] = [];
  for (let i = 0; i + 2 < element.points.length; i += 3) input.push([element.points[i]!, element.points[i + 1]!, element.points[i + 2]!]);
  const outline = getStroke(input, {
    size: element.size,
    thinning: element.type === 'highlighter' ? 0 : 0.6,
    smoothing: 0.5,
    streamline: 0.5,
    simulatePressure: input.every(([, , p]) => p === 0.5),
    last,
  });
  if (outline.length < 2) return '';
  const [first, ...rest] = outline;
  let d = `M${first![0].toFixed(1)},${first![1].toFixed(1)} Q`;
  for (let i = 0; i < rest.length; i++) {
    const [x0, y0] = rest[i]!;
    const [x1, y1] = rest[(i + 1) % rest.length]!;
    d += `${x0.toFixed(1)},${y0.toFixed(1)} ${((x0 + x1) / 2).toFixed(1)},${((y0 + y1) / 2).toFixed(1)} `;
  }
  return `${d}Z`;
}

function LessonImage({ element, sectionId }: { element: ImageElement; sectionId: string }) {
  const url = useLessonImage(sectionId, element.imageId);
  const image = url ? (
    <image href={url} x={element.x} y={element.y} width={element.width} height={element.height} data-element="image" />
  ) : (
    <rect
      x={element.x}
      y={element.y}
      width={element.width}
      height={element.height}
      rx={8}
      fill="#f1f5f9"
      stroke="#cbd5e1"
      strokeDasharray="6 4"
      data-element="image"
    />
  );
  // Imported paper is white on the white board: its edge shows where the page ends.
  return element.background ? (
    <g>
      {image}
      <rect x={element.x} y={element.y} width={element.width} height={element.height} fill="none" stroke="#cbd5e1" strokeWidth={1} />
    </g>
  ) : (
    image
  );
}

function ElementViewInner({ element, sectionId }: { element: BoardElement; sectionId: string }) {
  switch (element.type) {
    case 'image':
      return <LessonImage element={element} sectionId={sectionId} />;
    case 'graph':
      return <GraphView element={element} />;
    case 'pen':
    case 'highlighter':
      return <path d={strokePath(element)} fill={element.color} opacity={element.type === 'highlighter' ? 0.35 : 1} data-element={element.type} />;
    case 'line':
    case 'arrow':
      return (
        <line
          x1={element.x1}
          y1={element.y1}
          x2={element.x2}
          y2={element.y2}
          stroke={element.color}
          strokeWidth={element.size}
          strokeLinecap="round"
          markerEnd={element.type === 'arrow' ? `url(#arrow-${element.color.slice(1)})` : undefined}
          data-element={element.type}
        />
      );
    case 'rect':
      return (
        <rect
          x={Math.min(element.x1, element.x2)}
          y={Math.min(element.y1, element.y2)}
          width={Math.abs(element.x2 - element.x1)}
          height={Math.abs(element.y2 - element.y1)}
          rx={4}
          fill="none"
          stroke={element.color}
          strokeWidth={element.size}
          data-element="rect"
        />
      );
    case 'ellipse':
      return (
        <ellipse
          cx={(element.x1 + element.x2) / 2}
          cy={(element.y1 + element.y2) / 2}
          rx={Math.abs(element.x2 - element.x1) / 2}
          ry={Math.abs(element.y2 - element.y1) / 2}
          fill="none"
          stroke={element.color}
          strokeWidth={element.size}
          data-element="ellipse"
        />
      );
    case 'text':
      return (
        <text
          x={element.x}
          y={element.y}
          fill={element.color}
          fontSize={element.fontSize}
          fontFamily="ui-sans-serif, system-ui, sans-serif"
          data-element="text"
        >
          {element.text.split('\n').map((line, i) => (
            <tspan key={i} x={element.x} dy={i === 0 ? 0 : element.fontSize * 1.25}>
              {line}
            </tspan>
          ))}
        </text>
      );
  }
}

/** Elements never change in place (a change replaces the value), so identity is enough to skip a re-render. */
export const ElementView = memo(ElementViewInner);
