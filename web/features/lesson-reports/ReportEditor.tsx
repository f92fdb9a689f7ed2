import { Save, Send } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { type LessonReportInput, type LessonReportView, lessonReportInput, sendLessonReportInput } from '../../../schema/contracts/lesson-reports';
import { type FieldErrors, zodFieldErrors } from '../../lib/form-errors';
import { primaryButton, secondaryButton } from '../../ui/classes';
import { TextAreaField } from '../../ui/fields';
import Spinner from '../../ui/Spinner';
import { useToast } from '../../ui/toast/use-toast';
import { reportCalls } from './api';

const lines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

/** The tutor's draft: what was covered (one topic a line, drafted from the notes' headings) and a summary for the family. */
export default function ReportEditor({ report, onSaved }: { report: LessonReportView; onSaved: (report: LessonReportView) => void }) {
  const toast = useToast();
  const [covered, setCovered] = useState(report.covered.join('\n'));
  const [summary, setSummary] = useState(report.summary);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState<'save' | 'send' | null>(null);
  const id = report.student._id;

  async function submit(event: FormEvent, action: 'save' | 'send') {
    event.preventDefault();
    const input: LessonReportInput = { summary, covered: lines(covered) };
    const checked = (action === 'send' ? sendLessonReportInput : lessonReportInput).safeParse(input);
    if (!checked.success) {
      setErrors(zodFieldErrors(checked.error));
      return;
    }
    setErrors({});
    setBusy(action);
    try {
      const answer = await reportCalls[action](report, checked.data);
      toast.success(answer.message);
      onSaved(answer);
    } catch (error) {
      toast.error(error);
    } finally {
      setBusy(null);
    }
  }

  const coveredError = Object.entries(errors).find(([path]) => path.startsWith('covered'))?.[1];
  return (
    <form onSubmit={(e) => void submit(e, 'send')} noValidate className="space-y-4">
      <TextAreaField
        id={`covered-${id}`}
        label="What we covered (one topic a line)"
        rows={4}
        value={covered}
        onChange={(e) => setCovered(e.target.value)}
        error={coveredError && `Each topic ${coveredError}.`}
      />
      <TextAreaField
        id={`summary-${id}`}
        label={`How the lesson went, for ${report.student.firstname} and family`}
        rows={6}
        value={summary}
        onChange={(e) => setSummary(e.target.value)}
        error={errors.summary && `The summary ${errors.summary}.`}
      />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button type="button" className={secondaryButton} disabled={busy !== null} onClick={(e) => void submit(e, 'save')}>
          {busy === 'save' ? <Spinner className="size-4" /> : <Save className="size-4" aria-hidden="true" />}
          Save draft
        </button>
        <button type="submit" className={primaryButton} disabled={busy !== null}>
          {busy === 'send' ? <Spinner className="size-4" /> : <Send className="size-4" aria-hidden="true" />}
          Send to {report.student.firstname} and family
        </button>
      </div>
    </form>
  );
}
