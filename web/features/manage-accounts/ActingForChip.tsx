import { useAtomValue } from 'jotai';
import { ArrowLeftRight } from 'lucide-react';
import { Link } from 'react-router-dom';
import { actingForAtom } from '../../entities/accounts/acting';
import { focusRing } from '../../ui/classes';

/** Shown in the header while a parent acts for a student: whom for, and one click back to the switcher. */
export default function ActingForChip() {
  const actingFor = useAtomValue(actingForAtom);
  if (!actingFor) return null;
  return (
    <Link
      to="/manage-accounts"
      data-testid="acting-for"
      aria-label={`Acting for ${actingFor.firstname} ${actingFor.lastname}. Switch account`}
      className={`flex shrink-0 items-center gap-1.5 rounded-full bg-amber-100 py-1.5 pr-3 pl-2.5 text-xs font-semibold text-amber-950 ring-1 ring-amber-300 transition ring-inset hover:bg-amber-200 sm:text-sm dark:bg-amber-400/15 dark:text-amber-100 dark:ring-amber-400/40 dark:hover:bg-amber-400/25 ${focusRing}`}
    >
      <span className="max-w-24 truncate sm:max-w-40">
        <span className="hidden sm:inline">Acting for </span>
        {actingFor.firstname}
      </span>
      <span aria-hidden="true" className="hidden opacity-60 sm:inline">
        ·
      </span>
      <span className="flex shrink-0 items-center gap-1">
        <ArrowLeftRight className="size-3.5" aria-hidden="true" />
        <span className="hidden sm:inline">Switch</span>
      </span>
    </Link>
  );
}
