import type { ReactNode } from 'react';
import { AdminTabsPage } from '../../entities/roles/AdminTabsPage';
import { useCan } from '../../entities/roles/admin-permissions';
import PremiumOfferPanel from './PremiumOfferPanel';
import PriceCheckPanel from './PriceCheckPanel';
import RatesPanel from './RatesPanel';
import RecordList from './RecordList';
import {
  coursePermissionTemplates,
  coursePricingTemplates,
  courseTypes,
  flexiblePlans,
  flexibleRateVersions,
  groups,
  groupVersions,
  oneToOneVersions,
  type RecordKind,
  studentTypes,
  subscriptionPlans,
  subscriptionRateVersions,
} from './record-kinds';

const withRates = (kind: RecordKind) => ({
  kind,
  details: (row: { _id: string }) => <RatesPanel table={kind.rateTable!} versionId={row._id} resource={kind.resource} />,
});

interface Area {
  title: string;
  lists: { kind: RecordKind; details?: (row: { _id: string }) => ReactNode }[];
  extra?: ReactNode;
  /** Who may see the extra panel, when it is not every record list's reader. */
  extraResource?: string;
}

const areas: Area[] = [
  { title: 'Plans', lists: [{ kind: flexiblePlans }, { kind: subscriptionPlans }], extra: <PremiumOfferPanel />, extraResource: 'subscriptionPlans' },
  { title: 'Groups', lists: [{ kind: groups }] },
  { title: 'Tutor rates', lists: [withRates(oneToOneVersions), withRates(groupVersions), { kind: studentTypes }, { kind: courseTypes }] },
  { title: 'Student rates', lists: [withRates(flexibleRateVersions), withRates(subscriptionRateVersions)] },
  { title: 'Course pricing', lists: [{ kind: coursePricingTemplates }] },
  { title: 'Course permissions', lists: [{ kind: coursePermissionTemplates }] },
  { title: 'Price check', lists: [], extra: <PriceCheckPanel />, extraResource: 'tutorRates' },
];

/** The admin "Pricing" screens: each tab shows only the record kinds the admin's role lets them view. */
export default function PricingPage() {
  const can = useCan();
  const visible = areas
    .map((area) => ({
      ...area,
      lists: area.lists.filter(({ kind }) => can({ [kind.resource]: ['view'] })),
      extra: area.extra && area.extraResource && can({ [area.extraResource]: ['view'] }) ? area.extra : undefined,
    }))
    .filter((area) => area.lists.length > 0 || area.extra);

  return (
    <AdminTabsPage
      title="Pricing"
      intro="Plans students buy, and the versioned rates that price every lesson."
      noAccess={{ title: 'No access to pricing', text: 'Your role does not include plans or rates. Ask an admin who has them.' }}
      tabsLabel="Pricing areas"
      tabListClassName="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 sm:mx-0 sm:px-0"
      tabClassName="shrink-0"
      tabs={visible.map((area) => ({
        label: area.title,
        panel: (
          <>
            {area.lists.map(({ kind, details }) => (
              <RecordList key={kind.id} kind={kind} details={details} />
            ))}
            {area.extra}
          </>
        ),
      }))}
    />
  );
}
