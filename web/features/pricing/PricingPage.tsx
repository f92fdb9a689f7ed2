import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { useAtomValue } from 'jotai';
import { ShieldOff } from 'lucide-react';
import type { ReactNode } from 'react';
import { signedInUserAtom } from '../../lib/session';
import { pillTab } from '../../ui/classes';
import { EmptyState } from '../../ui/EmptyState';
import { LoadingStatus } from '../../ui/LoadingStatus';
import { useAdminPermissions, useCan } from '../roles/admin-permissions';
import PriceCheckPanel from './PriceCheckPanel';
import RatesPanel from './RatesPanel';
import RecordList from './RecordList';
import {
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

const tabClass = pillTab('shrink-0');

const withRates = (kind: RecordKind) => ({
  kind,
  details: (row: { _id: string }) => <RatesPanel table={kind.rateTable!} versionId={row._id} resource={kind.resource} />,
});

interface Area {
  title: string;
  lists: { kind: RecordKind; details?: (row: { _id: string }) => ReactNode }[];
  extra?: ReactNode;
}

const areas: Area[] = [
  { title: 'Plans', lists: [{ kind: flexiblePlans }, { kind: subscriptionPlans }] },
  { title: 'Groups', lists: [{ kind: groups }] },
  { title: 'Tutor rates', lists: [withRates(oneToOneVersions), withRates(groupVersions), { kind: studentTypes }, { kind: courseTypes }] },
  { title: 'Student rates', lists: [withRates(flexibleRateVersions), withRates(subscriptionRateVersions)] },
  { title: 'Course pricing', lists: [{ kind: coursePricingTemplates }] },
  { title: 'Price check', lists: [], extra: <PriceCheckPanel /> },
];

/** The admin "Pricing" screens: each tab shows only the record kinds the admin's role lets them view. */
export default function PricingPage() {
  const user = useAtomValue(signedInUserAtom);
  const permissions = useAdminPermissions();
  const can = useCan();
  const loading = user?.role.name === 'ADMIN' && !permissions;
  const visible = areas
    .map((area) => ({
      ...area,
      lists: area.lists.filter(({ kind }) => can({ [kind.resource]: ['view'] })),
      extra: area.extra && can({ tutorRates: ['view'] }) ? area.extra : undefined,
    }))
    .filter((area) => area.lists.length > 0 || area.extra);

  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6 sm:py-12 lg:px-8">
      <p className="text-sm font-semibold text-brand">Admin</p>
      <h1 className="mt-1 text-3xl font-bold tracking-tight text-slate-900 dark:text-white">Pricing</h1>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">Plans students buy, and the versioned rates that price every lesson.</p>
      <div className="mt-6">
        {loading ? (
          <LoadingStatus className="py-16" />
        ) : visible.length === 0 ? (
          <EmptyState
            icon={<ShieldOff className="size-6" aria-hidden="true" />}
            title="No access to pricing"
            text="Your role does not include plans or rates. Ask an admin who has them."
          />
        ) : (
          <TabGroup>
            <TabList aria-label="Pricing areas" className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 sm:mx-0 sm:px-0">
              {visible.map((area) => (
                <Tab key={area.title} className={tabClass}>
                  {area.title}
                </Tab>
              ))}
            </TabList>
            <TabPanels className="mt-6">
              {visible.map((area) => (
                <TabPanel key={area.title}>
                  {area.extra}
                  {area.lists.map(({ kind, details }) => (
                    <RecordList key={kind.id} kind={kind} details={details} />
                  ))}
                </TabPanel>
              ))}
            </TabPanels>
          </TabGroup>
        )}
      </div>
    </div>
  );
}
