import clsx from 'clsx';
import { CheckCircle2, CircleDashed, FileDown, FileUp, ListChecks, Pencil, Plus, Sparkles, Trash2 } from 'lucide-react';
import { type ChangeEvent, useRef, useState } from 'react';
import type { QuestionDoc } from '../../../schema/contracts/content';
import { useCan } from '../../entities/roles/admin-permissions';
import { fieldErrorsOf } from '../../lib/form-errors';
import { usePagedList } from '../../lib/paged-list';
import { cardClass, primaryButton, secondaryButton, smallButton } from '../../ui/classes';
import { Dialog } from '../../ui/Dialog';
import { DialogActions } from '../../ui/DialogActions';
import { EmptyState } from '../../ui/EmptyState';
import { ListStatus } from '../../ui/ListStatus';
import MathText from '../../ui/math/MathText';
import { Pager } from '../../ui/Pager';
import { SmallIconButton } from '../../ui/SmallIconButton';
import { useToast } from '../../ui/toast/use-toast';
import { contentAdminCalls } from './api';
import QuestionDialog from './QuestionDialog';
import { parseQuestionsCsv, questionsCsvTemplate } from './question-csv';
import { difficultyChip, importErrorText, parseImport } from './question-form';
import TryMarkingDialog from './TryMarkingDialog';

const PAGE_SIZE = 10;

const isCsv = (file: File) => file.name.toLowerCase().endsWith('.csv') || file.type === 'text/csv';
const templateHref = `data:text/csv;charset=utf-8,${encodeURIComponent(questionsCsvTemplate())}`;

