import { Users } from 'lucide-react';
import { useState } from 'react';
import type { TutorSorting } from '../../../schema/contracts/tutor-sortings';
import { CatalogueFilterFields } from '../../entities/curricula/CatalogueFilterFields';
import { useCatalogue } from '../../entities/curricula/use-catalogue';
import { useAdminGate } from '../../entities/roles/admin-gate';
import { useCan } from '../../entities/roles/admin-permissions';
import { usePagedList } from '../../lib/paged-list';
import { cardClass, secondaryButton } from '../../ui/classes';
import { EmptyState } from '../../ui/EmptyState';
import Spinner from '../../ui/Spinner';
import { tutorSortingCalls } from './api';
import SortingCard from './SortingCard';

const PAGE = 10;
const keyOf = (s: TutorSorting) => `${s.curriculum}|${s.subject}|${s.grade}`;
type Row = TutorSorting & { _id: string };

/** Tutor sorting (spec 2): per curriculum, subject and grade, the order in which free trials go to tutors. */
export default function TutorSortingPage() {
  const gate = useAdminGate(
    { tutorSorting: ['view'] },
    { title: 'No access to tutor sorting', text: 'Your role does not include tutor sorting. Ask an admin who has it.' },
  );
  const can = useCan();
  const catalogue = useCatalogue() ?? [];
  const [filters, setFilters] = useState({ curriculum: '', subject: '', grade: '' });
  const query = { ...filters, limit: PAGE };
  // Keys without a saved order have no _id yet; the list addresses every row by its key instead.
  const { list, loadMore, updated } = usePagedList<Row>(async (offset) => {
    const page = await tutorSortingCalls.list({ ...query, offset });
    return { ...page, docs: page.docs.map((doc) => ({ ...doc, _id: keyOf(doc) })) };
  }, JSON.stringify(query));
  const set = (key: keyof typeof filters) => (value: string) =>
    setFilters((f) => ({ ...f, [key]: value, ...(key === 'curriculum' ? { subject: '', grade: '' } : key === 'subject' ? { grade: '' } : {}) }));

  if (gate) return gate;

  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6 sm:py-12">
      <p className="text-sm font-semibold text-brand-deep">Admin</p>
      <h1 className="mt-1 text-3xl font-bold tracking-tight text-slate-900 dark:text-white">Tutor sorting</h1>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">A free trial goes to the first tutor in the list who is free at the chosen time.</p>

      <form role="search" aria-label="Filter tutor sorting" className={`${cardClass} mt-6 grid gap-4 p-4 sm:grid-cols-3`} onSubmit={(e) => e.preventDefault()}>
        <CatalogueFilterFields idPrefix="sorting" catalogue={catalogue} filters={filters} set={set} />
      </form>

      <div className="mt-6 space-y-4">
        {list.status === 'rejected' && !list.loaded ? (
          <p className="text-sm text-rose-600 dark:text-rose-400">The tutor sorting could not be loaded. Reload the page to try again.</p>
        ) : !list.loaded ? (
          <div role="status" className="flex justify-center py-16">
            <Spinner className="size-8" />
          </div>
        ) : list.docs.length === 0 ? (
          <EmptyState
            icon={<Users className="size-6" aria-hidden="true" />}
            title="No tutors to sort"
            text="No tutor teaches a subject matching these filters yet."
          />
        ) : (
          <>
            {list.docs.map((sorting) => (
              <SortingCard
                key={`${sorting._id}:${sorting.tutors.map((t) => t._id).join()}`}
                sorting={sorting}
                canEdit={can({ tutorSorting: ['edit'] })}
                onSaved={(saved) => updated({ ...saved, _id: keyOf(saved) })}
              />
            ))}
            {list.docs.length < list.totalDocs && (
              <div className="flex justify-center">
                <button type="button" onClick={() => void loadMore()} disabled={list.status === 'loading'} className={secondaryButton}>
                  {list.status === 'loading' && <Spinner className="size-4" />}
                  Load more
                </button>
              </div>
            )}
          </>
        )}
      </div>
    </div>
  );
}
