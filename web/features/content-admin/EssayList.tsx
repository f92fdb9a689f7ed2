import clsx from 'clsx';
import { CheckCircle2, CircleDashed, FileText, Pencil, Plus, Sparkles, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { ESSAY_ORIGINS, type EssayOrigin, type EssayQuestionDoc } from '../../../schema/contracts/essays';
import { useCan } from '../../entities/roles/admin-permissions';
import { usePagedList } from '../../lib/paged-list';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { cardClass, fieldClass, primaryButton, secondaryButton, smallButton } from '../../ui/classes';
import { Dialog } from '../../ui/Dialog';
import { DialogActions } from '../../ui/DialogActions';
import { EmptyState } from '../../ui/EmptyState';
import { ListStatus } from '../../ui/ListStatus';
import MathText from '../../ui/math/MathText';
import { Pager } from '../../ui/Pager';
import { SmallIconButton } from '../../ui/SmallIconButton';
import { useToast } from '../../ui/toast/use-toast';
import { contentAdminCalls } from './api';
import EssayDialog from './EssayDialog';
import { type EssayForm, emptyEssayForm, essayFormOf, originWords, partLetter } from './essay-form';

const PAGE_SIZE = 10;
type Approval = '' | 'true' | 'false';
type Editing = { essay: EssayQuestionDoc | null; initial: EssayForm; note?: string };

/** A sub topic's structured essay questions, with filters, approval, editing and drafting through the helper. */
export default function EssayList({ subTopicId }: { subTopicId: string }) {
  const toast = useToast();
  const can = useCan();
  const [approval, setApproval] = useState<Approval>('');
  const [origin, setOrigin] = useState<EssayOrigin | ''>('');
  const [typed, setTyped] = useState('');
  const searchText = useDebouncedValue(typed.trim());
  const filters = { subTopicId, isApproved: approval || undefined, origin: origin || undefined, searchText: searchText || undefined };
  const { list, goTo, reload, created, updated, removed } = usePagedList<EssayQuestionDoc>(
    (offset) => contentAdminCalls.essays({ ...filters, limit: PAGE_SIZE, offset }),
    JSON.stringify(filters),
  );
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<EssayQuestionDoc | null>(null);
  const [busy, setBusy] = useState(false);

  const approve = async (essay: EssayQuestionDoc) => {
    try {
      const doc = await contentAdminCalls.approveEssay(essay._id, !essay.isApproved);
      updated(doc);
      toast.success(doc.isApproved ? 'Question approved' : 'Question un-approved');
    } catch (error) {
      toast.error(error);
    }
  };

  const draft = async () => {
    setBusy(true);
    try {
      const result = await contentAdminCalls.draftEssay(subTopicId, '');
      const first = Array.isArray(result.questions) ? result.questions[0] : result.questions;
      if (first) setEditing({ essay: null, initial: essayFormOf(first), note: result.note });
    } catch (error) {
      toast.error(error);
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    if (!deleting) return;
    setBusy(true);
    try {
      await contentAdminCalls.deleteEssay(deleting._id);
      removed(deleting._id);
      toast.success('Essay question deleted');
      setDeleting(null);
    } catch (error) {
      toast.error(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="essays-heading">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="essays-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
          Essay questions <span className="text-sm font-normal text-slate-500">({list.totalDocs})</span>
        </h2>
        {can({ questionBank: ['create'] }) && (
          <div className="flex flex-wrap gap-2">
            <button type="button" className={`${secondaryButton} px-4! py-2!`} disabled={busy} onClick={() => void draft()}>
              <Sparkles className="size-4" aria-hidden="true" />
              Draft with the helper
            </button>
            <button type="button" className={`${primaryButton} px-4! py-2!`} onClick={() => setEditing({ essay: null, initial: emptyEssayForm() })}>
              <Plus className="size-4" aria-hidden="true" />
              New essay question
            </button>
          </div>
        )}
      </div>
      <div className="mt-4 grid gap-3 sm:grid-cols-3">
        <label className="text-sm font-medium text-slate-700 dark:text-slate-200">
          Search
          <input type="search" className={`${fieldClass()} mt-1`} value={typed} onChange={(e) => setTyped(e.target.value)} placeholder="Words in the stem" />
        </label>
        <label className="text-sm font-medium text-slate-700 dark:text-slate-200">
          Approval
          <select className={`${fieldClass()} mt-1`} value={approval} onChange={(e) => setApproval(e.target.value as Approval)}>
            <option value="">All</option>
            <option value="true">Approved</option>
            <option value="false">Awaiting approval</option>
          </select>
        </label>
        <label className="text-sm font-medium text-slate-700 dark:text-slate-200">
          Written by
          <select className={`${fieldClass()} mt-1`} value={origin} onChange={(e) => setOrigin(e.target.value as EssayOrigin | '')}>
            <option value="">Anyone</option>
            {ESSAY_ORIGINS.map((o) => (
              <option key={o} value={o}>
                {originWords[o]}
              </option>
            ))}
          </select>
        </label>
      </div>
      <ListStatus
        list={list}
        onRetry={() => void reload()}
        className="mt-4"
        empty={
          <EmptyState
            icon={<FileText className="size-6" aria-hidden="true" />}
            title="No essay questions here"
            text="Write one, or let the helper draft one from this sub topic's questions for you to check."
          />
        }
      >
        <ul className="space-y-3">
          {list.docs.map((essay) => (
            <li key={essay._id} className={`${cardClass} p-4`} data-testid="essay-row">
              <div className="flex flex-wrap items-center gap-2 text-xs">
                <span className="rounded-full bg-slate-100 px-2 py-0.5 font-medium text-slate-700 dark:bg-slate-800 dark:text-slate-300">
                  {essay.subQuestions.length} part{essay.subQuestions.length === 1 ? '' : 's'} · {essay.totalMarks} marks
                </span>
                <span className="text-slate-500 dark:text-slate-400">{originWords[essay.origin]}</span>
                <span
                  className={clsx(
                    'ml-auto inline-flex items-center gap-1 font-medium',
                    essay.isApproved ? 'text-emerald-700 dark:text-emerald-300' : 'text-slate-500 dark:text-slate-400',
                  )}
                >
                  {essay.isApproved ? <CheckCircle2 className="size-3.5" aria-hidden="true" /> : <CircleDashed className="size-3.5" aria-hidden="true" />}
                  {essay.isApproved ? 'Approved' : 'Awaiting approval'}
                </span>
              </div>
              <MathText as="p" text={essay.stem} className="mt-2 text-slate-900 dark:text-white" />
              <ol className="mt-2 space-y-1 text-sm text-slate-600 dark:text-slate-300">
                {essay.subQuestions.map((part, i) => (
                  <li key={part._id}>
                    ({partLetter(i)}) <MathText text={part.prompt} /> <span className="text-slate-500">[{part.marks}]</span>
                  </li>
                ))}
              </ol>
              <div className="mt-3 flex flex-wrap gap-2">
                {can({ questionBank: ['approve'] }) && (
                  <button type="button" className={smallButton} onClick={() => void approve(essay)}>
                    {essay.isApproved ? 'Un-approve' : 'Approve'}
                  </button>
                )}
                {can({ questionBank: ['edit'] }) && (
                  <SmallIconButton icon={Pencil} onClick={() => setEditing({ essay, initial: essayFormOf(essay) })}>
                    Edit
                  </SmallIconButton>
                )}
                {can({ questionBank: ['delete'] }) && (
                  <SmallIconButton icon={Trash2} onClick={() => setDeleting(essay)}>
                    Delete
                  </SmallIconButton>
                )}
              </div>
            </li>
          ))}
        </ul>
      </ListStatus>
      <Pager offset={list.offset} limit={PAGE_SIZE} total={list.totalDocs} onOffset={(o) => void goTo(o)} />
      {editing && (
        <EssayDialog
          subTopicId={subTopicId}
          essay={editing.essay}
          initial={editing.initial}
          note={editing.note}
          onClose={() => setEditing(null)}
          onSaved={(doc) => {
            if (editing.essay) updated(doc);
            else created(doc);
            setEditing(null);
          }}
        />
      )}
      <Dialog open={deleting !== null} onClose={() => setDeleting(null)} title="Delete essay question?">
        <p className="text-slate-600 dark:text-slate-300">Learners stop seeing it; answers already marked keep their copy.</p>
        <DialogActions onCancel={() => setDeleting(null)} onConfirm={() => void remove()} busy={busy} className="mt-6">
          Delete
        </DialogActions>
      </Dialog>
    </section>
  );
}
