import { ArrowUpRight, Circle, Eraser, Hand, Highlighter, type LucideIcon, Minus, MousePointer2, Pen, Square, Type, Zap } from 'lucide-react';

export type Tool = 'select' | 'pen' | 'highlighter' | 'eraser' | 'line' | 'arrow' | 'rect' | 'ellipse' | 'text' | 'laser' | 'hand';

export interface ToolInfo {
  tool: Tool;
  label: string;
  key: string;
  icon: LucideIcon;
  /** changes the board, so read-only people cannot pick it */
  writes: boolean;
}

export const tools: ToolInfo[] = [
  { tool: 'select', label: 'Select', key: 'v', icon: MousePointer2, writes: true },
  { tool: 'pen', label: 'Pen', key: 'p', icon: Pen, writes: true },
  { tool: 'highlighter', label: 'Highlighter', key: 'h', icon: Highlighter, writes: true },
  { tool: 'eraser', label: 'Eraser', key: 'e', icon: Eraser, writes: true },
  { tool: 'line', label: 'Line', key: 'l', icon: Minus, writes: true },
  { tool: 'arrow', label: 'Arrow', key: 'a', icon: ArrowUpRight, writes: true },
  { tool: 'rect', label: 'Rectangle', key: 'r', icon: Square, writes: true },
  { tool: 'ellipse', label: 'Ellipse', key: 'o', icon: Circle, writes: true },
  { tool: 'text', label: 'Text', key: 't', icon: Type, writes: true },
  { tool: 'laser', label: 'Laser pointer', key: 'k', icon: Zap, writes: false },
  { tool: 'hand', label: 'Move the board', key: 'm', icon: Hand, writes: false },
];

/** Ink that reads on the white board in either theme. */
export const inks = [
  { color: '#1e293b', label: 'Black' },
  { color: '#2563eb', label: 'Blue' },
  { color: '#dc2626', label: 'Red' },
  { color: '#16a34a', label: 'Green' },
  { color: '#ea580c', label: 'Orange' },
  { color: '#9333ea', label: 'Purple' },
];

export const highlighterInks = [
  { color: '#facc15', label: 'Yellow' },
  { color: '#4ade80', label: 'Green' },
  { color: '#f472b6', label: 'Pink' },
  { color: '#38bdf8', label: 'Blue' },
];

export const sizes = [
  { size: 2, label: 'Fine' },
  { size: 4, label: 'Medium' },
  { size: 8, label: 'Bold' },
];
