import { Check } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { type MeetingRequestAnswer, type MeetingRequestRecord, REASON_MAX, type RespondAction, respondInput } from '../../../schema/contracts/meeting-requests';
import { lessonTime } from '../../entities/lessons/lesson-time';
import { sentencesOf } from '../../lib/form-errors';
import { fromLocalInput, toLocalInput } from '../../lib/local-time';
import { amountFromText, amountText } from '../../lib/money-field';
import { Dialog } from '../../ui/Dialog';
import { DialogActions } from '../../ui/DialogActions';
import { TextAreaField } from '../../ui/fields';
import TextField from '../../ui/TextField';
import { useToast } from '../../ui/toast/use-toast';
import { useCheckedSubmit } from '../../ui/use-checked-submit';
import { meetingRequestCalls } from './api';
import { askedSentence, penaltySentence } from './request-words';

const labels: Record<string, string> = { newStart: 'The new time', penaltyAmount: 'The penalty', note: 'The note', action: 'The answer' };
const buttonWords: Record<RespondAction, string> = { APPROVE: 'Approve', REJECT: 'Reject', UPDATE: 'Save changes' };

function approveWords(request: MeetingRequestRecord, zone: string) {
  if (request.type === 'CANCEL') return 'Approve: cancel the lesson.';
  if (request.type === 'DELETE') return 'Approve: delete the lesson from the calendar.';
  return request.newStart ? `Approve: move the lesson to ${lessonTime(request.newStart, zone)}.` : 'Approve: move the lesson.';
}

/**
 * An admin's answer to a waiting request: approve (the lesson changes at once), reject, or update the new time or the
 * penalty and leave it waiting. What the server refuses (a time taken since) is shown here in its own words.
 */
export default function RespondDialog({
  request,
  zone,
  onClose,
  onAnswered,
}: {
  request: MeetingRequestRecord;
  zone: string;
  onClose: () => void;
  onAnswered: (answer: MeetingRequestAnswer) => void;
}) {
  const toast = useToast();
  const currency = request.penaltyCurrency;
  const movable = request.type === 'RESCHEDULE';
  const initialTime = toLocalInput(request.newStart, zone);
  const initialPenalty = currency ? amountText(request.penaltyAmount ?? 0, currency) : '';
  const [action, setAction] = useState<RespondAction>('APPROVE');
  const [newTime, setNewTime] = useState(initialTime);
  const [penalty, setPenalty] = useState(initialPenalty);
  const [note, setNote] = useState('');
  const { errors, setErrors, formError, setFormError, busy, submit } = useCheckedSubmit();
  const shown = sentencesOf(errors, (path) => labels[path] ?? 'This answer');

  const choices: { value: RespondAction; label: string }[] = [
    { value: 'APPROVE', label: approveWords(request, zone) },
    { value: 'REJECT', label: 'Reject: the lesson stays as it is.' },
    ...(movable || currency
      ? [
          {
            value: 'UPDATE' as const,
            label: `Update: change the ${[movable && 'new time', currency && 'penalty'].filter(Boolean).join(' or the ')}, and keep the request waiting.`,
          },
        ]
      : []),
  ];

  async function send(event: FormEvent) {
    event.preventDefault();
    const changes: { newStart?: string; penaltyAmount?: number } = {};
    if (action === 'UPDATE') {
      if (movable && newTime !== initialTime) changes.newStart = newTime ? fromLocalInput(newTime, zone) : '';
      if (currency && penalty !== initialPenalty) {
        const parsed = amountFromText(penalty, currency);
        if (parsed.error) return setErrors({ penaltyAmount: parsed.error });
        changes.penaltyAmount = parsed.amount;
      }
      if (Object.keys(changes).length === 0) {
        setErrors({});
        return setFormError('Nothing has changed yet. Change the new time or the penalty, then save.');
      }
    }
    await submit(respondInput, { action, note: note.trim() || undefined, ...changes }, async (body) => {
      const answer = await meetingRequestCalls.respond(request._id, body);
      toast.success(answer.message);
      onAnswered(answer);
    });
  }

  return (
    <Dialog open onClose={onClose} title="Respond to the request">
      <form onSubmit={(e) => void send(e)} noValidate className="space-y-5">
        <div className="space-y-1 text-sm text-slate-700 dark:text-slate-200">
          <p className="font-medium text-slate-900 dark:text-white">{askedSentence(request, zone)}</p>
          <p>Their reason: “{request.reason}”</p>
          <p>{penaltySentence(request)}</p>
        </div>
        <fieldset>
          <legend className="text-sm font-medium text-slate-700 dark:text-slate-200">Your answer</legend>
          <div className="mt-2 space-y-2">
            {choices.map((choice) => (
              <label key={choice.value} className="flex items-start gap-2.5 text-sm text-slate-700 dark:text-slate-200">
                <input
                  type="radio"
                  name="respond-action"
                  value={choice.value}
                  checked={action === choice.value}
                  onChange={() => setAction(choice.value)}
                  className="mt-0.5 accent-brand"
                />
                {choice.label}
              </label>
            ))}
          </div>
        </fieldset>
        {action === 'UPDATE' && (
          <div className="grid gap-4 sm:grid-cols-2">
            {movable && (
              <TextField
                id="respond-new-time"
                label={`New time (${zone.replaceAll('_', ' ')})`}
                type="datetime-local"
                value={newTime}
                onChange={(e) => setNewTime(e.target.value)}
                error={shown.newStart}
              />
            )}
            {currency && (
              <TextField
                id="respond-penalty"
                label={`Penalty (${currency})`}
                inputMode="decimal"
                value={penalty}
                onChange={(e) => setPenalty(e.target.value)}
                error={shown.penaltyAmount}
              />
            )}
          </div>
        )}
        <TextAreaField
          id="respond-note"
          label="Note (optional)"
          rows={3}
          maxLength={REASON_MAX}
          value={note}
          onChange={(e) => setNote(e.target.value)}
          error={shown.note}
        />
        {formError && !Object.keys(errors).length && (
          <p role="alert" className="rounded-lg bg-rose-50 px-3 py-2 text-sm text-rose-800 dark:bg-rose-500/10 dark:text-rose-300">
            {formError}
          </p>
        )}
        <DialogActions onCancel={onClose} busy={busy} icon={<Check className="size-4" aria-hidden="true" />}>
          {buttonWords[action]}
        </DialogActions>
      </form>
    </Dialog>
  );
}
