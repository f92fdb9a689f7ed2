import { useAtomValue } from 'jotai';
import { tenantNameAtom } from '../entities/tenant/atoms';

export default function Footer() {
  const name = useAtomValue(tenantNameAtom);
  return (
    <footer className="border-t border-slate-200 dark:border-slate-800">
      <div className="mx-auto flex max-w-6xl flex-col gap-2 px-4 py-8 text-sm text-slate-500 sm:flex-row sm:items-center sm:justify-between md:pr-24 sm:px-6 lg:px-8 dark:text-slate-400">
        <p>
          © {new Date().getFullYear()} {name}. Live tutoring for IGCSE, GCSE and A Level.
        </p>
        {/* The bubble floats from md up; on phones support lives in the header's menu. */}
        <p className="max-md:hidden">Need help? Message us on WhatsApp with the button in the corner.</p>
        <p className="md:hidden">Need help? Open the menu and choose "Message support on WhatsApp".</p>
      </div>
    </footer>
  );
}
