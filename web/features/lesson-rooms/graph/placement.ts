import type { Camera } from '../board/camera';

/** Narrower than this, the graph panel is a sheet over the screen's lower part instead of a column on the board's right. */
const SHEET_BELOW_PX = 640;
const PANEL_PX = 336;
/** The part of the screen's height the sheet leaves free (GraphPanel's max-h-[42vh]). */
const ABOVE_SHEET = 0.58;

/**
 * Where a new graph goes: 480 × 360 board units, or less when the view is small, centred in the part of the view
 * the graph panel leaves free, so whoever adds it sees it beside the editor.
 */
export function newGraphPlace(view: { top: number; width: number; height: number }, screenHeight: number, camera: Camera) {
  const sheet = view.width < SHEET_BELOW_PX;
  const free = sheet
    ? { width: view.width, height: Math.max(120, Math.min(view.height, screenHeight * ABOVE_SHEET - view.top)) }
    : { width: view.width - PANEL_PX, height: view.height };
  const width = Math.min(480, (free.width * 0.9) / camera.zoom, ((free.height * 0.9) / camera.zoom) * (4 / 3));
  const height = width * 0.75;
  return {
    x: Math.round(camera.x + free.width / 2 / camera.zoom - width / 2),
    y: Math.round(camera.y + free.height / 2 / camera.zoom - height / 2),
    width: Math.round(width),
    height: Math.round(height),
  };
}
