import { AdminTabsPage } from '../../entities/roles/AdminTabsPage';
import { useCan } from '../../entities/roles/admin-permissions';
import RoleList from './RoleList';
import { adminRoles, tutorRoles } from './role-kinds';

export default function RolesPage() {
  const can = useCan();
  const kinds = [adminRoles, tutorRoles].filter((kind) => can({ [kind.resource]: ['view'] }));

  return (
    <AdminTabsPage
      title="Roles"
      intro="Who may do what in the admin area, and inside courses."
      noAccess={{ title: 'No access to roles', text: 'Your role does not include managing roles. Ask an admin who has it.' }}
      tabsLabel="Kinds of role"
      tabListClassName="flex gap-2"
      tabs={kinds.map((kind) => ({ label: kind.resource === 'roles' ? 'Admin roles' : 'Tutor roles', panel: <RoleList kind={kind} /> }))}
    />
  );
}
