import { arrayMove } from '@dnd-kit/sortable';
import type { Section } from '../../../schema/contracts/sections';

/** One row of the tree as drawn: the section, how deep it sits and which section holds it. */
export interface FlatItem {
  id: string;
  parent: string | null;
  depth: number;
  section: Section;
}

export function flattenTree(nodes: Section[], depth = 0, parent: string | null = null): FlatItem[] {
  return nodes.flatMap((section) => [{ id: section._id, parent, depth, section }, ...flattenTree(section.sections, depth + 1, section._id)]);
}

/** Ids of everything below `id` in the flattened list. */
export function descendantIds(items: FlatItem[], id: string): Set<string> {
  const found = new Set<string>();
  for (const item of items) if (item.parent !== null && (item.parent === id || found.has(item.parent))) found.add(item.id);
  return found;
}

/**
 * Where a dragged row lands: its index among the rows, and its new parent from how far it was moved sideways
 * (one indent per level; the keyboard moves sideways with the left and right arrows). Only a SECTION can hold others.
 */
export function projectDrop(items: FlatItem[], activeId: string, overId: string, offsetX: number, indent: number) {
  const from = items.findIndex((i) => i.id === activeId);
  const to = items.findIndex((i) => i.id === overId);
  const moved = arrayMove(items, from, to);
  const active = items[from]!;
  const previous = moved[to - 1];
  const next = moved[to + 1];
  const wanted = active.depth + Math.round(offsetX / indent);
  const maxDepth = previous ? previous.depth + (previous.section.kind === 'SECTION' ? 1 : 0) : 0;
  const minDepth = next ? next.depth : 0;
  const depth = Math.max(minDepth, Math.min(wanted, maxDepth));
  let parent: string | null = null;
  if (previous && depth > 0) {
    if (depth === previous.depth) parent = previous.parent;
    else if (depth > previous.depth) parent = previous.id;
    else
      parent =
        moved
          .slice(0, to)
          .reverse()
          .find((i) => i.depth === depth)?.parent ?? null;
  }
  return { moved, index: to, depth, parent };
}

/**
 * The sorting keys to save after a drop: the new siblings of the moved row, numbered in their new order. Only that
 * one sibling group changes, so the call names as few sections as possible.
 */
export function siblingKeys(moved: FlatItem[], activeId: string, parent: string | null) {
  const withParent = moved.map((i) => (i.id === activeId ? { ...i, parent } : i));
  return withParent.filter((i) => i.parent === parent).map((i, n) => ({ _id: i.id, parent, sortingKey: n + 1 }));
}

/** The tree after applying saved keys, so the screen shows the drop at once (and can roll back to the old tree). */
export function applyKeys(tree: Section[], items: { _id: string; parent: string | null; sortingKey: number }[]): Section[] {
  const all = flattenTree(tree).map((i) => ({ ...i.section, sections: [] as Section[] }));
  const changes = new Map(items.map((i) => [i._id, i]));
  const byId = new Map(
    all.map((s) => {
      const change = changes.get(s._id);
      return [s._id, change ? { ...s, parent: change.parent, sortingKey: change.sortingKey } : s] as const;
    }),
  );
  const roots: Section[] = [];
  const ordered = [...byId.values()].sort((a, b) => a.sortingKey - b.sortingKey);
  for (const s of ordered) {
    if (s.parent === null) roots.push(s);
    else byId.get(s.parent)?.sections.push(s);
  }
  return roots;
}

const isLesson = (section: Section) => (section.kind === 'ZOOM' || section.kind === 'TEAMS') && section.start !== null;
const endOf = (lesson: Section) => Date.parse(lesson.start!) + (lesson.duration ?? 0) * 60_000;

/**
 * The tree as a reader wants it: in each group, sections, resources and homework keep the place their editor gave
 * them, and the places held by lessons are filled by date — upcoming lessons first, soonest at the top, then the ones
 * that have ended, most recent first. A booked lesson is saved after everything else, so manual order alone would
 * list a lesson booked later for an earlier day below it.
 */
export function lessonsByDate(nodes: Section[], now: number): Section[] {
  const lessons = nodes.filter(isLesson);
  const upcoming = lessons.filter((l) => endOf(l) > now).sort((a, b) => Date.parse(a.start!) - Date.parse(b.start!));
  const ended = lessons.filter((l) => endOf(l) <= now).sort((a, b) => Date.parse(b.start!) - Date.parse(a.start!));
  const byDate = [...upcoming, ...ended];
  return nodes.map((node) => (isLesson(node) ? byDate.shift()! : node)).map((node) => ({ ...node, sections: lessonsByDate(node.sections, now) }));
}
