import { useAtomValue } from 'jotai';
import { tenantNameAtom } from '../features/tenant/atoms';

export default function Footer() {
  const name = useAtomValue(tenantNameAtom);
  return (
    <footer className="border-t border-slate-200 dark:border-slate-800">
      <div className="mx-auto flex max-w-6xl flex-col gap-2 px-4 pt-8 pb-24 text-sm text-slate-500 sm:flex-row sm:items-center sm:pr-24 sm:pb-8 sm:justify-between sm:px-6 lg:px-8 dark:text-slate-400">
        <p>
          © {new Date().getFullYear()} {name}. Live tutoring for IGCSE, GCSE and A Level.
        </p>
        <p>Need help? Use the chat button in the corner.</p>
      </div>
    </footer>
  );
}
