import clsx from 'clsx';
import { ChartSpline, ImagePlus, Redo2, Undo2, ZoomIn, ZoomOut } from 'lucide-react';
import type { RefObject } from 'react';
import { focusRing } from '../../../ui/classes';
import { highlighterInks, inks, sizes, type Tool, tools } from './tools';

interface Props {
  tool: Tool;
  onTool: (tool: Tool) => void;
  color: string;
  onColor: (color: string) => void;
  highlighter: boolean;
  size: number;
  onSize: (size: number) => void;
  readOnly: boolean;
  canUndo: boolean;
  canRedo: boolean;
  onUndo: () => void;
  onRedo: () => void;
  onImage: (file: File) => void;
  graphButton: RefObject<HTMLButtonElement | null>;
  graphsOpen: boolean;
  onGraphs: () => void;
}

const toolButton = `inline-flex size-9 shrink-0 items-center justify-center rounded-lg text-slate-600 transition hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-40 dark:text-slate-300 dark:hover:bg-slate-800 ${focusRing}`;
const divider = <span aria-hidden className="mx-1 h-6 w-px shrink-0 bg-slate-200 dark:bg-slate-700" />;

/** The board's tools; each button names its shortcut so keyboard users find them. */
export function BoardToolbar(props: Props) {
  const palette = props.highlighter ? highlighterInks : inks;
  return (
    <div
      role="toolbar"
      aria-label="Whiteboard tools"
      className="mb-2 flex flex-wrap items-center gap-0.5 rounded-2xl bg-white p-1.5 shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-700"
    >
      {tools.map(({ tool, label, key, icon: Icon, writes }) => (
        <button
          key={tool}
          type="button"
          className={clsx(toolButton, props.tool === tool && 'bg-brand/15 text-brand-deep ring-1 ring-brand dark:bg-brand/20 dark:text-brand')}
          aria-pressed={props.tool === tool}
          aria-label={`${label} (${key.toUpperCase()})`}
          title={`${label} (${key.toUpperCase()})`}
          disabled={writes && props.readOnly}
          onClick={() => props.onTool(tool)}
        >
          <Icon className="size-4.5" aria-hidden />
        </button>
      ))}
      <label className={clsx(toolButton, 'cursor-pointer', props.readOnly && 'pointer-events-none opacity-40')} title="Add an image">
        <ImagePlus className="size-4.5" aria-hidden />
        <span className="sr-only">Add an image</span>
        <input
          type="file"
          accept="image/png,image/jpeg,image/webp"
          className="sr-only"
          disabled={props.readOnly}
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) props.onImage(file);
            event.target.value = '';
          }}
        />
      </label>
      <button
        ref={props.graphButton}
        type="button"
        className={clsx(toolButton, props.graphsOpen && 'bg-brand/15 text-brand-deep ring-1 ring-brand dark:bg-brand/20 dark:text-brand')}
        aria-expanded={props.graphsOpen}
        aria-label="Graphs"
        title="Graphs: plot functions together"
        onClick={props.onGraphs}
      >
        <ChartSpline className="size-4.5" aria-hidden />
      </button>
      {divider}
      <div role="radiogroup" aria-label="Colour" className="flex shrink-0 items-center gap-1 px-1">
        {palette.map(({ color, label }) => (
          <button
            key={color}
            type="button"
            role="radio"
            aria-checked={props.color === color}
            aria-label={label}
            title={label}
            disabled={props.readOnly}
            onClick={() => props.onColor(color)}
            className={clsx(
              'size-6 shrink-0 rounded-full ring-offset-2 transition disabled:opacity-40 dark:ring-offset-slate-900',
              focusRing,
              props.color === color ? 'ring-2 ring-slate-500 dark:ring-slate-200' : 'ring-1 ring-black/10 dark:ring-white/20',
            )}
            style={{ backgroundColor: color }}
          />
        ))}
      </div>
      {divider}
      <div role="radiogroup" aria-label="Thickness" className="flex shrink-0 items-center">
        {sizes.map(({ size, label }) => (
          <button
            key={size}
            type="button"
            role="radio"
            aria-checked={props.size === size}
            aria-label={label}
            title={label}
            disabled={props.readOnly}
            onClick={() => props.onSize(size)}
            className={clsx(toolButton, props.size === size && 'bg-slate-100 dark:bg-slate-800')}
          >
            <span className="rounded-full bg-current" style={{ width: size + 3, height: size + 3 }} />
          </button>
        ))}
      </div>
      {divider}
      <button
        type="button"
        className={toolButton}
        aria-label="Undo (Ctrl+Z)"
        title="Undo (Ctrl+Z)"
        disabled={!props.canUndo || props.readOnly}
        onClick={props.onUndo}
      >
        <Undo2 className="size-4.5" aria-hidden />
      </button>
      <button
        type="button"
        className={toolButton}
        aria-label="Redo (Ctrl+Shift+Z)"
        title="Redo (Ctrl+Shift+Z)"
        disabled={!props.canRedo || props.readOnly}
        onClick={props.onRedo}
      >
        <Redo2 className="size-4.5" aria-hidden />
      </button>
    </div>
  );
}

/** Zoom controls, floating on the board's lower left corner (the lower right is the support chat's). */
export function ZoomControls(props: { zoom: number; onZoomIn: () => void; onZoomOut: () => void; onZoomReset: () => void }) {
  return (
    <div className="absolute bottom-3 left-3 flex items-center rounded-xl bg-white/95 p-0.5 shadow-sm ring-1 ring-slate-200 dark:bg-slate-900/95 dark:ring-slate-700">
      <button type="button" className={toolButton} aria-label="Zoom out" title="Zoom out" onClick={props.onZoomOut}>
        <ZoomOut className="size-4.5" aria-hidden />
      </button>
      <button
        type="button"
        className={clsx(toolButton, 'w-14 text-xs font-medium tabular-nums')}
        aria-label={`${Math.round(props.zoom * 100)}%, reset zoom`}
        title="Reset zoom"
        onClick={props.onZoomReset}
      >
        {Math.round(props.zoom * 100)}%
      </button>
      <button type="button" className={toolButton} aria-label="Zoom in" title="Zoom in" onClick={props.onZoomIn}>
        <ZoomIn className="size-4.5" aria-hidden />
      </button>
    </div>
  );
}
