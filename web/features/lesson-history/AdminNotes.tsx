import type { LessonHistoryRecord } from '../../../schema/contracts/lesson-history';
import { lessonTime } from '../../entities/lessons/lesson-time';
import { AdminNotesPanel } from '../../ui/AdminNotesPanel';
import { ledgerCalls } from './api';

/** The admins' own notes on a row: only admins read them, and those who may edit add and delete them. */
export function AdminNotes({
  row,
  zone,
  canEdit,
  onChanged,
}: {
  row: LessonHistoryRecord;
  zone: string;
  canEdit: boolean;
  onChanged: (doc: LessonHistoryRecord) => void;
}) {
  return (
    <AdminNotesPanel
      notes={row.adminNotes}
      fieldId="history-note"
      timeOf={(iso) => lessonTime(iso, zone)}
      canEdit={canEdit}
      add={(note) => ledgerCalls.addNote(row._id, note)}
      remove={(noteId) => ledgerCalls.deleteNote(row._id, noteId)}
      onChanged={onChanged}
    />
  );
}
