import type { PermissionMap } from '../../../schema/contracts/permissions';

/** `adminUsers` → "Admin users", `COURSE` → "Course", `logInAsUser` → "Log in as user". */
export function humanize(key: string) {
  const words = key.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const COLUMNS = ['view', 'create', 'edit', 'delete'] as const;

interface PermissionGridProps {
  catalogue: Record<string, readonly string[]>;
  value: PermissionMap;
  onChange: (next: PermissionMap) => void;
  disabled?: boolean;
  error?: string;
}

/**
 * Resource × action checkboxes. The four common actions are columns; the few actions only one resource has
 * (log in as user, appeal request, …) sit under the resource's name, so the grid fits a phone.
 */
export default function PermissionGrid({ catalogue, value, onChange, disabled, error }: PermissionGridProps) {
  const toggle = (resource: string, action: string, on: boolean) => {
    const actions = new Set(value[resource] ?? []);
    if (on) actions.add(action);
    else actions.delete(action);
    const allowed = catalogue[resource] ?? [];
    const next = { ...value, [resource]: allowed.filter((a) => actions.has(a)) };
    if (next[resource]!.length === 0) delete next[resource];
    onChange(next);
  };

  const box = (resource: string, action: string) => (
    <input
      type="checkbox"
      aria-label={`${humanize(resource)}: ${humanize(action)}`}
      checked={value[resource]?.includes(action) ?? false}
      disabled={disabled}
      onChange={(e) => toggle(resource, action, e.target.checked)}
      className="size-4 rounded border-slate-300 accent-teal-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand dark:border-slate-600"
    />
  );

  return (
    <fieldset aria-describedby={error ? 'permissions-error' : undefined}>
      <legend className="text-sm font-medium text-slate-700 dark:text-slate-200">Permissions</legend>
      {error && (
        <p id="permissions-error" className="mt-1 text-sm text-rose-600 dark:text-rose-400">
          {error}
        </p>
      )}
      <div className="mt-2 max-h-[55vh] overflow-auto rounded-xl ring-1 ring-slate-200 dark:ring-slate-800">
        <table className="w-full text-sm" data-testid="permission-grid">
          <thead className="sticky top-0 z-10 bg-slate-50 text-xs font-semibold text-slate-500 dark:bg-slate-800 dark:text-slate-400">
            <tr>
              <th scope="col" className="px-3 py-2 text-left">
                Resource
              </th>
              {COLUMNS.map((action) => (
                <th key={action} scope="col" className="w-14 px-1 py-2 text-center sm:w-20">
                  {humanize(action)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
            {Object.entries(catalogue).map(([resource, actions]) => {
              const extra = actions.filter((a) => !(COLUMNS as readonly string[]).includes(a));
              return (
                <tr key={resource} className="align-top">
                  <th scope="row" className="px-3 py-2.5 text-left font-medium text-slate-800 dark:text-slate-100">
                    {humanize(resource)}
                    {extra.length > 0 && (
                      <div className="mt-1.5 flex flex-wrap gap-x-3 gap-y-1 font-normal">
                        {extra.map((action) => (
                          <label key={action} className="inline-flex items-center gap-1.5 text-xs text-slate-600 dark:text-slate-300">
                            {box(resource, action)}
                            {humanize(action)}
                          </label>
                        ))}
                      </div>
                    )}
                  </th>
                  {COLUMNS.map((action) => (
                    <td key={action} className="px-1 py-2.5 text-center">
                      {actions.includes(action) ? (
                        box(resource, action)
                      ) : (
                        <span className="text-slate-300 dark:text-slate-700" aria-hidden="true">
                          —
                        </span>
                      )}
                    </td>
                  ))}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </fieldset>
  );
}
