import type { LessonReportInput, LessonReportView } from '../../../schema/contracts/lesson-reports';
import { api } from '../../lib/api';

type Answer = LessonReportView & { message: string };

export const reportCalls = {
  save: (report: LessonReportView, input: LessonReportInput) =>
    api<Answer>(`/lesson-reports/${report.sectionId}/${report.student._id}`, { method: 'PUT', json: input }),
  send: (report: LessonReportView, input: LessonReportInput) =>
    api<Answer>(`/lesson-reports/${report.sectionId}/${report.student._id}/send`, { method: 'POST', json: input }),
};
