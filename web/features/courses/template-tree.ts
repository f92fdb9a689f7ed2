import type { TemplateSection, TemplateSectionKind } from '../../../schema/contracts/course-templates';

export const sectionKindLabels: Record<TemplateSectionKind, string> = {
  SECTION: 'Section',
  ZOOM: 'Zoom meeting',
  TEAMS: 'Teams meeting',
  RESOURCE: 'Resource',
  HOMEWORK: 'Homework',
};

/** Where an item sits in the tree: its index at each level, from the top. */
export type TreePath = number[];

/** The tree with the item at `path` changed by `change` (or removed when it answers null); the rest is kept as it was. */
export function changeItem(tree: TemplateSection[], path: TreePath, change: (item: TemplateSection) => TemplateSection | null): TemplateSection[] {
  const [index, ...rest] = path;
  return tree.flatMap((item, i) => {
    if (i !== index) return [item];
    if (rest.length) return [{ ...item, sections: changeItem(item.sections ?? [], rest, change) }];
    const changed = change(item);
    return changed ? [changed] : [];
  });
}
