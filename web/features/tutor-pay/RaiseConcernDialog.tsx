import { Send } from 'lucide-react';
import { useState } from 'react';
import { type LessonHistoryTutorRecord, raiseConcernBody } from '../../../schema/contracts/lesson-history';
import { lessonTime } from '../../entities/lessons/lesson-time';
import { sentencesOf } from '../../lib/form-errors';
import { Dialog } from '../../ui/Dialog';
import { DialogActions } from '../../ui/DialogActions';
import { TextAreaField } from '../../ui/fields';
import { useToast } from '../../ui/toast/use-toast';
import { useCheckedSubmit } from '../../ui/use-checked-submit';
import { tutorPayCalls } from './api';
import { moneyText } from './pay-words';

/** The tutor tells the admins what is wrong with one lesson's pay; checked with the schema the API checks with. */
export function RaiseConcernDialog({
  row,
  zone,
  onClose,
  onRaised,
}: {
  row: LessonHistoryTutorRecord;
  zone: string;
  onClose: () => void;
  onRaised: (doc: LessonHistoryTutorRecord) => void;
}) {
  const toast = useToast();
  const [note, setNote] = useState('');
  const { errors, formError, busy, submit } = useCheckedSubmit();
  const shown = sentencesOf(errors, (path) => (path === 'note' ? 'Your note' : 'The concern'));

  const send = () =>
    submit(raiseConcernBody, { lessonHistoryId: row._id, note }, async (body) => {
      const { message, doc } = await tutorPayCalls.raiseConcern(body);
      toast.success(message);
      onRaised(doc);
    });

  return (
    <Dialog open onClose={onClose} title="Raise a concern">
      <form
        noValidate
        className="space-y-5"
        onSubmit={(e) => {
          e.preventDefault();
          void send();
        }}
      >
        <p className="text-sm text-slate-700 dark:text-slate-200">
          {row.course.title || 'Untitled course'} on {lessonTime(row.start, zone)}, paying {moneyText(row.netTutorAmount, row.tutorAmountCurrency)} (reference{' '}
          {row.referenceKey}).
        </p>
        <TextAreaField
          id="concern-note"
          label="What is wrong with this payment?"
          rows={4}
          maxLength={2000}
          value={note}
          onChange={(e) => setNote(e.target.value)}
          error={shown.note ?? shown.lessonHistoryId ?? shown.body}
        />
        <p className="text-sm text-slate-600 dark:text-slate-400">An admin reads it and answers here, on this lesson.</p>
        {formError && (
          <p role="alert" className="text-sm text-rose-600 dark:text-rose-400">
            {formError}
          </p>
        )}
        <DialogActions onCancel={onClose} busy={busy} icon={<Send className="size-4" aria-hidden="true" />}>
          Send the concern
        </DialogActions>
      </form>
    </Dialog>
  );
}
