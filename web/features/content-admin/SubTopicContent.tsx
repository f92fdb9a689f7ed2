import { FileText, Pencil, Plus, Star, Trash2, Video } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import type { ZodType } from 'zod';
import { contentInput, faqInput, resourceInput, reviewInput, type SubTopicDoc, type SubTopicEdit, videoLinkInput } from '../../../schema/contracts/content';
import { useCan } from '../../entities/roles/admin-permissions';
import { cardClass } from '../../ui/classes';
import MathText from '../../ui/math/MathText';
import RichContent from '../../ui/math/RichContent';
import { SmallIconButton } from '../../ui/SmallIconButton';
import { useToast } from '../../ui/toast/use-toast';
import ItemDialog, { type ItemField } from './ItemDialog';
import SortableList from './SortableList';
import '../../ui/math/rich-content.css';
import { contentAdminCalls } from './api';

interface Dialog {
  title: string;
  fields: ItemField[];
  initial: Record<string, string>;
  schema: ZodType;
  save: (values: Record<string, unknown>) => Promise<void>;
}

const linkFields: ItemField[] = [
  { name: 'title', label: 'Title', kind: 'text' },
  { name: 'url', label: 'Web address', kind: 'text' },
];

function Section({ title, onAdd, children, empty }: { title: string; onAdd?: () => void; children: ReactNode; empty: boolean }) {
  const id = `section-${title.toLowerCase().replaceAll(' ', '-')}`;
  return (
    <section aria-labelledby={id} className={`${cardClass} p-4 sm:p-5`}>
      <div className="flex items-center justify-between gap-3">
        <h2 id={id} className="font-semibold text-slate-900 dark:text-white">
          {title}
        </h2>
        {onAdd && (
          <SmallIconButton icon={Plus} onClick={onAdd} label={`Add to ${title}`}>
            Add
          </SmallIconButton>
        )}
      </div>
      {empty ? <p className="mt-2 text-sm text-slate-500 dark:text-slate-400">Nothing here yet.</p> : <div className="mt-3">{children}</div>}
    </section>
  );
}

function RowActions({ label, onEdit, onRemove }: { label: string; onEdit?: () => void; onRemove?: () => void }) {
  return (
    <div className="flex shrink-0 gap-1.5">
      {onEdit && <SmallIconButton icon={Pencil} onClick={onEdit} label={`Edit ${label}`} />}
      {onRemove && <SmallIconButton icon={Trash2} onClick={onRemove} label={`Remove ${label}`} />}
    </div>
  );
}

