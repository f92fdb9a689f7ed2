import { Trash2 } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { TITLE_MAX } from '../../../schema/contracts/common';
import { type CourseTemplate, courseTemplateUpdate, type TemplateSection } from '../../../schema/contracts/course-templates';
import { courseKinds } from '../../../schema/contracts/courses';
import { gradesOf, subjectsOf } from '../../entities/curricula/catalogue';
import { useCatalogue } from '../../entities/curricula/use-catalogue';
import { issuesByField } from '../../lib/form-errors';
import { secondaryButton, smallButton } from '../../ui/classes';
import { Dialog } from '../../ui/Dialog';
import { DialogActions } from '../../ui/DialogActions';
import { ChoiceField, TextAreaField } from '../../ui/fields';
import LoadFailure from '../../ui/LoadFailure';
import PageLoading from '../../ui/PageLoading';
import TextField from '../../ui/TextField';
import { useToast } from '../../ui/toast/use-toast';
import { useFormSave } from '../../ui/use-form-save';
import { courseCalls } from './api';
import { kindLabel } from './course-kind';
import { changeItem, sectionKindLabels, type TreePath } from './template-tree';

type Load = { status: 'loading' | 'error' } | { status: 'ready'; template: CourseTemplate };

/** The template's items, each renamed or removed in place when the reader may edit. */
function TemplateItems({
  items,
  path,
  editable,
  errors,
  onChange,
}: {
  items: TemplateSection[];
  path: TreePath;
  editable: boolean;
  errors: Record<string, string>;
  onChange: (path: TreePath, change: (item: TemplateSection) => TemplateSection | null) => void;
}) {
  return (
    <ul className={path.length ? 'mt-2 space-y-2 border-l border-slate-200 pl-3 dark:border-slate-700' : 'space-y-2'}>
      {items.map((item, i) => {
        const at = [...path, i];
        const id = `template-item-${at.join('-')}`;
        const errorKey = `sections.${at.join('.sections.')}.title`;
        return (
          <li key={id} data-testid="template-item">
            {editable ? (
              <div className="flex items-end gap-2">
                <TextField
                  id={id}
                  label={sectionKindLabels[item.kind]}
                  className="min-w-0 flex-1"
                  value={item.title}
                  maxLength={TITLE_MAX}
                  error={errors[errorKey]}
                  onChange={(e) => onChange(at, (current) => ({ ...current, title: e.target.value }))}
                />
                <button
                  type="button"
                  className={smallButton}
                  aria-label={`Remove ${item.title || sectionKindLabels[item.kind]}`}
                  onClick={() => onChange(at, () => null)}
                >
                  <Trash2 className="size-4" aria-hidden="true" />
                </button>
              </div>
            ) : (
              <p className="text-sm text-slate-800 dark:text-slate-200">
                <span className="text-slate-500 dark:text-slate-400">{sectionKindLabels[item.kind]}:</span> {item.title}
              </p>
            )}
            {item.sections?.length ? <TemplateItems items={item.sections} path={at} editable={editable} errors={errors} onChange={onChange} /> : null}
          </li>
        );
      })}
    </ul>
  );
}

