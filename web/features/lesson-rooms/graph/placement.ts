import type { Camera } from '../board/camera';

/** Narrower than this, the graph panel is a sheet over the board's lower half instead of a column on its right. */
const SHEET_BELOW_PX = 640;
const PANEL_PX = 336;

/**
 * Where a new graph goes: 480 × 360 board units, or less when the view is small, centred in the part of the view
 * the graph panel leaves free, so whoever adds it sees it beside the editor.
 */
export function newGraphPlace(view: { width: number; height: number }, camera: Camera) {
  const sheet = view.width < SHEET_BELOW_PX;
  const free = sheet ? { width: view.width, height: view.height * 0.45 } : { width: view.width - PANEL_PX, height: view.height };
  const width = Math.min(480, (free.width * 0.9) / camera.zoom, ((free.height * 0.9) / camera.zoom) * (4 / 3));
  const height = width * 0.75;
  return {
    x: Math.round(camera.x + free.width / 2 / camera.zoom - width / 2),
    y: Math.round(camera.y + free.height / 2 / camera.zoom - height / 2),
    width: Math.round(width),
    height: Math.round(height),
  };
}
