import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { useAtomValue } from 'jotai';
import { ShieldOff } from 'lucide-react';
import { signedInUserAtom } from '../../lib/session';
import { pillTab } from '../../ui/classes';
import { EmptyState } from '../../ui/EmptyState';
import { LoadingStatus } from '../../ui/LoadingStatus';
import { useAdminPermissions, useCan } from './admin-permissions';
import RoleList from './RoleList';
import { adminRoles, tutorRoles } from './role-kinds';

const tabClass = pillTab();

export default function RolesPage() {
  const user = useAtomValue(signedInUserAtom);
  const permissions = useAdminPermissions();
  const loading = user?.role.name === 'ADMIN' && !permissions;
  const can = useCan();
  const kinds = [adminRoles, tutorRoles].filter((kind) => can({ [kind.resource]: ['view'] }));

  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6 sm:py-12 lg:px-8">
      <p className="text-sm font-semibold text-brand">Admin</p>
      <h1 className="mt-1 text-3xl font-bold tracking-tight text-slate-900 dark:text-white">Roles</h1>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">Who may do what in the admin area, and inside courses.</p>
      <div className="mt-6">
        {loading ? (
          <LoadingStatus className="py-16" />
        ) : kinds.length === 0 ? (
          <EmptyState
            icon={<ShieldOff className="size-6" aria-hidden="true" />}
            title="No access to roles"
            text="Your role does not include managing roles. Ask an admin who has it."
          />
        ) : (
          <TabGroup>
            <TabList aria-label="Kinds of role" className="flex gap-2">
              {kinds.map((kind) => (
                <Tab key={kind.resource} className={tabClass}>
                  {kind.resource === 'roles' ? 'Admin roles' : 'Tutor roles'}
                </Tab>
              ))}
            </TabList>
            <TabPanels className="mt-6">
              {kinds.map((kind) => (
                <TabPanel key={kind.resource}>
                  <RoleList kind={kind} />
                </TabPanel>
              ))}
            </TabPanels>
          </TabGroup>
        )}
      </div>
    </div>
  );
}
