import { useAtomValue } from 'jotai';
import { brandingAtom, tenantNameAtom } from '../entities/tenant/atoms';
import { supportLink } from './support';

export default function Footer() {
  const name = useAtomValue(tenantNameAtom);
  const branding = useAtomValue(brandingAtom);
  const support = supportLink(branding);
  const phone = branding?.support.phoneNumber;
  return (
    <footer className="border-t border-slate-200 dark:border-slate-800">
      <div className="mx-auto flex max-w-6xl flex-col gap-2 px-4 py-8 text-sm text-slate-500 sm:flex-row sm:items-center sm:justify-between md:pr-24 sm:px-6 lg:px-8 dark:text-slate-400">
        <p>
          © {new Date().getFullYear()} {name}.{branding?.landing.tagline ? ` ${branding.landing.tagline}` : ''}
        </p>
        {phone && <p>Call us on {phone}.</p>}
        {/* The bubble floats from md up; on phones support lives in the header's menu. */}
        {support && <p className="max-md:hidden">Need help? {support.opensChat ? 'Message us on WhatsApp' : 'E-mail us'} with the button in the corner.</p>}
        {support && <p className="md:hidden">Need help? Open the menu and choose "{support.label}".</p>}
      </div>
    </footer>
  );
}
