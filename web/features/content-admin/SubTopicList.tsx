import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { SubTopicDoc, TopicDoc } from '../../../schema/contracts/content';
import { useCan } from '../../entities/roles/admin-permissions';
import { usePagedList } from '../../lib/paged-list';
import { ConfirmDeleteDialog } from '../../ui/ConfirmDeleteDialog';
import { cardClass, focusRing, primaryButton } from '../../ui/classes';
import { Pager } from '../../ui/Pager';
import { SmallIconButton } from '../../ui/SmallIconButton';
import Spinner from '../../ui/Spinner';
import { contentAdminCalls } from './api';
import SubTopicDialog from './SubTopicDialog';

const PAGE_SIZE = 20;

const plural = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

export default function SubTopicList({ topic }: { topic: TopicDoc }) {
  const can = useCan();
  const { list, goTo, created, updated, removed } = usePagedList<SubTopicDoc>(
    (offset) => contentAdminCalls.subTopics(topic._id, { limit: PAGE_SIZE, offset }),
    topic._id,
  );
  const [editing, setEditing] = useState<SubTopicDoc | 'new' | null>(null);
  const [deleting, setDeleting] = useState<SubTopicDoc | null>(null);

  return (
    <section aria-labelledby="subtopics-heading" className={`${cardClass} p-4`}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="subtopics-heading" className="font-semibold text-slate-900 dark:text-white">
          Sub topics of {topic.name}
        </h2>
        {can({ adminContent: ['create'] }) && (
          <button type="button" className={`${primaryButton} px-4! py-2!`} onClick={() => setEditing('new')}>
            <Plus className="size-4" aria-hidden="true" />
            Add sub topic
          </button>
        )}
      </div>
      {list.status === 'rejected' ? (
        <p className="mt-4 text-sm text-rose-600">The sub topics could not be loaded.</p>
      ) : !list.loaded ? (
        <div className="mt-6 flex justify-center">
          <Spinner className="size-5 text-brand-deep" />
        </div>
      ) : list.docs.length === 0 ? (
        <p className="mt-4 text-sm text-slate-600 dark:text-slate-400">No sub topics yet. Add the first one.</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-200 dark:divide-slate-800">
          {list.docs.map((s) => (
            <li key={s._id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
              <div className="min-w-0">
                <Link
                  to={`/portal/admin/content/subtopics/${s._id}`}
                  className={`rounded font-medium text-slate-900 hover:text-brand-deep hover:underline dark:text-white ${focusRing}`}
                >
                  {s.name}
                </Link>
                <p className="text-xs text-slate-500 dark:text-slate-400">
                  {plural(s.contents.length, 'content block')} · {plural(s.videoLinks.length, 'video')} · {plural(s.faqs.length, 'FAQ')}
                </p>
              </div>
              <div className="flex shrink-0 gap-2">
                {can({ adminContent: ['edit'] }) && (
                  <SmallIconButton icon={Pencil} onClick={() => setEditing(s)} label={`Edit ${s.name}`}>
                    Edit
                  </SmallIconButton>
                )}
                {can({ adminContent: ['delete'] }) && (
                  <SmallIconButton icon={Trash2} onClick={() => setDeleting(s)} label={`Delete ${s.name}`}>
                    Delete
                  </SmallIconButton>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      <Pager offset={list.offset} limit={PAGE_SIZE} total={list.totalDocs} onOffset={(o) => void goTo(o)} />
      {editing && (
        <SubTopicDialog
          topicId={topic._id}
          subTopic={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(doc, isNew) => {
            if (isNew) created(doc);
            else updated(doc);
            setEditing(null);
          }}
        />
      )}
      <ConfirmDeleteDialog
        item={deleting}
        title="Delete sub topic?"
        confirmLabel="Delete"
        success="Sub topic Deleted"
        remove={(doomed) => contentAdminCalls.deleteSubTopic(doomed._id)}
        onRemoved={removed}
        onClose={() => setDeleting(null)}
      >
        <p className="text-slate-600 dark:text-slate-300">
          <strong>{deleting?.name}</strong> and its notes will be removed. A sub topic that has questions or quizzes cannot be deleted.
        </p>
      </ConfirmDeleteDialog>
    </section>
  );
}
