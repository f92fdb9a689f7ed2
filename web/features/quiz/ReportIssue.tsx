import { MessageSquareWarning, Send } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { reportIssueInput } from '../../../schema/contracts/quiz';
import { smallButton } from '../../ui/classes';
import { Dialog } from '../../ui/Dialog';
import { DialogActions } from '../../ui/DialogActions';
import { TextAreaField } from '../../ui/fields';
import { useToast } from '../../ui/toast/use-toast';
import { useCheckedSubmit } from '../../ui/use-checked-submit';
import { quizCalls } from './quiz-api';

/** "Report a problem" on a question: a wrong answer, a typo, a broken picture; the content team reads it. */
export function ReportIssue({ quizId, questionId, number }: { quizId: string; questionId: string; number: number }) {
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const [message, setMessage] = useState('');
  const { errors, busy, submit } = useCheckedSubmit();

  const send = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    await submit(reportIssueInput, { quizId, questionId, message }, async (input) => {
      const answer = await quizCalls.reportIssue(input);
      toast.success(answer.message);
      setOpen(false);
      setMessage('');
    });
  };

  return (
    <>
      <button type="button" className={`${smallButton} text-xs`} onClick={() => setOpen(true)}>
        <MessageSquareWarning className="size-4" aria-hidden="true" />
        Report a problem
      </button>
      <Dialog open={open} onClose={() => setOpen(false)} title={`Report a problem with question ${number}`}>
        <form noValidate onSubmit={send} className="space-y-4">
          <p className="text-sm text-slate-600 dark:text-slate-300">Tell us what looks wrong: the answer, the wording, a picture. Your quiz is not affected.</p>
          <TextAreaField id="issue-message" label="Your report" rows={4} value={message} onChange={(e) => setMessage(e.target.value)} error={errors.message} />
          <DialogActions onCancel={() => setOpen(false)} busy={busy} icon={<Send className="size-4" aria-hidden="true" />}>
            Send report
          </DialogActions>
        </form>
      </Dialog>
    </>
  );
}
