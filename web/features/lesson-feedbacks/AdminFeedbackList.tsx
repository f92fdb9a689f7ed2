import { MessageSquareHeart, Trash2 } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import type { ListResponse } from '../../../schema/contracts/common';
import { FEEDBACK_MESSAGES, type FeedbackAuthor, type LessonFeedback } from '../../../schema/contracts/lesson-feedbacks';
import { lessonTime } from '../../entities/lessons/lesson-time';
import { cardClass, dangerButton, secondaryButton, smallButton } from '../../ui/classes';
import { Dialog } from '../../ui/Dialog';
import { EmptyState } from '../../ui/EmptyState';
import { Pager } from '../../ui/Pager';
import Spinner from '../../ui/Spinner';
import { useToast } from '../../ui/toast/use-toast';
import { feedbackCalls } from './api';
import FeedbackView from './FeedbackView';

const PAGE = 20;
const fullName = (p: { firstname: string; lastname: string }) => `${p.firstname} ${p.lastname}`.trim();

/** Every feedback of one kind, newest first, with who wrote it to whom on which lesson; an admin may delete one. */
export default function AdminFeedbackList({ author, zone, canDelete }: { author: FeedbackAuthor; zone: string; canDelete: boolean }) {
  const toast = useToast();
  const [offset, setOffset] = useState(0);
  const [page, setPage] = useState<ListResponse<LessonFeedback> | null>(null);
  const [failed, setFailed] = useState(false);
  const [removing, setRemoving] = useState<LessonFeedback | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    setFailed(false);
    try {
      setPage(await feedbackCalls.adminList(author, { limit: PAGE, offset }));
    } catch {
      setFailed(true);
    }
  }, [author, offset]);

  useEffect(() => {
    void load();
  }, [load]);

  async function remove() {
    if (!removing) return;
    setBusy(true);
    try {
      await feedbackCalls.adminRemove(author, removing._id);
      toast.success(FEEDBACK_MESSAGES.deleted);
      setRemoving(null);
      await load();
    } catch (error) {
      toast.error(error);
    } finally {
      setBusy(false);
    }
  }

  if (failed && !page)
    return (
      <div className={`${cardClass} p-6 text-center`}>
        <p className="text-sm text-slate-700 dark:text-slate-300">The feedback could not be loaded.</p>
        <button type="button" className={`${secondaryButton} mt-4`} onClick={() => void load()}>
          Retry
        </button>
      </div>
    );
  if (!page)
    return (
      <div className="flex items-center gap-3 p-6 text-slate-600 dark:text-slate-300" role="status">
        <Spinner /> Loading feedback…
      </div>
    );
  if (page.totalDocs === 0)
    return (
      <EmptyState
        icon={<MessageSquareHeart className="size-6" aria-hidden="true" />}
        title="No feedback yet"
        text={author === 'TUTOR' ? 'Tutors have not left feedback on a lesson yet.' : 'Students have not rated a lesson yet.'}
      />
    );

  return (
    <div>
      <ul className="space-y-3">
        {page.docs.map((feedback) => (
          <li key={feedback._id} className={`${cardClass} p-4`}>
            <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
              <div className="min-w-0">
                <p className="font-medium text-slate-900 dark:text-white">
                  {author === 'TUTOR'
                    ? `${fullName(feedback.tutor)} to ${fullName(feedback.student)}`
                    : `${fullName(feedback.student)} to ${fullName(feedback.tutor)}`}
                </p>
                <p className="text-sm text-slate-600 dark:text-slate-400">
                  {feedback.lesson.title}
                  {feedback.lesson.start && ` · ${lessonTime(feedback.lesson.start, zone)}`}
                </p>
              </div>
              {canDelete && (
                <button
                  type="button"
                  className={`${smallButton} self-start`}
                  onClick={() => setRemoving(feedback)}
                  aria-label={`Delete feedback from ${author === 'TUTOR' ? fullName(feedback.tutor) : fullName(feedback.student)}`}
                >
                  <Trash2 className="size-4" aria-hidden="true" /> Delete
                </button>
              )}
            </div>
            <div className="mt-2">
              <FeedbackView feedback={feedback} />
            </div>
          </li>
        ))}
      </ul>
      <Pager offset={offset} limit={PAGE} total={page.totalDocs} onOffset={setOffset} />
      <Dialog open={removing !== null} onClose={() => setRemoving(null)} title="Delete this feedback?">
        <p className="text-sm text-slate-700 dark:text-slate-300">It is removed for everyone who could read it.</p>
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button type="button" className={secondaryButton} onClick={() => setRemoving(null)}>
            Keep it
          </button>
          <button type="button" className={dangerButton} disabled={busy} onClick={() => void remove()}>
            {busy && <Spinner className="size-4" />}
            Delete
          </button>
        </div>
      </Dialog>
    </div>
  );
}
