import { describe, expect, it } from 'vitest';
import type { Section } from '../../schema/contracts/sections';
import { applyKeys, flattenTree, projectDrop, siblingKeys } from '../../web/features/sections/section-tree';

const node = (_id: string, kind: Section['kind'], sections: Section[] = [], parent: string | null = null, sortingKey = 1) =>
  ({ _id, kind, title: _id, parent, sortingKey, sections }) as unknown as Section;

// A (section) > [a1 lesson], B (section) > [], C (resource)
const tree = [node('A', 'SECTION', [node('a1', 'TEAMS', [], 'A')]), node('B', 'SECTION', [], null, 2), node('C', 'RESOURCE', [], null, 3)];
const flat = flattenTree(tree);
const INDENT = 24;

describe('drop projection', () => {
  it('keeps a top-level section at the top level when moved straight down', () => {
    const drop = projectDrop(flat, 'A', 'B', 0, INDENT);
    expect(drop.parent).toBeNull();
    expect(siblingKeys(drop.moved, 'A', drop.parent)).toEqual([
      { _id: 'B', parent: null, sortingKey: 1 },
      { _id: 'A', parent: null, sortingKey: 2 },
      { _id: 'C', parent: null, sortingKey: 3 },
    ]);
  });

  it('moves a row into the section above when dragged one indent to the right', () => {
    expect(projectDrop(flat, 'C', 'C', INDENT, INDENT).parent).toBe('B');
  });

  it('never nests under something that is not a section', () => {
    expect(projectDrop(flat, 'B', 'B', INDENT * 2, INDENT).parent).toBe('A');
    expect(projectDrop(flat, 'C', 'C', INDENT * 3, INDENT).parent).toBe('B');
  });

  it('moves a lesson out of its section when dragged left', () => {
    expect(projectDrop(flat, 'a1', 'a1', -INDENT, INDENT).parent).toBeNull();
  });

  it('applies saved keys to the tree for an optimistic view', () => {
    const next = applyKeys(tree, [{ _id: 'C', parent: 'B', sortingKey: 1 }]);
    expect(next.map((s) => s._id)).toEqual(['A', 'B']);
    expect(next[1]!.sections.map((s) => s._id)).toEqual(['C']);
  });
});
