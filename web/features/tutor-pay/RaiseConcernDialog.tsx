import { type LessonHistoryTutorRecord, raiseConcernBody } from '../../../schema/contracts/lesson-history';
import { lessonTime } from '../../entities/lessons/lesson-time';
import { tutorPayCalls } from './api';
import { NoteDialog } from './NoteDialog';
import { moneyText } from './pay-words';

/** The tutor tells the admins what is wrong with one lesson's pay. */
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
  return (
    <NoteDialog
      title="Raise a concern"
      about={
        <p className="text-sm text-slate-700 dark:text-slate-200">
          {row.course.title || 'Untitled course'} on {lessonTime(row.start, zone)}, paying {moneyText(row.netTutorAmount, row.tutorAmountCurrency)} (reference{' '}
          {row.referenceKey}).
        </p>
      }
      fieldId="concern-note"
      label="What is wrong with this payment?"
      hint="An admin reads it and answers here, on this lesson."
      sendLabel="Send the concern"
      subject="The concern"
      schema={raiseConcernBody}
      body={(note) => ({ lessonHistoryId: row._id, note })}
      send={tutorPayCalls.raiseConcern}
      onClose={onClose}
      onSent={onRaised}
    />
  );
}
