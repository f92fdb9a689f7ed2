import clsx from 'clsx';
import { ClipboardList, Eye, EyeOff, Pencil, Plus } from 'lucide-react';
import { useState } from 'react';
import { type QuizDoc, quizToasts } from '../../../schema/contracts/quiz';
import { useCan } from '../../entities/roles/admin-permissions';
import { usePagedList } from '../../lib/paged-list';
import { cardClass, primaryButton, smallButton } from '../../ui/classes';
import { EmptyState } from '../../ui/EmptyState';
import { Pager } from '../../ui/Pager';
import { SmallIconButton } from '../../ui/SmallIconButton';
import Spinner from '../../ui/Spinner';
import { useToast } from '../../ui/toast/use-toast';
import { contentAdminCalls } from './api';
import QuizDialog from './QuizDialog';
import { timeLimitText } from './quiz-form';

const PAGE_SIZE = 10;

/**
 * Quizzes newest first, drafts until published (when learners see them): a sub topic's, or with no sub topic all of
 * a topic's, where a new quiz may draw on every sub topic of the topic.
 */
export default function QuizList({ topicId, subTopicId, topicName }: { topicId: string; subTopicId?: string; topicName?: string }) {
  const toast = useToast();
  const can = useCan();
  const { list, goTo, created, updated } = usePagedList<QuizDoc>(
    (offset) => contentAdminCalls.quizzes(subTopicId ? { topicId, subTopicId, limit: PAGE_SIZE, offset } : { topicId, limit: PAGE_SIZE, offset }),
    `${topicId}:${subTopicId ?? ''}`,
  );
  const [editing, setEditing] = useState<QuizDoc | 'new' | null>(null);
  const [switching, setSwitching] = useState<string | null>(null);

  const publish = async (quiz: QuizDoc) => {
    setSwitching(quiz._id);
    try {
      const answer = await contentAdminCalls.saveQuiz(quiz._id, { isPublished: !quiz.isPublished });
      updated(answer.quiz);
      toast.success(quizToasts.updated);
    } catch (error) {
      toast.error(error);
    } finally {
      setSwitching(null);
    }
  };

  return (
    <section aria-labelledby="quizzes-heading">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="quizzes-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
          {topicName ? `Quizzes of ${topicName}` : 'Quizzes'}{' '}
          <span className="text-sm font-normal text-slate-500" data-testid="quiz-count">
            ({list.totalDocs})
          </span>
        </h2>
        {can({ quizzes: ['create'] }) && (
          <button type="button" className={`${primaryButton} px-4! py-2!`} onClick={() => setEditing('new')}>
            <Plus className="size-4" aria-hidden="true" />
            New quiz
          </button>
        )}
      </div>
      {list.status === 'rejected' && <p className="mt-4 text-sm text-rose-600">The quizzes could not be loaded.</p>}
      {!list.loaded && list.status !== 'rejected' && (
        <div role="status" className="mt-8 flex justify-center text-brand-deep">
          <Spinner className="size-6" />
          <span className="sr-only">Loading quizzes</span>
        </div>
      )}
      {list.loaded && list.docs.length === 0 && (
        <div className="mt-4">
          <EmptyState
            icon={<ClipboardList className="size-6" aria-hidden="true" />}
            title="No quizzes yet"
            text={`Make one from ${subTopicId ? "this sub topic's" : "this topic's"} approved questions, then publish it for learners.`}
          />
        </div>
      )}
      {list.docs.length > 0 && (
        <ul className="mt-4 space-y-3">
          {list.docs.map((quiz) => (
            <li key={quiz._id} className={`${cardClass} flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between`} data-testid="quiz-row">
              <div className="min-w-0">
                <p className="font-medium text-slate-900 dark:text-white">{quiz.title}</p>
                <p className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-500 dark:text-slate-400">
                  <span
                    className={clsx(
                      'rounded-full px-2 py-0.5 font-semibold',
                      quiz.isPublished
                        ? 'bg-emerald-100 text-emerald-800 dark:bg-emerald-500/15 dark:text-emerald-200'
                        : 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-300',
                    )}
                  >
                    {quiz.isPublished ? 'Published' : 'Draft'}
                  </span>
                  <span>
                    {[
                      ...(subTopicId ? [] : [quiz.subTopic?.name ?? 'Whole topic']),
                      quiz.questionIds.length === 1 ? '1 question' : `${quiz.questionIds.length} questions`,
                      timeLimitText(quiz.timeLimitSeconds),
                      ...(quiz.paper ? [quiz.paper] : []),
                    ].join(' · ')}
                  </span>
                </p>
              </div>
              {can({ quizzes: ['edit'] }) && (
                <div className="flex shrink-0 flex-wrap gap-2">
                  <button
                    type="button"
                    className={smallButton}
                    disabled={switching === quiz._id}
                    onClick={() => void publish(quiz)}
                    aria-label={`${quiz.isPublished ? 'Unpublish' : 'Publish'} ${quiz.title}`}
                  >
                    {switching === quiz._id ? (
                      <Spinner className="size-3.5" />
                    ) : quiz.isPublished ? (
                      <EyeOff className="size-3.5" aria-hidden="true" />
                    ) : (
                      <Eye className="size-3.5" aria-hidden="true" />
                    )}
                    {quiz.isPublished ? 'Unpublish' : 'Publish'}
                  </button>
                  <SmallIconButton icon={Pencil} onClick={() => setEditing(quiz)} label={`Edit ${quiz.title}`}>
                    Edit
                  </SmallIconButton>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      <Pager offset={list.offset} limit={PAGE_SIZE} total={list.totalDocs} onOffset={(o) => void goTo(o)} />
      {editing && (
        <QuizDialog
          topicId={topicId}
          subTopicId={subTopicId}
          quiz={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(doc) => {
            if (editing === 'new') created(doc);
            else updated(doc);
            setEditing(null);
          }}
        />
      )}
    </section>
  );
}