/** A template opened from the list: its details and its items, which an admin who may edit templates changes here. */
export default function TemplateDialog({
  templateId,
  editable,
  onClose,
  onSaved,
}: {
  templateId: string;
  editable: boolean;
  onClose: () => void;
  onSaved: (template: CourseTemplate) => void;
}) {
  const toast = useToast();
  const catalogue = useCatalogue() ?? [];
  const [attempt, setAttempt] = useState(0);
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [form, setForm] = useState<CourseTemplate | null>(null);
  const { busy, errors, setErrors, save } = useFormSave();

  useEffect(() => {
    const controller = new AbortController();
    setLoad({ status: 'loading' });
    courseCalls
      .template(templateId, controller.signal)
      .then((template) => {
        setLoad({ status: 'ready', template });
        setForm(template);
      })
      .catch(() => !controller.signal.aborted && setLoad({ status: 'error' }));
    return () => controller.abort();
  }, [templateId, attempt]);

  const title = load.status === 'ready' ? load.template.title : 'Course template';
  const set = (field: 'title' | 'description' | 'kind' | 'curriculum' | 'subject' | 'grade') => (event: { target: { value: string } }) => {
    const value = event.target.value;
    setForm(
      (current) =>
        current && {
          ...current,
          [field]: value,
          ...(field === 'curriculum' ? { subject: '', grade: '' } : field === 'subject' ? { grade: '' } : {}),
        },
    );
  };
  const changeTree = (path: TreePath, change: (item: TemplateSection) => TemplateSection | null) =>
    setForm((current) => current && { ...current, sections: changeItem(current.sections ?? [], path, change) });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!form) return;
    const { title: name, description, kind, curriculum, subject, grade, sections = [] } = form;
    const parsed = courseTemplateUpdate.safeParse({ title: name, description, kind, curriculum, subject, grade, sections });
    if (!parsed.success) {
      setErrors(issuesByField(parsed.error.issues));
      return;
    }
    setErrors({});
    await save(async () => {
      const saved = await courseCalls.updateTemplate(templateId, parsed.data);
      toast.success('Course template saved!');
      onSaved(saved);
    });
  };

  // The saved choice stays offered even when the catalogue no longer lists it, so opening a template never blanks it.
  const withSaved = (choices: string[], saved: string | undefined) => (saved && !choices.includes(saved) ? [saved, ...choices] : choices);
  const curricula = withSaved(
    catalogue.map((c) => c.curriculum),
    form?.curriculum,
  );
  const subjects = withSaved(
    subjectsOf(catalogue, form?.curriculum ?? '').map((s) => s.subject),
    form?.subject,
  );
  const grades = withSaved(gradesOf(catalogue, form?.curriculum ?? '', form?.subject ?? ''), form?.grade);

  return (
    <Dialog open onClose={onClose} title={editable ? `Edit template: ${title}` : `Template: ${title}`} wide>
      {load.status === 'loading' && <PageLoading />}
      {load.status === 'error' && <LoadFailure onRetry={() => setAttempt((n) => n + 1)} />}
      {load.status === 'ready' && form && (
        <form onSubmit={submit} noValidate className="space-y-4">
          {editable ? (
            <>
              <TextField
                id="template-edit-title"
                label="Title"
                required
                value={form.title}
                onChange={set('title')}
                error={errors.title}
                maxLength={TITLE_MAX}
              />
              <TextAreaField
                id="template-edit-description"
                label="Description"
                rows={2}
                value={form.description}
                onChange={set('description')}
                error={errors.description}
              />
              <div className="grid gap-4 sm:grid-cols-4">
                <ChoiceField id="template-edit-kind" label="Kind" value={form.kind} onChange={set('kind')} error={errors.kind}>
                  {courseKinds.map((kind) => (
                    <option key={kind} value={kind}>
                      {kindLabel(kind)}
                    </option>
                  ))}
                </ChoiceField>
                <ChoiceField id="template-edit-curriculum" label="Curriculum" value={form.curriculum} onChange={set('curriculum')} error={errors.curriculum}>
                  <option value="">Choose…</option>
                  {curricula.map((c) => (
                    <option key={c} value={c}>
                      {c}
                    </option>
                  ))}
                </ChoiceField>
                <ChoiceField
                  id="template-edit-subject"
                  label="Subject"
                  value={form.subject}
                  onChange={set('subject')}
                  error={errors.subject}
                  disabled={!form.curriculum}
                >
                  <option value="">Choose…</option>
                  {subjects.map((s) => (
                    <option key={s} value={s}>
                      {s}
                    </option>
                  ))}
                </ChoiceField>
                <ChoiceField id="template-edit-grade" label="Grade" value={form.grade} onChange={set('grade')} error={errors.grade} disabled={!form.subject}>
                  <option value="">Choose…</option>
                  {grades.map((g) => (
                    <option key={g} value={g}>
                      {g}
                    </option>
                  ))}
                </ChoiceField>
              </div>
            </>
          ) : (
            <div className="text-sm text-slate-700 dark:text-slate-300">
              {form.description && <p>{form.description}</p>}
              <p className="mt-1 text-slate-600 dark:text-slate-400">
                {kindLabel(form.kind)} · {form.curriculum} · {form.subject} · {form.grade}
              </p>
            </div>
          )}
          <h3 className="pt-2 text-sm font-semibold text-slate-900 dark:text-white">What a course made from it starts with</h3>
          {form.sections?.length ? (
            <TemplateItems items={form.sections} path={[]} editable={editable} errors={errors} onChange={changeTree} />
          ) : (
            <p className="text-sm text-slate-600 dark:text-slate-400">This template has no sections.</p>
          )}
          {editable && <p className="text-sm text-slate-600 dark:text-slate-400">To add sections, build them on a course and make a new template from it.</p>}
          {editable ? (
            <DialogActions onCancel={onClose} busy={busy} className="pt-2">
              Save template
            </DialogActions>
          ) : (
            <div className="flex justify-end pt-2">
              <button type="button" className={secondaryButton} onClick={onClose}>
                Close
              </button>
            </div>
          )}
        </form>
      )}
    </Dialog>
  );
}
