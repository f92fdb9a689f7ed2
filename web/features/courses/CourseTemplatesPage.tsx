import { Eye, LayoutTemplate, Pencil, Plus, Trash2 } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { TITLE_MAX } from '../../../schema/contracts/common';
import { type CourseTemplate, courseTemplateInput } from '../../../schema/contracts/course-templates';
import { type Course, courseKinds } from '../../../schema/contracts/courses';
import { useCan } from '../../entities/roles/admin-permissions';
import { issuesByField } from '../../lib/form-errors';
import { usePagedList } from '../../lib/paged-list';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { ConfirmDeleteDialog } from '../../ui/ConfirmDeleteDialog';
import { cardClass, primaryButton, smallButton } from '../../ui/classes';
import { Dialog } from '../../ui/Dialog';
import { DialogActions } from '../../ui/DialogActions';
import { EmptyState } from '../../ui/EmptyState';
import { ChoiceField } from '../../ui/fields';
import { ListStatus } from '../../ui/ListStatus';
import { Pager } from '../../ui/Pager';
import { SearchField } from '../../ui/SearchField';
import TextField from '../../ui/TextField';
import { useToast } from '../../ui/toast/use-toast';
import { useFormSave } from '../../ui/use-form-save';
import { courseCalls } from './api';
import { kindLabel } from './course-kind';
import TemplateDialog from './TemplateDialog';

const PAGE_SIZE = 20;

