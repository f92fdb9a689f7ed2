import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { useAtomValue } from 'jotai';
import { ShieldOff } from 'lucide-react';
import type { ReactNode } from 'react';
import { signedInUserAtom } from '../../lib/session';
import { pillTab } from '../../ui/classes';
import { EmptyState } from '../../ui/EmptyState';
import { LoadingStatus } from '../../ui/LoadingStatus';
import { useAdminPermissions } from './admin-permissions';

/**
 * An admin screen of tabs: the heading, a spinner while the admin's permissions load, a sentence saying why not when
 * the role may view none of the tabs, and otherwise the tabs the caller kept for this role.
 */
export function AdminTabsPage({
  title,
  intro,
  noAccess,
  tabsLabel,
  tabListClassName,
  tabClassName,
  tabs,
}: {
  title: string;
  intro: string;
  noAccess: { title: string; text: string };
  tabsLabel: string;
  tabListClassName: string;
  tabClassName?: string;
  tabs: { label: string; panel: ReactNode }[];
}) {
  const user = useAtomValue(signedInUserAtom);
  const permissions = useAdminPermissions();
  const loading = user?.role.name === 'ADMIN' && !permissions;
  const tabClass = pillTab(tabClassName);
  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6 sm:py-12 lg:px-8">
      <p className="text-sm font-semibold text-brand-deep">Admin</p>
      <h1 className="mt-1 text-3xl font-bold tracking-tight text-slate-900 dark:text-white">{title}</h1>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{intro}</p>
      <div className="mt-6">
        {loading ? (
          <LoadingStatus className="py-16" />
        ) : tabs.length === 0 ? (
          <EmptyState icon={<ShieldOff className="size-6" aria-hidden="true" />} title={noAccess.title} text={noAccess.text} />
        ) : (
          <TabGroup>
            <TabList aria-label={tabsLabel} className={tabListClassName}>
              {tabs.map((tab) => (
                <Tab key={tab.label} className={tabClass}>
                  {tab.label}
                </Tab>
              ))}
            </TabList>
            <TabPanels className="mt-6">
              {tabs.map((tab) => (
                <TabPanel key={tab.label}>{tab.panel}</TabPanel>
              ))}
            </TabPanels>
          </TabGroup>
        )}
      </div>
    </div>
  );
}
