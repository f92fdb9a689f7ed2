import { Check, X } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import type { LessonHistoryRecord, RespondToConcernBody } from '../../../schema/contracts/lesson-history';
import { dangerButton, primaryButton } from '../../ui/classes';
import { TextAreaField } from '../../ui/fields';
import Spinner from '../../ui/Spinner';
import { useToast } from '../../ui/toast/use-toast';
import { useFormSave } from '../../ui/use-form-save';
import { ledgerCalls } from './api';
import { concernBadge, concernLabels } from './ledger-labels';

/** How an admin's answer reads to them: approving resolves the concern, declining rejects it. */
const answers = {
  approve: { status: 'RESOLVED', decision: 'APPROVED' },
  decline: { status: 'REJECTED', decision: 'DECLINED' },
} as const satisfies Record<string, Pick<RespondToConcernBody, 'status' | 'decision'>>;

/** The tutor's concern about this payment, and the admin's answer to it (or the form to give one). */
export function ConcernPanel({ row, canEdit, onChanged }: { row: LessonHistoryRecord; canEdit: boolean; onChanged: (doc: LessonHistoryRecord) => void }) {
  const toast = useToast();
  const [response, setResponse] = useState('');
  const [answering, setAnswering] = useState<keyof typeof answers | null>(null);
  const { busy, errors, save } = useFormSave();
  if (!row.concernStatus) return <p className="text-sm text-slate-600 dark:text-slate-300">The tutor has raised no concern about this payment.</p>;

  const answer = (kind: keyof typeof answers) => (event?: FormEvent) => {
    event?.preventDefault();
    setAnswering(kind);
    void save(async () => {
      const { message, doc } = await ledgerCalls.respondToConcern({ lessonHistoryId: row._id, ...answers[kind], response });
      toast.success(message);
      onChanged(doc);
    });
  };

  return (
    <div className="space-y-3 text-sm">
      <p>
        <span className={concernBadge}>{concernLabels[row.concernStatus]}</span>
      </p>
      {row.concernNote && (
        <blockquote className="border-l-4 border-slate-200 pl-3 text-slate-700 dark:border-slate-700 dark:text-slate-200">{row.concernNote}</blockquote>
      )}
      {row.concernStatus !== 'PENDING' ? (
        <p className="text-slate-700 dark:text-slate-200">
          {row.concernDecision === 'APPROVED' ? 'Approved' : 'Declined'}
          {row.concernResponse ? `: ${row.concernResponse}` : '.'}
        </p>
      ) : canEdit ? (
        <form onSubmit={answer('approve')} className="space-y-3">
          <TextAreaField
            id="concern-response"
            label="Your answer to the tutor"
            rows={3}
            maxLength={2000}
            value={response}
            error={errors.response}
            onChange={(e) => setResponse(e.target.value)}
          />
          <div className="flex flex-col gap-2 sm:flex-row">
            <button type="submit" className={primaryButton} disabled={busy}>
              {busy && answering === 'approve' ? <Spinner className="size-4" /> : <Check className="size-4" aria-hidden="true" />}
              Approve and resolve
            </button>
            <button type="button" className={dangerButton} disabled={busy} onClick={answer('decline')}>
              {busy && answering === 'decline' ? <Spinner className="size-4" /> : <X className="size-4" aria-hidden="true" />}
              Decline
            </button>
          </div>
        </form>
      ) : (
        <p className="text-slate-600 dark:text-slate-300">It is waiting for an admin who may edit lesson history to answer it.</p>
      )}
    </div>
  );
}
