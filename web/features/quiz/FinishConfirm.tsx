import { primaryButton, secondaryButton } from '../../ui/classes';
import { Dialog } from '../../ui/Dialog';

export const unansweredSentence = (count: number) => `${count} ${count === 1 ? 'question has' : 'questions have'} no answer yet. Finish anyway?`;

/** Finishing is final, so a student who left questions open is told how many before the attempt closes. */
export default function FinishConfirm({ unanswered, onCancel, onFinish }: { unanswered: number; onCancel: () => void; onFinish: () => void }) {
  return (
    <Dialog open={unanswered > 0} onClose={onCancel} title="Finish the quiz?">
      <p className="text-slate-700 dark:text-slate-200">{unansweredSentence(unanswered)}</p>
      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button type="button" className={secondaryButton} onClick={onCancel}>
          Keep answering
        </button>
        <button type="button" className={primaryButton} onClick={onFinish}>
          Finish anyway
        </button>
      </div>
    </Dialog>
  );
}
