import { useAtomValue } from 'jotai';
import { CalendarX2, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { type Trial, trialOutcomeLabels, trialStatuses } from '../../../schema/contracts/trials';
import { personOption, usePeople } from '../../entities/accounts/use-people';
import { CatalogueFilterFields } from '../../entities/curricula/CatalogueFilterFields';
import { useCatalogue } from '../../entities/curricula/use-catalogue';
import { lessonTime } from '../../entities/lessons/lesson-time';
import { useAdminGate } from '../../entities/roles/admin-gate';
import { useCan } from '../../entities/roles/admin-permissions';
import { browserTimeZone } from '../../lib/choices';
import { usePagedList } from '../../lib/paged-list';
import { fullName } from '../../lib/people';
import { signedInUserAtom } from '../../lib/session';
import { badgeClass } from '../../ui/badges';
import { cardClass, iconButton, primaryButton, secondaryButton } from '../../ui/classes';
import { Dialog } from '../../ui/Dialog';
import { EmptyState } from '../../ui/EmptyState';
import SelectField from '../../ui/SelectField';
import Spinner from '../../ui/Spinner';
import TextField from '../../ui/TextField';
import { useToast } from '../../ui/toast/use-toast';
import { adminTrialCalls } from './api';
import TrialFormDialog from './TrialFormDialog';

const PAGE = 20;
const noFilters = { curriculum: '', subject: '', grade: '', studentId: '', tutorId: '', status: '', start: '', end: '' };
const name = (p: Trial['student']) => (p ? fullName(p) : 'Unknown');
/** A `YYYY-MM-DD` filter day as the start of that day, UTC. */
const dayStart = (day: string) => (day ? new Date(`${day}T00:00:00Z`).toISOString() : undefined);

/** Admin trials (spec 2): filters, load more, book, record the outcome, delete. */
export default function AdminTrialsPage() {
  const user = useAtomValue(signedInUserAtom);
  const gate = useAdminGate(
    { trialClasses: ['view'] },
    { title: 'No access to trials', text: 'Your role does not include trial classes. Ask an admin who has it.' },
  );
  const can = useCan();
  const toast = useToast();
  const catalogue = useCatalogue() ?? [];
  const people = usePeople();
  const timeZone = user?.timezone ?? browserTimeZone();
  const [filters, setFilters] = useState(noFilters);
  const [editing, setEditing] = useState<Trial | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Trial | null>(null);
  const [busy, setBusy] = useState(false);
  const query = { ...filters, start: dayStart(filters.start), end: dayStart(filters.end), limit: PAGE };
  const { list, loadMore, created, updated, removed } = usePagedList<Trial>((offset) => adminTrialCalls.list({ ...query, offset }), JSON.stringify(query));

  const set = (key: keyof typeof noFilters) => (value: string) =>
    setFilters((f) => ({ ...f, [key]: value, ...(key === 'curriculum' ? { subject: '', grade: '' } : key === 'subject' ? { grade: '' } : {}) }));

  async function remove(trial: Trial) {
    setBusy(true);
    try {
      await adminTrialCalls.remove(trial._id);
      removed(trial._id);
      toast.success('Trial deleted!');
      setDeleting(null);
    } catch (error) {
      toast.error(error);
    } finally {
      setBusy(false);
    }
  }

  if (gate) return gate;

  const options = (values: string[]) => values.map((v) => ({ value: v, label: v }));
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-12 lg:px-8">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <p className="text-sm font-semibold text-brand-deep">Admin</p>
          <h1 className="mt-1 text-3xl font-bold tracking-tight text-slate-900 dark:text-white">Trials</h1>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">Times in {timeZone}.</p>
        </div>
        {can({ trialClasses: ['create'] }) && (
          <button type="button" onClick={() => setEditing('new')} className={primaryButton}>
            <Plus className="size-4" aria-hidden="true" />
            New trial
          </button>
        )}
      </div>

      <form
        role="search"
        aria-label="Filter trials"
        className={`${cardClass} mt-6 grid grid-cols-2 gap-3 p-4 sm:gap-4 lg:grid-cols-4`}
        onSubmit={(e) => e.preventDefault()}
      >
        <CatalogueFilterFields idPrefix="filter" catalogue={catalogue} filters={filters} set={set} />
        <SelectField
          id="filter-status"
          label="Status"
          value={filters.status}
          onChange={(e) => set('status')(e.target.value)}
          options={options([...trialStatuses])}
          placeholder="All"
        />
        <SelectField
          id="filter-student"
          label="Student"
          value={filters.studentId}
          onChange={(e) => set('studentId')(e.target.value)}
          options={people.students.map(personOption)}
          placeholder="All"
        />
        <SelectField
          id="filter-tutor"
          label="Tutor"
          value={filters.tutorId}
          onChange={(e) => set('tutorId')(e.target.value)}
          options={people.tutors.map(personOption)}
          placeholder="All"
        />
        <TextField id="filter-start" label="From" type="date" value={filters.start} onChange={(e) => set('start')(e.target.value)} />
        <TextField id="filter-end" label="Before" type="date" value={filters.end} onChange={(e) => set('end')(e.target.value)} />
      </form>

      <div className="mt-6" aria-live="polite">
        {list.status === 'rejected' && !list.loaded ? (
          <p className="text-sm text-rose-600 dark:text-rose-400">The trials could not be loaded. Change a filter or reload the page.</p>
        ) : !list.loaded ? (
          <div role="status" className="flex justify-center py-16">
            <Spinner className="size-8" />
          </div>
        ) : list.docs.length === 0 ? (
          <EmptyState icon={<CalendarX2 className="size-6" aria-hidden="true" />} title="No trials" text="No trial matches these filters." />
        ) : (
          <>
            <p className="text-sm text-slate-600 dark:text-slate-400">
              Showing {list.docs.length} of {list.totalDocs}
            </p>
            <ul className="mt-3 space-y-3">
              {list.docs.map((trial) => (
                <li key={trial._id} className={`${cardClass} flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between`}>
                  <div className="min-w-0">
                    <p className="font-semibold text-slate-900 dark:text-white">
                      {name(trial.student)} with {name(trial.tutor)}
                    </p>
                    <p className="text-sm text-slate-600 dark:text-slate-400">
                      {trial.curriculum} · {trial.subject} · {trial.grade} · {lessonTime(trial.start, timeZone)}
                    </p>
                    <p className="mt-1 flex flex-wrap items-center gap-2 text-sm">
                      <span className={`${badgeClass} bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100`}>{trial.status}</span>
                      {trial.outcome && <span className="text-slate-700 dark:text-slate-300">{trialOutcomeLabels[trial.outcome]}</span>}
                    </p>
                  </div>
                  <div className="flex shrink-0 gap-1">
                    {can({ trialClasses: ['edit'] }) && (
                      <button type="button" onClick={() => setEditing(trial)} aria-label={`Edit the trial of ${name(trial.student)}`} className={iconButton}>
                        <Pencil className="size-4" aria-hidden="true" />
                      </button>
                    )}
                    {can({ trialClasses: ['delete'] }) && (
                      <button type="button" onClick={() => setDeleting(trial)} aria-label={`Delete the trial of ${name(trial.student)}`} className={iconButton}>
                        <Trash2 className="size-4" aria-hidden="true" />
                      </button>
                    )}
                  </div>
                </li>
              ))}
            </ul>
            {list.docs.length < list.totalDocs && (
              <div className="mt-4 flex justify-center">
                <button type="button" onClick={() => void loadMore()} disabled={list.status === 'loading'} className={secondaryButton}>
                  {list.status === 'loading' && <Spinner className="size-4" />}
                  Load more
                </button>
              </div>
            )}
          </>
        )}
      </div>

      {editing && (
        <TrialFormDialog
          trial={editing === 'new' ? null : editing}
          catalogue={catalogue}
          people={people}
          timeZone={timeZone}
          onClose={() => setEditing(null)}
          onSaved={(trial, isNew) => (isNew ? created(trial) : updated(trial))}
        />
      )}
      <Dialog open={deleting !== null} onClose={() => setDeleting(null)} title="Delete this trial?">
        <p className="text-sm text-slate-600 dark:text-slate-300">The trial, its course and its lesson are removed, and the tutor’s time is free again.</p>
        <div className="mt-6 flex justify-end gap-3">
          <button type="button" onClick={() => setDeleting(null)} className={secondaryButton}>
            Cancel
          </button>
          <button type="button" disabled={busy} onClick={() => deleting && void remove(deleting)} className={primaryButton}>
            {busy && <Spinner className="size-4" />}
            Delete
          </button>
        </div>
      </Dialog>
    </div>
  );
}
