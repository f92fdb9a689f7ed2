import type { PermissionMap } from '../../schema/contracts/permissions';

const words = (resource: string) => resource.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();

/** "gave pay runs: create; took away invoices: edit": what a role's new permissions change, for the audit log. */
export function permissionChanges(before: PermissionMap, after: PermissionMap) {
  const gave: string[] = [];
  const took: string[] = [];
  for (const resource of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const was = before[resource] ?? [];
    const now = after[resource] ?? [];
    const added = now.filter((action) => !was.includes(action));
    const removed = was.filter((action) => !now.includes(action));
    if (added.length) gave.push(`${words(resource)}: ${added.join(', ')}`);
    if (removed.length) took.push(`${words(resource)}: ${removed.join(', ')}`);
  }
  return [gave.length ? `gave ${gave.join('; ')}` : '', took.length ? `took away ${took.join('; ')}` : ''].filter(Boolean).join('; ');
}

/** A role's change in one sentence: its new name, description, status and permissions, as far as they changed. */
export function roleChangeSummary(
  before: { name: string; permissions: PermissionMap },
  changes: Partial<{ name: string; description: string; status: string; permissions: PermissionMap }>,
) {
  const parts = [
    changes.name !== undefined ? `renamed it from "${before.name}" to "${changes.name}"` : '',
    changes.description !== undefined ? 'changed its description' : '',
    changes.status !== undefined ? `set it ${changes.status.toLowerCase()}` : '',
    changes.permissions ? permissionChanges(before.permissions, changes.permissions) : '',
  ].filter(Boolean);
  const sentence = parts.join('; ') || 'changed nothing';
  return `${sentence[0]!.toUpperCase()}${sentence.slice(1)}`;
}
