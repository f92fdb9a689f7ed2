import clsx from 'clsx';
import { lazy, type PointerEvent as ReactPointerEvent, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Awareness } from 'y-protocols/awareness';
import type * as Y from 'yjs';
import { useToast } from '../../../ui/toast/use-toast';
import { touchableElements } from '../controls/controls-logic';
import { LockMarks } from '../controls/LockMarks';
import { addGraph } from '../graph/graph-model';
import { GraphSource } from '../graph/graph-source';
import { newGraphPlace } from '../graph/placement';
import type { BoardPresence, Peer, PresenceState } from '../presence';
import { BoardToolbar, ZoomControls } from './BoardToolbar';
import { addElement, type BoardElement, type GraphElement, hitElements, moveElements, removeElements, type ShapeKind, translateElement } from './board-model';
import { elementBox, pad, unionBox } from './bounds';
import { type Camera, clampZoom } from './camera';
import { ElementView, strokePath } from './element-view';
import { uploadLessonImage } from './lesson-images';
import { boxBetween, elementsInBox, topmostAt } from './selection';
import { highlighterInks, inks, type Tool, tools } from './tools';
import { usePageElements } from './use-board';
import { useBoardGestures } from './use-board-gestures';
import { useBoardKeys } from './use-board-keys';

interface Props {
  sectionId: string;
  doc: Y.Doc;
  awareness: Awareness;
  /** what this client writes with, so undo takes back only this person's changes */
  origin: object;
  userId: string;
  pageId: string;
  camera: Camera;
  onCamera: (camera: Camera) => void;
  readOnly: boolean;
  peers: Peer[];
  undo: { manager: Y.UndoManager | null; undo: boolean; redo: boolean };
  /** Elements the tutor locked (everyone sees a lock on them), and those out of this person's reach (none for the tutor). */
  locks?: { locked: ReadonlySet<string>; held: ReadonlySet<string> };
  /** Told the selected element ids, so the tutor can lock them. */
  onSelection?: (ids: string[]) => void;
}

type Draft =
  | { kind: 'stroke'; element: Extract<BoardElement, { type: 'pen' | 'highlighter' }> }
  | { kind: 'shape'; element: Extract<BoardElement, { type: ShapeKind }> }
  | { kind: 'erase'; ids: Set<string> }
  | { kind: 'pan'; startX: number; startY: number; camera: Camera }
  | { kind: 'laser' }
  | { kind: 'move'; start: BoardPoint; dx: number; dy: number }
  | { kind: 'select-box'; start: BoardPoint; end: BoardPoint; base: Selection };

interface BoardPoint {
  x: number;
  y: number;
}

/**
 * The selected elements as they were when picked. One that someone else deletes or changes no longer matches its
 * snapshot, so it drops out of the selection instead of being moved from a place it has left.
 */
type Selection = ReadonlyMap<string, BoardElement>;
const NOTHING: Selection = new Map();
const sameElement = (a: BoardElement | undefined, b: BoardElement) => a !== undefined && (a === b || JSON.stringify(a) === JSON.stringify(b));
const selectionOf = (elements: readonly BoardElement[]): Selection => new Map(elements.map((e) => [e.id, e]));
/** The light theme's strong brand colour in either theme, since the board is white in both. */
const SELECTION_INK = 'color-mix(in oklab, var(--brand) 75%, black)';
const SELECTION_TINT = 'color-mix(in oklab, var(--brand) 10%, transparent)';
/** A press that moves less than this many screen pixels is a click, not a drag. */
const DRAG_SLOP = 3;

const newId = () => crypto.randomUUID().slice(0, 12);
/** The graph editor loads when someone opens it. */
const GraphPanel = lazy(() => import('../graph/GraphPanel').then((m) => ({ default: m.GraphPanel })));
/** A stroke in progress is re-sent whole, so it goes out at most this often (the finished one follows at once). */
const DRAFT_SHARE_MS = 100;

const NO_LOCKS = { locked: new Set<string>(), held: new Set<string>() };

