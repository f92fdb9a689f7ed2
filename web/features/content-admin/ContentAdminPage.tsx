import { FolderTree, Pencil, Plus, Trash2 } from 'lucide-react';
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { ListResponse } from '../../../schema/contracts/common';
import { type SubTopicDoc, subTopicInput, type TopicDoc } from '../../../schema/contracts/content';
import type { HomeCurriculum } from '../../../schema/contracts/learning';
import { api } from '../../lib/api';
import { issuesByField } from '../../lib/form-errors';
import { useFormSave } from '../../lib/use-form-save';
import { usePagedList } from '../../lib/paged-list';
import { Dialog } from '../../ui/Dialog';
import { EmptyState } from '../../ui/EmptyState';
import { Pager } from '../../ui/Pager';
import TextField from '../../ui/TextField';
import LoadFailure from '../../ui/LoadFailure';
import Spinner from '../../ui/Spinner';
import { cardClass, dangerButton, focusRing, primaryButton, secondaryButton, smallButton } from '../../ui/classes';
import { ChoiceField, TextAreaField } from '../../ui/fields';
import { useToast } from '../../ui/toast/use-toast';
import { useCan } from '../roles/admin-permissions';
import ContentAccess from './ContentAccess';
import QuizList from './QuizList';
import SortableList from './SortableList';

const PAGE_SIZE = 20;

const plural = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

/** Curriculum → subject → grade, kept in the address so a reload or a shared link opens the same place. */
function usePickers(catalogue: HomeCurriculum[] | null) {
  const [params, setParams] = useSearchParams();
  const curriculum = catalogue?.find((c) => c._id === params.get('curriculum')) ?? catalogue?.[0];
  const subject = curriculum?.subjects.find((s) => s._id === params.get('subject')) ?? curriculum?.subjects[0];
  const grade = subject?.grade.find((g) => g._id === params.get('grade')) ?? subject?.grade.at(-1);
  const topicId = params.get('topic');
  const set = (next: Record<string, string | undefined>) => {
    const merged = new URLSearchParams(params);
    for (const [key, value] of Object.entries(next)) if (value) merged.set(key, value);
    else merged.delete(key);
    setParams(merged, { replace: true });
  };
  return { curriculum, subject, grade, topicId, set };
}

export default function ContentAdminPage() {
  return (
    <ContentAccess>
      <ContentAdminPageBody />
    </ContentAccess>
  );
}

function ContentAdminPageBody() {
  const [catalogue, setCatalogue] = useState<HomeCurriculum[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    setFailed(false);
    api<HomeCurriculum[]>('/curriculums/getCurriculumsForHomePage').then(setCatalogue, () => setFailed(true));
  }, [attempt]);
  const pick = usePickers(catalogue);
  if (failed) return <LoadFailure onRetry={() => setAttempt((n) => n + 1)} />;
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 lg:px-8">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl dark:text-white">Learning content</h1>
      <p className="mt-1 text-slate-600 dark:text-slate-400">Topics, sub topics, their notes, the question bank and quizzes.</p>
      {!catalogue ? (
        <div className="mt-10 flex justify-center">
          <Spinner className="size-6 text-brand" />
        </div>
      ) : (
        <>
          <div className="mt-6 grid gap-3 sm:grid-cols-3">
            <ChoiceField id="pick-curriculum" label="Curriculum" value={pick.curriculum?._id ?? ''} onChange={(e) => pick.set({ curriculum: e.target.value, subject: undefined, grade: undefined, topic: undefined })}>
              {catalogue.map((c) => (
                <option key={c._id} value={c._id}>
                  {c.curriculum}
                </option>
              ))}
            </ChoiceField>
            <ChoiceField id="pick-subject" label="Subject" value={pick.subject?._id ?? ''} onChange={(e) => pick.set({ subject: e.target.value, grade: undefined, topic: undefined })}>
              {pick.curriculum?.subjects.map((s) => (
                <option key={s._id} value={s._id}>
                  {s.subject}
                </option>
              ))}
            </ChoiceField>
            <ChoiceField id="pick-grade" label="Grade" value={pick.grade?._id ?? ''} onChange={(e) => pick.set({ grade: e.target.value, topic: undefined })}>
              {pick.subject?.grade.map((g) => (
                <option key={g._id} value={g._id}>
                  {g.grade}
                </option>
              ))}
            </ChoiceField>
          </div>
          {pick.subject && pick.grade ? (
            <Topics subjectId={pick.subject._id} gradeId={pick.grade._id} topicId={pick.topicId} onTopic={(topic) => pick.set({ topic })} />
          ) : (
            <p className="mt-8 text-slate-600 dark:text-slate-400">Choose a subject and grade.</p>
          )}
        </>
      )}
    </div>
  );
}

