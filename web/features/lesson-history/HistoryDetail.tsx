import type { ReactNode } from 'react';
import { formatDuration } from '../../../schema/contracts/durations';
import type { LessonHistoryRecord } from '../../../schema/contracts/lesson-history';
import { formatMoney } from '../../../schema/contracts/money';
import { lessonTime } from '../../entities/lessons/lesson-time';
import { Dialog } from '../../ui/Dialog';
import { AdminNotes } from './AdminNotes';
import { AttendanceTable } from './AttendanceTable';
import { ConcernPanel } from './ConcernPanel';
import { lessonTypeLabel, moneyText, paymentBadge, paymentStatusLabels, personName, studentNames } from './ledger-labels';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="border-t border-slate-200 pt-4 dark:border-slate-800">
      <h3 className="mb-2 text-sm font-semibold text-slate-900 dark:text-white">{title}</h3>
      {children}
    </section>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap gap-x-2">
      <dt className="text-slate-500 dark:text-slate-400">{label}</dt>
      <dd className="text-slate-800 dark:text-slate-100">{children}</dd>
    </div>
  );
}

/** One completed lesson: how its pay was worked out, who came when, its penalty, the tutor's concern and the notes. */
export function HistoryDetail({
  row,
  zone,
  canEdit,
  onClose,
  onChanged,
}: {
  row: LessonHistoryRecord;
  zone: string;
  canEdit: boolean;
  onClose: () => void;
  onChanged: (doc: LessonHistoryRecord) => void;
}) {
  const currency = row.tutorAmountCurrency;
  const money = (amount: number) => (currency ? formatMoney(amount, currency) : 'No pay recorded');
  return (
    <Dialog open onClose={onClose} title={row.course.title || 'Completed lesson'} wide>
      <div className="space-y-4 text-sm" data-testid="history-detail">
        <dl className="grid gap-1 sm:grid-cols-2">
          <Fact label="When">{lessonTime(row.start, zone)}</Fact>
          <Fact label="Reference">{row.referenceKey}</Fact>
          <Fact label="Lesson">
            {row.subject} · {row.curriculum} · {row.grade} · {lessonTypeLabel(row.lessonType)}
          </Fact>
          <Fact label="Booked">{formatDuration(row.duration)}</Fact>
          <Fact label="Tutor">{personName(row.paymentTutor)}</Fact>
          <Fact label="Student">{studentNames(row)}</Fact>
        </dl>

        <Section title="Pay">
          <p className="text-slate-700 dark:text-slate-200" data-testid="rate-explanation">
            {row.rateExplanation}
          </p>
          <dl className="mt-3 grid gap-1 sm:grid-cols-2">
            <Fact label="This row's pay">{moneyText(row.allocatedTutorAmount, currency)}</Fact>
            {row.lessonExtensionTutorAmount > 0 && <Fact label={`Extension (${row.lessonExtension} min)`}>{money(row.lessonExtensionTutorAmount)}</Fact>}
            <Fact label="Penalty">
              {row.tutorPenaltyAmount > 0 ? `${money(row.tutorPenaltyAmount)}${row.tutorPenaltyReason ? `: ${row.tutorPenaltyReason}` : ''}` : 'None'}
            </Fact>
            <Fact label="Tutor is paid">
              <span className="font-semibold">{moneyText(row.netTutorAmount, currency)}</span>
            </Fact>
            <Fact label="Payment">
              <span className={paymentBadge(row.tutorPaymentStatus)}>{paymentStatusLabels[row.tutorPaymentStatus]}</span>
              {row.payRunId && <span className="ml-2 text-slate-500 dark:text-slate-400">in a pay run</span>}
            </Fact>
          </dl>
        </Section>

        <Section title="Attendance">
          <AttendanceTable row={row} zone={zone} />
        </Section>

        <Section title="Concern">
          <ConcernPanel row={row} canEdit={canEdit} onChanged={onChanged} />
        </Section>

        <Section title="Admin notes">
          <AdminNotes row={row} zone={zone} canEdit={canEdit} onChanged={onChanged} />
        </Section>
      </div>
    </Dialog>
  );
}