/** The shared whiteboard of one page: SVG, pointer events (pen, touch, mouse), live cursors and lasers. */
export function Whiteboard({
  sectionId,
  doc,
  awareness,
  origin,
  userId,
  pageId,
  camera,
  onCamera,
  readOnly,
  peers,
  undo,
  locks = NO_LOCKS,
  onSelection,
}: Props) {
  const allElements = usePageElements(doc, pageId);
  // Gestures pick only what this person may change: locked elements are drawn, but out of a student's reach.
  const elements = useMemo(() => touchableElements(allElements, locks.held), [allElements, locks.held]);
  const toast = useToast();
  const svgRef = useRef<SVGSVGElement>(null);
  const [tool, setTool] = useState<Tool>(readOnly ? 'hand' : 'pen');
  const [color, setColor] = useState(inks[0]!.color);
  const [highlight, setHighlight] = useState(highlighterInks[0]!.color);
  const [size, setSize] = useState(4);
  const [draft, setDraft] = useState<Draft | null>(null);
  const draftSharedAt = useRef(0);
  const [textAt, setTextAt] = useState<{ x: number; y: number; value: string } | null>(null);
  const activeTool = readOnly && tools.find((t) => t.tool === tool)?.writes ? 'hand' : tool;
  const [selection, setSelection] = useState<Selection>(NOTHING);
  const selected = useMemo(
    () => (activeTool === 'select' ? elements.filter((e) => sameElement(selection.get(e.id), e)) : []),
    [activeTool, elements, selection],
  );
  const selectedIds = useMemo(() => new Set(selected.map((e) => e.id)), [selected]);
  useEffect(() => onSelection?.([...selectedIds]), [selectedIds, onSelection]);
  const selectionBounds = unionBox(selected.map(elementBox));
  const pickTool = useCallback((next: Tool) => {
    setTool(next);
    setSelection(NOTHING);
  }, []);
  useEffect(() => setSelection(NOTHING), [pageId]);
  const clearSelection = useCallback(() => setSelection(NOTHING), []);
  const graphs = useMemo(() => elements.filter((e): e is GraphElement => e.type === 'graph'), [elements]);
  const [graphPanel, setGraphPanel] = useState<{ graphId: string | null } | null>(null);
  const graphButton = useRef<HTMLButtonElement>(null);

  const toBoard = useCallback(
    (clientX: number, clientY: number) => {
      const rect = svgRef.current!.getBoundingClientRect();
      return { x: (clientX - rect.left) / camera.zoom + camera.x, y: (clientY - rect.top) / camera.zoom + camera.y };
    },
    [camera],
  );

  const setPresence = useCallback(
    (change: Partial<BoardPresence>) => {
      const current = (awareness.getLocalState() as PresenceState | null)?.board;
      awareness.setLocalStateField('board', { page: pageId, view: camera, cursor: null, laser: null, ...current, ...change });
    },
    [awareness, pageId, camera],
  );

  useEffect(() => setPresence({ page: pageId, view: camera }), [pageId, camera, setPresence]);

  const commitText = () => {
    if (textAt && textAt.value.trim()) {
      addElement(doc, pageId, { id: newId(), type: 'text', x: textAt.x, y: textAt.y, fontSize: 20 + size * 2, text: textAt.value, color, by: userId }, origin);
    }
    setTextAt(null);
  };

  /** One transaction, so one undo puts the whole selection back; the selection follows the moved copies. */
  const moveSelection = useCallback(
    (dx: number, dy: number) => {
      moveElements(doc, pageId, selectedIds, dx, dy, origin);
      setSelection(selectionOf(selected.map((e) => translateElement(e, dx, dy))));
    },
    [doc, pageId, selectedIds, selected, origin],
  );

  const gestures = useBoardGestures(svgRef, camera, onCamera);
  const spaceHeld = useBoardKeys({ undo: undo.manager, readOnly, doc, pageId, origin, selectedIds, moveSelection, pickTool, clearSelection });

  const onPointerDown = (event: ReactPointerEvent<SVGSVGElement>) => {
    const touch = gestures.touchDown(event);
    if (touch === 'pinch') setDraft(null);
    if (touch !== 'none') return;
    if (textAt) commitText();
    const point = toBoard(event.clientX, event.clientY);
    const pressure = event.pointerType === 'pen' ? event.pressure : 0.5;
    if (event.button === 1 || spaceHeld || activeTool === 'hand') {
      setDraft({ kind: 'pan', startX: event.clientX, startY: event.clientY, camera });
    } else if (event.button !== 0) {
      return;
    } else if (activeTool === 'pen' || activeTool === 'highlighter') {
      const type = activeTool;
      setDraft({
        kind: 'stroke',
        element: {
          id: newId(),
          type,
          color: type === 'pen' ? color : highlight,
          size: type === 'pen' ? size * 2 : size * 5,
          points: [point.x, point.y, pressure],
          by: userId,
        },
      });
    } else if (activeTool === 'line' || activeTool === 'arrow' || activeTool === 'rect' || activeTool === 'ellipse') {
      setDraft({ kind: 'shape', element: { id: newId(), type: activeTool, color, size, x1: point.x, y1: point.y, x2: point.x, y2: point.y, by: userId } });
    } else if (activeTool === 'eraser') {
      setDraft({ kind: 'erase', ids: new Set(hitElements(elements, point.x, point.y, 8 / camera.zoom)) });
    } else if (activeTool === 'text') {
      // Keeps the browser from moving focus to the board, which would blur the new text field at once.
      event.preventDefault();
      setTextAt({ x: point.x, y: point.y, value: '' });
      return;
    } else if (activeTool === 'laser') {
      setDraft({ kind: 'laser' });
      setPresence({ laser: point });
    } else if (activeTool === 'select') {
      const hit = topmostAt(elements, point.x, point.y, 6 / camera.zoom);
      const hitElement = elements.find((e) => e.id === hit);
      const move: Draft = { kind: 'move', start: point, dx: 0, dy: 0 };
      if (hitElement && event.shiftKey) {
        const next = new Map(selected.map((e) => [e.id, e]));
        if (next.delete(hitElement.id)) {
          setSelection(next);
          return;
        }
        setSelection(next.set(hitElement.id, hitElement));
        setDraft(move);
      } else if (hitElement && !selectedIds.has(hitElement.id)) {
        setSelection(selectionOf([hitElement]));
        setDraft(move);
      } else if (hitElement || (selectionBounds && !event.shiftKey && contains(selectionBounds, point))) {
        setDraft(move);
      } else {
        const base = event.shiftKey ? selectionOf(selected) : NOTHING;
        setSelection(base);
        setDraft({ kind: 'select-box', start: point, end: point, base });
      }
    }
    event.currentTarget.setPointerCapture(event.pointerId);
  };

  const onPointerMove = (event: ReactPointerEvent<SVGSVGElement>) => {
    if (gestures.touchMove(event)) return;
    const point = toBoard(event.clientX, event.clientY);
    const next = nextDraft(event, point);
    const drawing = next?.kind === 'stroke' || next?.kind === 'shape' ? next.element : null;
    const share = drawing !== null && performance.now() - draftSharedAt.current >= DRAFT_SHARE_MS;
    if (share) draftSharedAt.current = performance.now();
    setPresence({ cursor: point, ...(draft?.kind === 'laser' ? { laser: point } : {}), ...(share ? { draft: drawing } : {}) });
    if (next !== draft) setDraft(next);
  };

  /** Where the gesture in progress goes with this move; pans move the camera instead. */
  const nextDraft = (event: ReactPointerEvent<SVGSVGElement>, point: { x: number; y: number }): Draft | null => {
    if (!draft) return null;
    if (draft.kind === 'pan') {
      onCamera({
        ...draft.camera,
        x: draft.camera.x - (event.clientX - draft.startX) / camera.zoom,
        y: draft.camera.y - (event.clientY - draft.startY) / camera.zoom,
      });
      return draft;
    }
    if (draft.kind === 'stroke') {
      // Coalesced events keep a fast pen's curve smooth instead of a chain of straight segments.
      const samples = event.nativeEvent.getCoalescedEvents?.() ?? [event.nativeEvent];
      const points = [...draft.element.points];
      for (const sample of samples.length > 0 ? samples : [event.nativeEvent]) {
        const p = toBoard(sample.clientX, sample.clientY);
        points.push(p.x, p.y, sample.pointerType === 'pen' ? sample.pressure : 0.5);
      }
      return { kind: 'stroke', element: { ...draft.element, points } };
    }
    if (draft.kind === 'shape') return { kind: 'shape', element: { ...draft.element, x2: point.x, y2: point.y } };
    if (draft.kind === 'move') return { ...draft, dx: point.x - draft.start.x, dy: point.y - draft.start.y };
    if (draft.kind === 'select-box') return { ...draft, end: point };
    if (draft.kind === 'erase') {
      const hits = hitElements(elements, point.x, point.y, 8 / camera.zoom);
      return hits.some((id) => !draft.ids.has(id)) ? { kind: 'erase', ids: new Set([...draft.ids, ...hits]) } : draft;
    }
    return draft;
  };

  const onPointerUp = (event: ReactPointerEvent<SVGSVGElement>) => {
    if (gestures.touchUp(event)) return;
    if (!draft) return;
    if (draft.kind === 'stroke') addElement(doc, pageId, draft.element, origin);
    else if (draft.kind === 'shape' && (draft.element.x1 !== draft.element.x2 || draft.element.y1 !== draft.element.y2))
      addElement(doc, pageId, draft.element, origin);
    else if (draft.kind === 'erase') removeElements(doc, pageId, draft.ids, origin);
    else if (draft.kind === 'laser') setPresence({ laser: null });
    else if (draft.kind === 'move' && Math.hypot(draft.dx, draft.dy) * camera.zoom >= DRAG_SLOP) moveSelection(draft.dx, draft.dy);
    else if (draft.kind === 'select-box') {
      const next = new Map(draft.base);
      for (const id of elementsInBox(elements, boxBetween(draft.start, draft.end))) next.set(id, elements.find((e) => e.id === id)!);
      setSelection(next);
    }
    if (draft.kind === 'stroke' || draft.kind === 'shape') setPresence({ draft: null });
    setDraft(null);
  };

  const erasing = draft?.kind === 'erase' ? draft.ids : null;
  const moving = draft?.kind === 'move' ? draft : null;
  const arrowColors = new Set([...allElements, ...(draft?.kind === 'shape' ? [draft.element] : [])].filter((e) => e.type === 'arrow').map((e) => e.color));
  const placeImage = async (file: File) => {
    try {
      const image = await uploadLessonImage(sectionId, file);
      const rect = svgRef.current?.getBoundingClientRect();
      const scale = Math.min(1, 480 / image.width, 360 / image.height);
      const width = image.width * scale;
      const height = image.height * scale;
      const cx = camera.x + (rect?.width ?? 0) / 2 / camera.zoom;
      const cy = camera.y + (rect?.height ?? 0) / 2 / camera.zoom;
      addElement(
        doc,
        pageId,
        { id: newId(), type: 'image', imageId: image.imageId, x: cx - width / 2, y: cy - height / 2, width, height, color: '#000000', by: userId },
        origin,
      );
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'The image could not be uploaded');
    }
  };

  const placeGraph = () => {
    const rect = svgRef.current?.getBoundingClientRect();
    const id = newId();
    addGraph(
      doc,
      pageId,
      { id, type: 'graph', ...newGraphPlace(rect ?? { top: 0, width: 800, height: 600 }, window.innerHeight, camera), color: '#000000', by: userId },
      origin,
    );
    setGraphPanel({ graphId: id });
  };
  const closeGraphPanel = () => {
    setGraphPanel(null);
    graphButton.current?.focus();
  };
  /** A double click on a graph, with any tool, opens it in the graph panel. */
  const onDoubleClick = (event: { clientX: number; clientY: number }) => {
    const point = toBoard(event.clientX, event.clientY);
    const hit = graphs.findLast((g) => point.x >= g.x && point.x <= g.x + g.width && point.y >= g.y && point.y <= g.y + g.height);
    if (hit) setGraphPanel({ graphId: hit.id });
  };

  const zoomBy = (factor: number) => {
    const rect = svgRef.current?.getBoundingClientRect();
    const [w, h] = [rect?.width ?? 0, rect?.height ?? 0];
    const zoom = clampZoom(camera.zoom * factor);
    onCamera({ zoom, x: camera.x + w / 2 / camera.zoom - w / 2 / zoom, y: camera.y + h / 2 / camera.zoom - h / 2 / zoom });
  };

  return (
    <div className="relative flex min-h-0 flex-1 flex-col">
      <BoardToolbar
        tool={activeTool}
        onTool={pickTool}
        color={activeTool === 'highlighter' ? highlight : color}
        onColor={activeTool === 'highlighter' ? setHighlight : setColor}
        highlighter={activeTool === 'highlighter'}
        size={size}
        onSize={setSize}
        readOnly={readOnly}
        canUndo={undo.undo}
        canRedo={undo.redo}
        onUndo={() => undo.manager?.undo()}
        onRedo={() => undo.manager?.redo()}
        onImage={(file) => void placeImage(file)}
        graphButton={graphButton}
        graphsOpen={graphPanel !== null}
        onGraphs={() => (graphPanel ? closeGraphPanel() : setGraphPanel({ graphId: null }))}
      />
      <div className="relative min-h-0 flex-1 overflow-hidden rounded-2xl bg-white shadow-inner ring-1 ring-slate-200 dark:ring-slate-700">
        <svg
          ref={svgRef}
          role="img"
          aria-label="Whiteboard"
          data-testid="whiteboard"
          className={clsx(
            'absolute inset-0 size-full touch-none select-none',
            draft?.kind === 'pan' || activeTool === 'hand' || spaceHeld
              ? 'cursor-grab'
              : activeTool === 'text'
                ? 'cursor-text'
                : activeTool === 'select'
                  ? draft?.kind === 'move'
                    ? 'cursor-move'
                    : 'cursor-default'
                  : 'cursor-crosshair',
          )}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={onPointerUp}
          onPointerLeave={() => setPresence({ cursor: null })}
          onDoubleClick={onDoubleClick}
        >
          <defs>
            <pattern id="board-dots" width={24} height={24} patternUnits="userSpaceOnUse">
              <circle cx={1} cy={1} r={1} fill="#cbd5e1" />
            </pattern>
            {[...arrowColors].map((c) => (
              <marker key={c} id={`arrow-${c.slice(1)}`} viewBox="0 0 10 10" refX={8} refY={5} markerWidth={6} markerHeight={6} orient="auto-start-reverse">
                <path d="M0,0 L10,5 L0,10 z" fill={c} />
              </marker>
            ))}
          </defs>
          <g transform={`scale(${camera.zoom}) translate(${-camera.x} ${-camera.y})`}>
            <rect x={camera.x - 24} y={camera.y - 24} width={10000 / camera.zoom} height={10000 / camera.zoom} fill="url(#board-dots)" />
            <GraphSource.Provider value={doc}>
              {allElements.map((element) => (
                <g key={element.id} opacity={erasing?.has(element.id) ? 0.2 : 1}>
                  <ElementView
                    element={moving && selectedIds.has(element.id) ? translateElement(element, moving.dx, moving.dy) : element}
                    sectionId={sectionId}
                  />
                </g>
              ))}
            </GraphSource.Provider>
            <LockMarks elements={allElements} locked={locks.locked} zoom={camera.zoom} />
            {selected.length > 0 && <SelectionMarks boxes={selected.map(elementBox)} zoom={camera.zoom} dx={moving?.dx ?? 0} dy={moving?.dy ?? 0} />}
            {draft?.kind === 'select-box' && (
              <rect
                {...boxBetween(draft.start, draft.end)}
                style={{ fill: SELECTION_TINT, stroke: SELECTION_INK }}
                strokeWidth={1 / camera.zoom}
                strokeDasharray={`${4 / camera.zoom} ${3 / camera.zoom}`}
                data-testid="selection-box"
              />
            )}
            {draft?.kind === 'stroke' && (
              <path d={strokePath(draft.element, false)} fill={draft.element.color} opacity={draft.element.type === 'highlighter' ? 0.35 : 1} />
            )}
            {draft?.kind === 'shape' && <ElementView element={draft.element} sectionId={sectionId} />}
            {peers.map((peer) => (
              <PeerMarks key={peer.clientId} peer={peer} pageId={pageId} zoom={camera.zoom} sectionId={sectionId} />
            ))}
          </g>
        </svg>
        {textAt && (
          <textarea
            aria-label="Text on the board"
            autoFocus
            value={textAt.value}
            onChange={(event) => setTextAt({ ...textAt, value: event.target.value })}
            onBlur={commitText}
            onKeyDown={(event) => {
              if (event.key === 'Escape') setTextAt(null);
              if (event.key === 'Enter' && !event.shiftKey) {
                event.preventDefault();
                commitText();
              }
            }}
            className="absolute min-w-40 resize rounded-md border border-brand bg-white/90 p-1 text-slate-900 shadow outline-none"
            style={{
              left: (textAt.x - camera.x) * camera.zoom,
              top: (textAt.y - camera.y) * camera.zoom - (20 + size * 2) * camera.zoom,
              fontSize: (20 + size * 2) * camera.zoom,
              color,
            }}
          />
        )}
        <p className="sr-only" aria-live="polite">
          {selected.length > 0 &&
            `${selected.length} ${selected.length === 1 ? 'item' : 'items'} selected. Drag or use the arrow keys to move, Delete to remove, Escape to deselect.`}
        </p>
        {graphPanel && (
          <Suspense fallback={null}>
            <GraphPanel
              doc={doc}
              origin={origin}
              graphs={graphs}
              graphId={graphPanel.graphId}
              onPick={(graphId) => setGraphPanel({ graphId })}
              onAdd={placeGraph}
              onClose={closeGraphPanel}
              readOnly={readOnly}
              undo={undo.manager}
            />
          </Suspense>
        )}
        <ZoomControls zoom={camera.zoom} onZoomIn={() => zoomBy(1.25)} onZoomOut={() => zoomBy(0.8)} onZoomReset={() => onCamera({ x: 0, y: 0, zoom: 1 })} />
        {allElements.length === 0 && !draft && !textAt && !peers.some((peer) => peer.board?.page === pageId && peer.board.draft) && (
          <p className="pointer-events-none absolute inset-x-0 top-1/3 text-center text-sm text-slate-400">
            {readOnly ? 'Nothing on this page yet.' : 'Draw, write or drop shapes here. Everyone in the lesson sees it live.'}
          </p>
        )}
      </div>
    </div>
  );
}

