import { AdminTabsPage } from '../../entities/roles/AdminTabsPage';
import { useCan } from '../../entities/roles/admin-permissions';
import EntriesPanel from './EntriesPanel';

/** /portal/admin/penalty-waivers: waivers and appeals (spec 1 section 7) and manual adjustments (spec 2), a tab each. */
export default function PenaltyWaiversPage() {
  const can = useCan();
  const tabs = [
    ...(can({ penaltyWaivers: ['view', 'appealRequest'] }) ? [{ label: 'Penalty waivers', panel: <EntriesPanel kind="waiver" /> }] : []),
    ...(can({ manualAdjustments: ['view'] }) ? [{ label: 'Manual adjustments', panel: <EntriesPanel kind="manual" /> }] : []),
  ];
  return (
    <AdminTabsPage
      title="Penalty waivers"
      intro="Additions to and deductions from tutors’ pay, the appeals tutors make against deductions, and manual adjustments."
      noAccess={{ title: 'No access to penalty waivers', text: 'Your role does not include penalty waivers or manual adjustments. Ask an admin who has them.' }}
      tabsLabel="Penalty waivers and adjustments"
      tabListClassName="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 sm:mx-0 sm:px-0"
      tabClassName="shrink-0"
      tabs={tabs}
    />
  );
}
