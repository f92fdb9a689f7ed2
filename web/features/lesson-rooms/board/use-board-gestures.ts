import { type PointerEvent as ReactPointerEvent, type RefObject, useEffect, useRef } from 'react';
import { type Camera, clampZoom } from './camera';

type BoardPointer = ReactPointerEvent<SVGSVGElement>;

/**
 * The camera gestures of the board. Wheel: pan, or zoom around the pointer with Ctrl/⌘ (also what a trackpad pinch
 * sends). Two fingers pan and pinch-zoom, as on any tablet drawing app; a stroke the first finger began is dropped.
 * The touch handlers say whether they took the event, so the board's own pointer handlers leave it alone.
 */
export function useBoardGestures(svgRef: RefObject<SVGSVGElement | null>, camera: Camera, onCamera: (camera: Camera) => void) {
  const touches = useRef(new Map<number, { x: number; y: number }>());
  const pinch = useRef<{ distance: number; midX: number; midY: number; camera: Camera } | null>(null);
  const pinchState = () => {
    const [a, b] = [...touches.current.values()];
    return { distance: Math.hypot(a!.x - b!.x, a!.y - b!.y), midX: (a!.x + b!.x) / 2, midY: (a!.y + b!.y) / 2 };
  };

  // Not passive, so the page itself does not scroll or zoom.
  useEffect(() => {
    const svg = svgRef.current;
    if (!svg) return;
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      if (event.ctrlKey || event.metaKey) {
        const rect = svg.getBoundingClientRect();
        const zoom = clampZoom(camera.zoom * Math.exp(-event.deltaY / 300));
        const px = event.clientX - rect.left;
        const py = event.clientY - rect.top;
        onCamera({ zoom, x: camera.x + px / camera.zoom - px / zoom, y: camera.y + py / camera.zoom - py / zoom });
      } else {
        onCamera({ ...camera, x: camera.x + event.deltaX / camera.zoom, y: camera.y + event.deltaY / camera.zoom });
      }
    };
    svg.addEventListener('wheel', onWheel, { passive: false });
    return () => svg.removeEventListener('wheel', onWheel);
  }, [svgRef, camera, onCamera]);

  /** 'pinch' when a second finger starts a pinch, 'ignore' for a third, 'none' when the board should draw. */
  const touchDown = (event: BoardPointer): 'pinch' | 'ignore' | 'none' => {
    if (event.pointerType !== 'touch') return 'none';
    touches.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (touches.current.size === 2) {
      pinch.current = { ...pinchState(), camera };
      return 'pinch';
    }
    return touches.current.size > 2 ? 'ignore' : 'none';
  };

  const touchMove = (event: BoardPointer) => {
    if (event.pointerType !== 'touch' || !touches.current.has(event.pointerId)) return false;
    touches.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    const start = pinch.current;
    if (!start || touches.current.size !== 2) return false;
    const now = pinchState();
    const rect = svgRef.current!.getBoundingClientRect();
    const zoom = clampZoom(start.camera.zoom * (now.distance / Math.max(start.distance, 1)));
    // The board point under the fingers' starting midpoint stays under their midpoint now.
    const anchorX = start.camera.x + (start.midX - rect.left) / start.camera.zoom;
    const anchorY = start.camera.y + (start.midY - rect.top) / start.camera.zoom;
    onCamera({ zoom, x: anchorX - (now.midX - rect.left) / zoom, y: anchorY - (now.midY - rect.top) / zoom });
    return true;
  };

  const touchUp = (event: BoardPointer) => {
    if (event.pointerType !== 'touch') return false;
    touches.current.delete(event.pointerId);
    if (!pinch.current) return false;
    if (touches.current.size === 0) pinch.current = null;
    return true;
  };

  return { touchDown, touchMove, touchUp };
}