/** The sub topic's content lists, each edited through its own PUT admin/subtopics/{id}/{edit} call. */
export default function SubTopicContent({ subTopic, onChange }: { subTopic: SubTopicDoc; onChange: (doc: SubTopicDoc) => void }) {
  const toast = useToast();
  const can = useCan();
  const editable = can({ adminContent: ['edit'] });
  const [dialog, setDialog] = useState<Dialog | null>(null);

  const edit = async (name: SubTopicEdit, body: unknown) => {
    const doc = await contentAdminCalls.editSubTopic(subTopic._id, name, body);
    onChange(doc);
    toast.success('Sub topic Updated');
  };
  const run = (name: SubTopicEdit, body: unknown) => void edit(name, body).catch((error: unknown) => toast.error(error));
  const open = (
    title: string,
    fields: ItemField[],
    schema: ZodType,
    initial: Record<string, string>,
    save: (values: Record<string, unknown>) => Promise<void>,
  ) =>
    setDialog({
      title,
      fields,
      schema,
      initial,
      save: async (values) => {
        await save(values);
        setDialog(null);
      },
    });

  return (
    <div className="space-y-4">
      <Section
        title="Content blocks"
        empty={subTopic.contents.length === 0}
        onAdd={
          editable
            ? () =>
                open(
                  'Add content block',
                  [
                    { name: 'title', label: 'Title', kind: 'text' },
                    { name: 'body', label: 'Content', kind: 'rich' },
                  ],
                  contentInput,
                  {},
                  (v) => edit('addContent', v),
                )
            : undefined
        }
      >
        <ul className="space-y-3">
          {subTopic.contents.map((block) => (
            <li key={block._id} className="rounded-xl p-3 ring-1 ring-slate-200 dark:ring-slate-700">
              <div className="flex items-start justify-between gap-2">
                <h3 className="font-medium text-slate-900 dark:text-white">{block.title}</h3>
                {editable && (
                  <RowActions
                    label={block.title}
                    onEdit={() =>
                      open(
                        'Edit content block',
                        [
                          { name: 'title', label: 'Title', kind: 'text' },
                          { name: 'body', label: 'Content', kind: 'rich' },
                        ],
                        contentInput,
                        { title: block.title, body: block.body },
                        (v) => edit('editContent', { contentId: block._id, ...v }),
                      )
                    }
                    onRemove={() => run('removeContent', { contentId: block._id })}
                  />
                )}
              </div>
              <RichContent html={block.body} className="mt-2 text-sm text-slate-700 dark:text-slate-300" />
            </li>
          ))}
        </ul>
      </Section>

      <Section
        title="Video links"
        empty={subTopic.videoLinks.length === 0}
        onAdd={editable ? () => open('Add video link', linkFields, videoLinkInput, {}, (v) => edit('addVideoLink', v)) : undefined}
      >
        <SortableList
          items={subTopic.videoLinks}
          label={(v) => v.title}
          onReorder={(next) => run('sortVideoLinks', { videoLinkIds: next.map((v) => v._id) })}
          render={(v) => (
            <div className="flex items-center justify-between gap-2">
              <a
                href={v.url}
                target="_blank"
                rel="noopener noreferrer"
                className="flex min-w-0 items-center gap-2 text-sm font-medium text-slate-800 hover:underline dark:text-slate-100"
              >
                <Video className="size-4 shrink-0 text-brand-deep" aria-hidden="true" />
                <span className="truncate">{v.title}</span>
              </a>
              {editable && (
                <RowActions
                  label={v.title}
                  onEdit={() =>
                    open('Edit video link', linkFields, videoLinkInput, { title: v.title, url: v.url }, (values) =>
                      edit('editVideoLink', { videoLinkId: v._id, ...values }),
                    )
                  }
                  onRemove={() => run('removeVideoLink', { videoLinkId: v._id })}
                />
              )}
            </div>
          )}
        />
      </Section>

      <Section
        title="Resources"
        empty={subTopic.resources.length === 0}
        onAdd={editable ? () => open('Add resource', linkFields, resourceInput, {}, (v) => edit('addResources', { resources: [v] })) : undefined}
      >
        <ul className="space-y-2">
          {subTopic.resources.map((r) => (
            <li key={r._id} className="flex items-center justify-between gap-2">
              <a
                href={r.url}
                target="_blank"
                rel="noopener noreferrer"
                className="flex min-w-0 items-center gap-2 text-sm font-medium text-slate-800 hover:underline dark:text-slate-100"
              >
                <FileText className="size-4 shrink-0 text-brand-deep" aria-hidden="true" />
                <span className="truncate">{r.title}</span>
              </a>
              {editable && <RowActions label={r.title} onRemove={() => run('removeResources', { resourceIds: [r._id] })} />}
            </li>
          ))}
        </ul>
      </Section>

      <Section
        title="FAQs"
        empty={subTopic.faqs.length === 0}
        onAdd={
          editable
            ? () =>
                open(
                  'Add FAQ',
                  [
                    { name: 'question', label: 'Question', kind: 'text' },
                    { name: 'answer', label: 'Answer (use $…$ for formulas)', kind: 'textarea' },
                  ],
                  faqInput,
                  {},
                  (v) => edit('addFAQ', v),
                )
            : undefined
        }
      >
        <ul className="space-y-3">
          {subTopic.faqs.map((f) => (
            <li key={f._id} className="flex items-start justify-between gap-2">
              <div className="min-w-0 text-sm">
                <MathText as="p" text={f.question} className="font-medium text-slate-900 dark:text-white" />
                <MathText as="p" text={f.answer} className="text-slate-600 dark:text-slate-300" />
              </div>
              {editable && (
                <RowActions
                  label={f.question}
                  onEdit={() =>
                    open(
                      'Edit FAQ',
                      [
                        { name: 'question', label: 'Question', kind: 'text' },
                        { name: 'answer', label: 'Answer', kind: 'textarea' },
                      ],
                      faqInput,
                      { question: f.question, answer: f.answer },
                      (v) => edit('editFAQ', { faqId: f._id, ...v }),
                    )
                  }
                  onRemove={() => run('removeFAQ', { faqId: f._id })}
                />
              )}
            </li>
          ))}
        </ul>
      </Section>

      <Section
        title="Reviews"
        empty={subTopic.reviews.length === 0}
        onAdd={
          editable
            ? () =>
                open(
                  'Add review',
                  [
                    { name: 'author', label: 'Author', kind: 'text' },
                    { name: 'rating', label: 'Rating', kind: 'rating' },
                    { name: 'text', label: 'Review', kind: 'textarea' },
                  ],
                  reviewInput,
                  { rating: '5' },
                  (v) => edit('addReview', v),
                )
            : undefined
        }
      >
        <ul className="space-y-3">
          {subTopic.reviews.map((r) => (
            <li key={r._id} className="flex items-start justify-between gap-2 text-sm">
              <div>
                <p className="flex items-center gap-1 font-medium text-slate-900 dark:text-white">
                  <Star className="size-3.5 fill-amber-400 text-amber-400" aria-hidden="true" />
                  {r.rating}/5 · {r.author}
                </p>
                <p className="text-slate-600 dark:text-slate-300">{r.text}</p>
              </div>
              {editable && (
                <RowActions
                  label={`review by ${r.author}`}
                  onEdit={() =>
                    open(
                      'Edit review',
                      [
                        { name: 'author', label: 'Author', kind: 'text' },
                        { name: 'rating', label: 'Rating', kind: 'rating' },
                        { name: 'text', label: 'Review', kind: 'textarea' },
                      ],
                      reviewInput,
                      { author: r.author, rating: String(r.rating), text: r.text },
                      (v) => edit('editReview', { reviewId: r._id, ...v }),
                    )
                  }
                  onRemove={() => run('removeReview', { reviewId: r._id })}
                />
              )}
            </li>
          ))}
        </ul>
      </Section>

      {dialog && (
        <ItemDialog
          title={dialog.title}
          fields={dialog.fields}
          initial={dialog.initial}
          schema={dialog.schema}
          onClose={() => setDialog(null)}
          onSubmit={dialog.save}
        />
      )}
    </div>
  );
}