const contains = (box: { x: number; y: number; width: number; height: number }, p: BoardPoint) =>
  p.x >= box.x && p.x <= box.x + box.width && p.y >= box.y && p.y <= box.y + box.height;

/** A dashed outline around each selected element and, for several, one box around them all (constant width at any zoom). */
function SelectionMarks({ boxes, zoom, dx, dy }: { boxes: ReturnType<typeof elementBox>[]; zoom: number; dx: number; dy: number }) {
  const gap = 4 / zoom;
  const all = boxes.length > 1 ? unionBox(boxes) : null;
  return (
    <g transform={`translate(${dx} ${dy})`} fill="none" style={{ stroke: SELECTION_INK }} pointerEvents="none" data-testid="selection">
      {boxes.map((box, i) => (
        <rect key={i} {...pad(box, gap)} strokeWidth={1.5 / zoom} strokeDasharray={`${5 / zoom} ${4 / zoom}`} rx={3 / zoom} />
      ))}
      {all && <rect {...pad(all, gap * 3)} strokeWidth={1 / zoom} opacity={0.6} />}
    </g>
  );
}

/**
 * Someone else's stroke or shape as they draw it, their cursor with their name and their laser dot (marks drawn at
 * a constant size whatever the zoom).
 */
function PeerMarks({ peer, pageId, zoom, sectionId }: { peer: Peer; pageId: string; zoom: number; sectionId: string }) {
  const board = peer.board;
  if (!board || board.page !== pageId) return null;
  const scale = 1 / zoom;
  return (
    <>
      {board.draft && (board.draft.type === 'pen' || board.draft.type === 'highlighter') && (
        <path d={strokePath(board.draft, false)} fill={board.draft.color} opacity={board.draft.type === 'highlighter' ? 0.35 : 0.85} data-testid="peer-draft" />
      )}
      {board.draft && board.draft.type !== 'pen' && board.draft.type !== 'highlighter' && (
        <g opacity={0.85} data-testid="peer-draft">
          <ElementView element={board.draft} sectionId={sectionId} />
        </g>
      )}
      {board.laser && (
        <circle
          cx={board.laser.x}
          cy={board.laser.y}
          r={7 * scale}
          fill="#ef4444"
          opacity={0.85}
          stroke="#fecaca"
          strokeWidth={4 * scale}
          data-testid="peer-laser"
        />
      )}
      {board.cursor && (
        <g transform={`translate(${board.cursor.x} ${board.cursor.y}) scale(${scale})`} data-testid="peer-cursor" aria-label={`${peer.user.name}'s pointer`}>
          <path d="M0,0 L0,16 L4.5,12 L8,19 L10.5,18 L7,11 L13,11 Z" fill={peer.user.color} stroke="white" strokeWidth={1.5} />
          <rect x={14} y={14} rx={6} height={20} width={peer.user.name.length * 7.6 + 16} fill={peer.user.color} />
          <text x={21} y={28} fontSize={12} fill="white" fontFamily="ui-sans-serif, system-ui, sans-serif" fontWeight={600}>
            {peer.user.name}
          </text>
        </g>
      )}
    </>
  );
}
