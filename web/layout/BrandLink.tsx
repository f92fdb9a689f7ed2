import { useAtomValue } from 'jotai';
import { GraduationCap } from 'lucide-react';
import { Link } from 'react-router-dom';
import { tenantNameAtom } from '../entities/tenant/atoms';

export default function BrandLink() {
  const name = useAtomValue(tenantNameAtom);
  return (
    <Link
      to="/"
      data-testid="brand-link"
      className="flex min-w-0 items-center gap-2.5 rounded-lg focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand"
    >
      <span className="flex size-9 shrink-0 items-center justify-center rounded-xl bg-brand text-brand-ink shadow-sm">
        <GraduationCap className="size-5" aria-hidden="true" />
      </span>
      <span className="truncate text-lg font-bold tracking-tight text-slate-900 dark:text-white">{name}</span>
    </Link>
  );
}
