/**
 * How the tiles sit: a strip above the board that never covers it. Wide screens give each tile a 16:9 box up to
 * 12rem wide; on a phone (under 640 px) the tiles shrink to fit two or three across and the strip scrolls sideways.
 */
export interface TileLayout {
  /** tile width in px */
  width: number;
  /** tiles visible without scrolling */
  across: number;
  scrolls: boolean;
}

const GAP = 8;

export function tileLayout(count: number, stripWidth: number): TileLayout {
  const phone = stripWidth < 640;
  const max = phone ? 140 : 192;
  const min = phone ? 104 : 144;
  const fit = Math.max(1, Math.floor((stripWidth + GAP) / (min + GAP)));
  const across = Math.min(Math.max(count, 1), fit);
  const width = Math.max(min, Math.min(max, Math.floor((stripWidth - GAP * (across - 1)) / across)));
  return { width, across, scrolls: count > fit };
}
