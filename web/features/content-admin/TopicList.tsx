import { FolderTree } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { TopicDoc } from '../../../schema/contracts/content';
import { useCan } from '../../entities/roles/admin-permissions';
import { cardClass, focusRing } from '../../ui/classes';
import { EmptyState } from '../../ui/EmptyState';
import Spinner from '../../ui/Spinner';
import { useToast } from '../../ui/toast/use-toast';
import { contentAdminCalls } from './api';
import QuizList from './QuizList';
import SortableList from './SortableList';
import SubTopicList from './SubTopicList';

export default function TopicList({
  subjectId,
  gradeId,
  topicId,
  onTopic,
}: {
  subjectId: string;
  gradeId: string;
  topicId: string | null;
  onTopic: (id: string) => void;
}) {
  const toast = useToast();
  const can = useCan();
  const [topics, setTopics] = useState<TopicDoc[] | null>(null);
  useEffect(() => {
    setTopics(null);
    contentAdminCalls.topics(subjectId, gradeId).then(setTopics, (e) => {
      setTopics([]);
      toast.error(e);
    });
  }, [subjectId, gradeId, toast]);
  const selected = topics?.find((t) => t._id === topicId) ?? topics?.[0];

  const reorder = async (next: TopicDoc[]) => {
    const previous = topics;
    setTopics(next);
    try {
      await contentAdminCalls.sortTopics(next);
      toast.success('Topic order saved');
    } catch (error) {
      setTopics(previous);
      toast.error(error);
    }
  };

  if (!topics) {
    return (
      <div className="mt-10 flex justify-center">
        <Spinner className="size-6 text-brand-deep" />
      </div>
    );
  }
  if (topics.length === 0) {
    return (
      <div className="mt-8">
        <EmptyState
          icon={<FolderTree className="size-6" aria-hidden="true" />}
          title="No topics yet"
          text="This subject and grade have no topics yet; they arrive with the syllabus import."
        />
      </div>
    );
  }
  return (
    <div className="mt-8 grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
      <section aria-labelledby="topics-heading" className={`${cardClass} p-4`}>
        <h2 id="topics-heading" className="font-semibold text-slate-900 dark:text-white">
          Topics
        </h2>
        <p className="mt-0.5 text-xs text-slate-500 dark:text-slate-400">
          {can({ adminContent: ['edit'] }) ? 'Drag the grip, or focus it and use Space and the arrow keys, to reorder.' : 'In the order learners see them.'}
        </p>
        <div className="mt-2">
          <SortableList
            items={topics}
            label={(t) => t.name}
            onReorder={(next) => void reorder(next)}
            render={(t) => (
              <button
                type="button"
                onClick={() => onTopic(t._id)}
                aria-pressed={t._id === selected?._id}
                className={`w-full rounded-lg px-2 py-1.5 text-left text-sm font-medium ${focusRing} ${t._id === selected?._id ? 'bg-brand/15 text-slate-900 dark:text-white' : 'text-slate-700 hover:bg-slate-50 dark:text-slate-300 dark:hover:bg-slate-800'}`}
              >
                {t.name}
              </button>
            )}
          />
        </div>
      </section>
      {selected && (
        <div className="min-w-0 space-y-6">
          <SubTopicList key={selected._id} topic={selected} />
          {can({ quizzes: ['view'] }) && (
            <div className={`${cardClass} p-4`}>
              <QuizList key={selected._id} topicId={selected._id} topicName={selected.name} />
            </div>
          )}
        </div>
      )}
    </div>
  );
}