function Topics({ subjectId, gradeId, topicId, onTopic }: { subjectId: string; gradeId: string; topicId: string | null; onTopic: (id: string) => void }) {
  const toast = useToast();
  const can = useCan();
  const [topics, setTopics] = useState<TopicDoc[] | null>(null);
  useEffect(() => {
    setTopics(null);
    api<TopicDoc[]>('/topics', { json: { subjectId, gradeId } }).then(setTopics, (e) => {
      setTopics([]);
      toast.error(e);
    });
  }, [subjectId, gradeId, toast]);
  const selected = topics?.find((t) => t._id === topicId) ?? topics?.[0];

  const reorder = async (next: TopicDoc[]) => {
    const previous = topics;
    setTopics(next);
    try {
      await api('/admin/topics/updateSorting', { json: { topics: next.map((t, sortingOrder) => ({ _id: t._id, sortingOrder })) } });
      toast.success('Topic order saved');
    } catch (error) {
      setTopics(previous);
      toast.error(error);
    }
  };

  if (!topics) {
    return (
      <div className="mt-10 flex justify-center">
        <Spinner className="size-6 text-brand" />
      </div>
    );
  }
  if (topics.length === 0) {
    return (
      <div className="mt-8">
        <EmptyState icon={<FolderTree className="size-6" aria-hidden="true" />} title="No topics yet" text="This subject and grade have no topics yet; they arrive with the syllabus import." />
      </div>
    );
  }
  return (
    <div className="mt-8 grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
      <section aria-labelledby="topics-heading" className={`${cardClass} p-4`}>
        <h2 id="topics-heading" className="font-semibold text-slate-900 dark:text-white">
          Topics
        </h2>
        <p className="mt-0.5 text-xs text-slate-500 dark:text-slate-400">{can({ adminContent: ['edit'] }) ? 'Drag the grip, or focus it and use Space and the arrow keys, to reorder.' : 'In the order learners see them.'}</p>
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
          <SubTopics key={selected._id} topic={selected} />
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

function SubTopics({ topic }: { topic: TopicDoc }) {
  const toast = useToast();
  const can = useCan();
  const { list, goTo, created, updated, removed } = usePagedList<SubTopicDoc>(
    (offset) => api<ListResponse<SubTopicDoc>>('/admin/subtopics', { query: { topicId: topic._id, limit: PAGE_SIZE, offset } }),
    topic._id,
  );
  const [editing, setEditing] = useState<SubTopicDoc | 'new' | null>(null);
  const [deleting, setDeleting] = useState<SubTopicDoc | null>(null);
  const [busy, setBusy] = useState(false);

  const remove = async () => {
    if (!deleting) return;
    setBusy(true);
    try {
      await api(`/admin/subtopics/${deleting._id}`, { method: 'DELETE' });
      removed(deleting._id);
      toast.success('Sub topic Deleted');
      setDeleting(null);
    } catch (error) {
      toast.error(error);
    } finally {
      setBusy(false);
    }
  };

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
          <Spinner className="size-5 text-brand" />
        </div>
      ) : list.docs.length === 0 ? (
        <p className="mt-4 text-sm text-slate-600 dark:text-slate-400">No sub topics yet. Add the first one.</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-200 dark:divide-slate-800">
          {list.docs.map((s) => (
            <li key={s._id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
              <div className="min-w-0">
                <Link to={`/portal/admin/content/subtopics/${s._id}`} className={`rounded font-medium text-slate-900 hover:text-brand hover:underline dark:text-white ${focusRing}`}>
                  {s.name}
                </Link>
                <p className="text-xs text-slate-500 dark:text-slate-400">
                  {plural(s.contents.length, 'content block')} · {plural(s.videoLinks.length, 'video')} · {plural(s.faqs.length, 'FAQ')}
                </p>
              </div>
              <div className="flex shrink-0 gap-2">
                {can({ adminContent: ['edit'] }) && (
                  <button type="button" className={smallButton} onClick={() => setEditing(s)} aria-label={`Rename ${s.name}`}>
                    <Pencil className="size-3.5" aria-hidden="true" />
                    Edit
                  </button>
                )}
                {can({ adminContent: ['delete'] }) && (
                  <button type="button" className={smallButton} onClick={() => setDeleting(s)} aria-label={`Delete ${s.name}`}>
                    <Trash2 className="size-3.5" aria-hidden="true" />
                    Delete
                  </button>
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
      <Dialog open={deleting !== null} onClose={() => setDeleting(null)} title="Delete sub topic?">
        <p className="text-slate-600 dark:text-slate-300">
          <strong>{deleting?.name}</strong> and its notes will be removed. A sub topic that has questions or quizzes cannot be deleted.
        </p>
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button type="button" className={secondaryButton} onClick={() => setDeleting(null)}>
            Cancel
          </button>
          <button type="button" className={dangerButton} disabled={busy} onClick={() => void remove()}>
            {busy && <Spinner className="size-4" />}
            Delete
          </button>
        </div>
      </Dialog>
    </section>
  );
}

function SubTopicDialog({ topicId, subTopic, onClose, onSaved }: { topicId: string; subTopic: SubTopicDoc | null; onClose: () => void; onSaved: (doc: SubTopicDoc, isNew: boolean) => void }) {
  const toast = useToast();
  const [form, setForm] = useState({ name: subTopic?.name ?? '', summary: subTopic?.summary ?? '' });
  const { busy, errors, setErrors, save } = useFormSave();
  const body = useMemo(() => ({ topicId, ...form }), [topicId, form]);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = subTopicInput.safeParse(body);
    if (!parsed.success) {
      setErrors(issuesByField(parsed.error.issues));
      return;
    }
    await save(async () => {
      const doc = subTopic
        ? await api<SubTopicDoc>(`/admin/subtopics/${subTopic._id}`, { method: 'PUT', json: { name: parsed.data.name, summary: parsed.data.summary } })
        : await api<SubTopicDoc>('/admin/subtopics', { method: 'POST', json: parsed.data });
      toast.success(subTopic ? 'Sub topic Updated' : 'Sub topic Added');
      onSaved(doc, !subTopic);
    });
  };
  return (
    <Dialog open onClose={onClose} title={subTopic ? 'Edit sub topic' : 'Add sub topic'}>
      <form onSubmit={(e) => void submit(e)} noValidate className="space-y-4">
        <TextField id="subtopic-name" label="Name" required value={form.name} onChange={(e) => setForm({ ...form, name: e.target.value })} error={errors.name} maxLength={200} />
        <TextAreaField id="subtopic-summary" label="Summary (use $…$ for formulas)" rows={3} value={form.summary} onChange={(e) => setForm({ ...form, summary: e.target.value })} error={errors.summary} maxLength={1000} />
        <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
          <button type="button" className={secondaryButton} onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className={primaryButton} disabled={busy}>
            {busy && <Spinner className="size-4" />}
            {subTopic ? 'Save' : 'Add sub topic'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
