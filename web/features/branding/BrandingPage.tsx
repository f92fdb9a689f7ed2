import { useSetAtom } from 'jotai';
import { Palette } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { Branding } from '../../../schema/contracts/branding';
import { useAdminGate } from '../../entities/roles/admin-gate';
import { useCan } from '../../entities/roles/admin-permissions';
import { applyTenantTheme } from '../../entities/tenant/apply-theme';
import { tenantAtom } from '../../entities/tenant/atoms';
import LoadFailure from '../../ui/LoadFailure';
import { LoadingStatus } from '../../ui/LoadingStatus';
import { useToast } from '../../ui/toast/use-toast';
import { brandingCalls } from './api';
import BrandingEditor from './BrandingEditor';

/** /portal/admin/branding: the tenant's name, colours, icon, contacts, landing words and mail sender, with a preview. */
export default function BrandingPage() {
  const gate = useAdminGate({ branding: ['view'] }, { title: 'No access to branding', text: 'Your role does not include branding. Ask an admin who has it.' });
  return gate ?? <BrandingScreen />;
}

function BrandingScreen() {
  const can = useCan();
  const toast = useToast();
  const setTenant = useSetAtom(tenantAtom);
  const [branding, setBranding] = useState<Branding | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setFailed(false);
    brandingCalls.read(controller.signal).then(setBranding, () => !controller.signal.aborted && setFailed(true));
    return () => controller.abort();
  }, [attempt]);

  async function onSaved(saved: Branding) {
    setBranding(saved);
    toast.success('Branding saved. Everyone on your site now sees it.');
    // The app around the page wears the new look at once; a failed read leaves it for the next visit.
    const tenant = await brandingCalls.tenant().catch(() => null);
    if (tenant) {
      setTenant(tenant);
      applyTenantTheme(tenant);
    }
  }

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-12 lg:px-8">
      <p className="text-sm font-semibold text-brand-deep">Admin</p>
      <h1 className="mt-1 flex items-center gap-2 text-3xl font-bold tracking-tight text-slate-900 dark:text-white">
        <Palette className="size-7 text-brand-deep" aria-hidden="true" />
        Branding
      </h1>
      <p className="mt-1 max-w-3xl text-sm text-slate-600 dark:text-slate-400">
        Your name, colours and icon on every page, in the installed app and in every e-mail; the people learners can contact; and the words of your landing
        page.
      </p>
      <div className="mt-6" aria-busy={!branding && !failed}>
        {failed ? (
          <LoadFailure onRetry={() => setAttempt((n) => n + 1)} />
        ) : !branding ? (
          <LoadingStatus className="py-16" />
        ) : (
          <BrandingEditor key={JSON.stringify(branding)} branding={branding} canEdit={can({ branding: ['edit'] })} onSaved={onSaved} />
        )}
      </div>
    </div>
  );
}
