import { ChevronRight } from 'lucide-react';
import { Link } from 'react-router-dom';
import { focusRing } from '../../ui/classes';

export default function Breadcrumbs({ items }: { items: { label: string; to?: string }[] }) {
  return (
    <nav aria-label="Breadcrumb" className="text-sm text-slate-500 dark:text-slate-400">
      <ol className="flex flex-wrap items-center gap-1">
        {items.map((item, i) => (
          <li key={item.label} className="flex items-center gap-1">
            {i > 0 && <ChevronRight className="size-3.5" aria-hidden="true" />}
            {item.to ? (
              <Link to={item.to} className={`rounded hover:text-slate-900 hover:underline dark:hover:text-white ${focusRing}`}>
                {item.label}
              </Link>
            ) : (
              <span aria-current="page" className="font-medium text-slate-700 dark:text-slate-200">
                {item.label}
              </span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