export default function QuestionBank({ subTopicId }: { subTopicId: string }) {
  const toast = useToast();
  const can = useCan();
  const { list, goTo, reload, created, updated, removed } = usePagedList<QuestionDoc>(
    (offset) => contentAdminCalls.questions({ subTopicIds: subTopicId, limit: PAGE_SIZE, offset }),
    subTopicId,
  );
  const [editing, setEditing] = useState<QuestionDoc | 'new' | null>(null);
  const [deleting, setDeleting] = useState<QuestionDoc | null>(null);
  const [trying, setTrying] = useState<QuestionDoc | null>(null);
  const [importErrors, setImportErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const fileRef = useRef<HTMLInputElement>(null);

  const approve = async (q: QuestionDoc) => {
    try {
      const doc = await contentAdminCalls.approveQuestion(q._id, !q.isApproved);
      updated(doc);
      toast.success(doc.isApproved ? 'Question approved' : 'Question un-approved');
    } catch (error) {
      toast.error(error);
    }
  };

  const remove = async () => {
    if (!deleting) return;
    setBusy(true);
    try {
      await contentAdminCalls.deleteQuestion(deleting._id);
      removed(deleting._id);
      toast.success('Question deleted');
      setDeleting(null);
    } catch (error) {
      toast.error(error);
    } finally {
      setBusy(false);
    }
  };

  const importFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setImportErrors([]);
    const text = await file.text();
    const parsed = isCsv(file) ? parseQuestionsCsv(text, subTopicId) : parseImport(text, subTopicId);
    if (!parsed.ok) {
      setImportErrors([parsed.message]);
      return;
    }
    setBusy(true);
    try {
      const result = await contentAdminCalls.importQuestions(parsed.questions);
      toast.success(`${result.created} questions imported`);
      await reload();
    } catch (error) {
      const fields = Object.entries(fieldErrorsOf(error)).map(([path, message]) => importErrorText(path, message));
      if (fields.length) setImportErrors(fields);
      else toast.error(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="questions-heading">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="questions-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
          Question bank <span className="text-sm font-normal text-slate-500">({list.totalDocs})</span>
        </h2>
        {can({ questionBank: ['create'] }) && (
          <div className="flex flex-wrap gap-2">
            <input
              ref={fileRef}
              type="file"
              accept=".csv,text/csv,.json,application/json"
              className="sr-only"
              aria-label="Import questions from a CSV or JSON file"
              onChange={(e) => void importFile(e)}
            />
            <a className={`${secondaryButton} px-4! py-2!`} href={templateHref} download="studyhall-questions-template.csv">
              <FileDown className="size-4" aria-hidden="true" />
              CSV template
            </a>
            <button type="button" className={`${secondaryButton} px-4! py-2!`} disabled={busy} onClick={() => fileRef.current?.click()}>
              <FileUp className="size-4" aria-hidden="true" />
              Import
            </button>
            <button type="button" className={`${primaryButton} px-4! py-2!`} onClick={() => setEditing('new')}>
              <Plus className="size-4" aria-hidden="true" />
              New question
            </button>
          </div>
        )}
      </div>
      {importErrors.length > 0 && (
        <div role="alert" className="mt-3 rounded-xl bg-rose-50 p-3 text-sm text-rose-800 dark:bg-rose-500/10 dark:text-rose-200">
          <p className="font-semibold">Nothing was imported:</p>
          <ul className="mt-1 list-disc pl-5">
            {importErrors.map((e) => (
              <li key={e}>{e}</li>
            ))}
          </ul>
        </div>
      )}
      <ListStatus
        list={list}
        onRetry={() => void reload()}
        className="mt-4"
        empty={
          <EmptyState
            icon={<ListChecks className="size-6" aria-hidden="true" />}
            title="No questions yet"
            text="Write one, or import a JSON file of questions."
          />
        }
      >
        <ul className="space-y-3">
          {list.docs.map((q) => (
            <li key={q._id} className={`${cardClass} p-4`} data-testid="question-row">
              <div className="flex flex-wrap items-center gap-2 text-xs">
                <span className="rounded-full bg-slate-100 px-2 py-0.5 font-medium text-slate-700 dark:bg-slate-800 dark:text-slate-300">
                  {q.kind === 'MCQ' ? 'Multiple choice' : `Open · ${q.maxMarks} marks`}
                </span>
                <span className={clsx('rounded-full px-2 py-0.5 font-medium ring-1 ring-inset', difficultyChip[q.difficulty])}>{q.difficulty}</span>
                <span className="text-slate-500 dark:text-slate-400">Level {q.level}</span>
                <span
                  className={clsx(
                    'ml-auto inline-flex items-center gap-1 font-medium',
                    q.isApproved ? 'text-emerald-700 dark:text-emerald-300' : 'text-slate-500 dark:text-slate-400',
                  )}
                >
                  {q.isApproved ? <CheckCircle2 className="size-3.5" aria-hidden="true" /> : <CircleDashed className="size-3.5" aria-hidden="true" />}
                  {q.isApproved ? 'Approved' : 'Awaiting approval'}
                </span>
              </div>
              <MathText as="p" text={q.text} className="mt-2 text-slate-900 dark:text-white" />
              {q.kind === 'MCQ' && (
                <ol className="mt-2 grid gap-1 text-sm sm:grid-cols-2">
                  {q.options.map((o, i) => (
                    <li
                      key={o._id}
                      className={clsx(
                        'rounded-lg px-2 py-1',
                        o._id === q.correctOptionId
                          ? 'bg-emerald-50 font-medium text-emerald-900 dark:bg-emerald-500/10 dark:text-emerald-200'
                          : 'text-slate-600 dark:text-slate-300',
                      )}
                    >
                      {String.fromCharCode(65 + i)}. <MathText text={o.text} />
                      {o._id === q.correctOptionId && <span className="sr-only"> (correct)</span>}
                    </li>
                  ))}
                </ol>
              )}
              {q.kind === 'OPEN' && (
                <ul className="mt-2 space-y-0.5 text-sm text-slate-600 dark:text-slate-300">
                  {q.markScheme.map((p) => (
                    <li key={p._id}>
                      [{p.marks}] {p.point}
                    </li>
                  ))}
                </ul>
              )}
              <div className="mt-3 flex flex-wrap gap-2">
                {can({ questionBank: ['approve'] }) && (
                  <button type="button" className={smallButton} onClick={() => void approve(q)}>
                    {q.isApproved ? 'Un-approve' : 'Approve'}
                  </button>
                )}
                {can({ questionBank: ['edit'] }) && (
                  <SmallIconButton icon={Pencil} onClick={() => setEditing(q)}>
                    Edit
                  </SmallIconButton>
                )}
                {q.kind === 'OPEN' && can({ submissions: ['aiAnswer'] }) && (
                  <SmallIconButton icon={Sparkles} onClick={() => setTrying(q)}>
                    Try the marking
                  </SmallIconButton>
                )}
                {can({ questionBank: ['delete'] }) && (
                  <SmallIconButton icon={Trash2} onClick={() => setDeleting(q)}>
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
        <QuestionDialog
          subTopicId={subTopicId}
          question={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(doc) => {
            if (editing === 'new') created(doc);
            else updated(doc);
            setEditing(null);
          }}
        />
      )}
      {trying && <TryMarkingDialog question={trying} onClose={() => setTrying(null)} />}
      <Dialog open={deleting !== null} onClose={() => setDeleting(null)} title="Delete question?">
        <p className="text-slate-600 dark:text-slate-300">It disappears from the bank and from new quizzes; past attempts still show it.</p>
        <DialogActions onCancel={() => setDeleting(null)} onConfirm={() => void remove()} busy={busy} className="mt-6">
          Delete
        </DialogActions>
      </Dialog>
    </section>
  );
}