/** A new template copies the section tree of an existing course, so admins build the tree once where they can see it. */
function NewTemplateDialog({ onClose, onCreated }: { onClose: () => void; onCreated: (template: CourseTemplate) => void }) {
  const toast = useToast();
  const [courses, setCourses] = useState<Course[] | null>(null);
  const [form, setForm] = useState({ title: '', description: '', fromCourseId: '' });
  const { busy, errors, setErrors, save } = useFormSave();
  useEffect(() => {
    courseCalls
      .byTitle()
      .then((page) => setCourses(page.docs))
      .catch((e) => {
        setCourses([]);
        toast.error(e);
      });
  }, [toast]);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const source = courses?.find((c) => c._id === form.fromCourseId);
    const body = {
      ...form,
      curriculum: source?.curriculum ?? '',
      subject: source?.subject ?? '',
      grade: source?.grade ?? '',
      kind: source?.kind ?? courseKinds[0],
    };
    const parsed = courseTemplateInput.safeParse(body);
    if (!parsed.success || !source) {
      setErrors({ ...(parsed.success ? {} : issuesByField(parsed.error.issues)), ...(source ? {} : { fromCourseId: 'Choose the course to copy' }) });
      return;
    }
    await save(async () => {
      const created = await courseCalls.createTemplate(parsed.data);
      toast.success('Course template created!');
      onCreated(created);
    });
  };
  return (
    <Dialog open onClose={onClose} title="New course template">
      <form onSubmit={submit} noValidate className="space-y-4">
        <TextField
          id="template-title"
          label="Title"
          required
          value={form.title}
          onChange={(e) => setForm({ ...form, title: e.target.value })}
          error={errors.title}
          maxLength={TITLE_MAX}
        />
        <TextField
          id="template-description"
          label="Description"
          value={form.description}
          onChange={(e) => setForm({ ...form, description: e.target.value })}
          error={errors.description}
        />
        <ChoiceField
          id="template-source"
          label="Copy the sections of"
          value={form.fromCourseId}
          onChange={(e) => setForm({ ...form, fromCourseId: e.target.value })}
          error={errors.fromCourseId}
        >
          <option value="">Choose a course…</option>
          {courses?.map((c) => (
            <option key={c._id} value={c._id}>
              {c.title}
            </option>
          ))}
        </ChoiceField>
        <DialogActions onCancel={onClose} busy={busy} className="pt-2">
          Create template
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** /portal/admin/course-templates: search, create from a course, open to view or edit, delete. */
export default function CourseTemplatesPage() {
  const can = useCan();
  const [typed, setTyped] = useState('');
  const searchText = useDebouncedValue(typed.trim());
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<CourseTemplate | null>(null);
  const [opened, setOpened] = useState<string | null>(null);
  const mayEdit = can({ adminCourse: ['edit'] });
  const { list, goTo, reload, created, updated, removed } = usePagedList<CourseTemplate>(
    (offset) => courseCalls.templates({ searchText, limit: PAGE_SIZE, offset }),
    searchText,
  );

  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6 sm:py-12 lg:px-8">
      <p className="text-sm font-semibold text-brand-deep">Admin</p>
      <div className="mt-1 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">Course templates</h1>
        {can({ adminCourse: ['create'] }) && (
          <button type="button" className={primaryButton} onClick={() => setCreating(true)}>
            <Plus className="size-4" aria-hidden="true" />
            New template
          </button>
        )}
      </div>
      <SearchField id="template-search" value={typed} onChange={setTyped} placeholder="Template title" className="mt-6 max-w-md" />
      <ListStatus
        list={list}
        onRetry={() => void reload()}
        className="mt-5"
        empty={
          <EmptyState
            icon={<LayoutTemplate className="size-6" aria-hidden="true" />}
            title="No course templates"
            text={searchText ? 'Try another search.' : 'Create one from a course whose sections you want to reuse.'}
          />
        }
      >
        <ul className="space-y-3">
          {list.docs.map((template) => (
            <li key={template._id} className={`${cardClass} flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between sm:p-5`}>
              <div className="min-w-0">
                <h2 className="font-semibold wrap-anywhere text-slate-900 dark:text-white">{template.title}</h2>
                <p className="text-sm text-slate-600 dark:text-slate-400">
                  {kindLabel(template.kind)} · {template.curriculum} · {template.subject} · {template.grade} · {template.sectionsCount} items
                </p>
              </div>
              <div className="flex shrink-0 flex-wrap gap-2">
                <button
                  type="button"
                  className={smallButton}
                  onClick={() => setOpened(template._id)}
                  aria-label={`${mayEdit ? 'Edit' : 'View'} ${template.title}`}
                >
                  {mayEdit ? <Pencil className="size-4" aria-hidden="true" /> : <Eye className="size-4" aria-hidden="true" />}
                  {mayEdit ? 'Edit' : 'View'}
                </button>
                {can({ adminCourse: ['delete'] }) && (
                  <button
                    type="button"
                    className={`${smallButton} text-rose-700! dark:text-rose-300!`}
                    onClick={() => setDeleting(template)}
                    aria-label={`Delete ${template.title}`}
                  >
                    <Trash2 className="size-4" aria-hidden="true" />
                    Delete
                  </button>
                )}
              </div>
            </li>
          ))}
        </ul>
        <Pager offset={list.offset} limit={PAGE_SIZE} total={list.totalDocs} onOffset={(offset) => void goTo(offset)} />
      </ListStatus>
      {creating && (
        <NewTemplateDialog
          onClose={() => setCreating(false)}
          onCreated={(template) => {
            created(template);
            setCreating(false);
          }}
        />
      )}
      {opened && (
        <TemplateDialog
          templateId={opened}
          editable={mayEdit}
          onClose={() => setOpened(null)}
          onSaved={(template) => {
            updated(template);
            setOpened(null);
          }}
        />
      )}
      <ConfirmDeleteDialog
        item={deleting}
        title="Delete this template?"
        confirmLabel="Delete template"
        success="Course template deleted!"
        remove={(template) => courseCalls.removeTemplate(template._id)}
        onRemoved={removed}
        onClose={() => setDeleting(null)}
      >
        <p className="text-sm text-slate-700 dark:text-slate-300">Courses already made from “{deleting?.title}” keep their sections.</p>
      </ConfirmDeleteDialog>
    </div>
  );
}
