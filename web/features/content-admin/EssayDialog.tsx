import { Plus, Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { type EssayQuestionDoc, essayQuestionInput, MAX_SUB_QUESTIONS } from '../../../schema/contracts/essays';
import { issuesByField } from '../../lib/form-errors';
import { fieldClass, smallButton } from '../../ui/classes';
import { Dialog } from '../../ui/Dialog';
import { DialogActions } from '../../ui/DialogActions';
import { TextAreaField } from '../../ui/fields';
import { useToast } from '../../ui/toast/use-toast';
import { useFormSave } from '../../ui/use-form-save';
import { contentAdminCalls } from './api';
import { type EssayForm, type EssayPartForm, emptyPart, emptyPoint, essayInputOf, partLetter } from './essay-form';

/** The essay editor: a stem, then parts each with marks, a model answer and a rubric. A helper's draft opens here too. */
export default function EssayDialog({
  subTopicId,
  essay,
  initial,
  note,
  onClose,
  onSaved,
}: {
  subTopicId: string;
  essay: EssayQuestionDoc | null;
  initial: EssayForm;
  /** Who drafted it, when a helper did, shown above the form. */
  note?: string;
  onClose: () => void;
  onSaved: (doc: EssayQuestionDoc) => void;
}) {
  const toast = useToast();
  const [form, setForm] = useState<EssayForm>(initial);
  const { busy, errors, setErrors, save } = useFormSave();
  const setPart = (index: number, changes: Partial<EssayPartForm>) =>
    setForm((f) => ({ ...f, parts: f.parts.map((p, i) => (i === index ? { ...p, ...changes } : p)) }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = essayQuestionInput.safeParse(essayInputOf(form, subTopicId));
    if (!parsed.success) {
      setErrors(issuesByField(parsed.error.issues));
      return;
    }
    await save(async () => {
      const doc = await contentAdminCalls.saveEssay(essay?._id, parsed.data);
      toast.success(essay ? 'Essay question updated' : 'Essay question created');
      onSaved(doc);
    });
  };

  return (
    <Dialog open wide onClose={onClose} title={essay ? 'Edit essay question' : 'New essay question'}>
      <form onSubmit={(e) => void submit(e)} noValidate className="space-y-5">
        {note && <p className="rounded-xl bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-500/10 dark:text-amber-100">{note}</p>}
        <TextAreaField
          id="essay-stem"
          label="Stem: the context every part refers to (use $…$ for formulas)"
          rows={3}
          value={form.stem}
          onChange={(e) => setForm((f) => ({ ...f, stem: e.target.value }))}
          error={errors.stem}
        />
        <ol className="space-y-4">
          {form.parts.map((part, i) => {
            const at = `subQuestions.${i}`;
            return (
              <li key={i} className="space-y-3 rounded-xl p-3 ring-1 ring-slate-200 dark:ring-slate-700">
                <div className="flex items-center justify-between gap-2">
                  <h3 className="font-semibold text-slate-900 dark:text-white">Part ({partLetter(i)})</h3>
                  {form.parts.length > 1 && (
                    <button type="button" className={smallButton} onClick={() => setForm((f) => ({ ...f, parts: f.parts.filter((_, k) => k !== i) }))}>
                      <Trash2 className="size-3.5" aria-hidden="true" />
                      Remove part ({partLetter(i)})
                    </button>
                  )}
                </div>
                <TextAreaField
                  id={`essay-part-${i}-prompt`}
                  label={`Question for part (${partLetter(i)})`}
                  rows={2}
                  value={part.prompt}
                  onChange={(e) => setPart(i, { prompt: e.target.value })}
                  error={errors[`${at}.prompt`]}
                />
                <label className="block text-sm font-medium text-slate-700 dark:text-slate-200">
                  Marks for part ({partLetter(i)})
                  <input
                    type="number"
                    min={1}
                    max={30}
                    className={`${fieldClass(errors[`${at}.marks`])} mt-1 max-w-28`}
                    value={part.marks}
                    onChange={(e) => setPart(i, { marks: e.target.value })}
                  />
                </label>
                {errors[`${at}.marks`] && <p className="text-sm text-rose-600 dark:text-rose-400">Marks {errors[`${at}.marks`]}</p>}
                <TextAreaField
                  id={`essay-part-${i}-answer`}
                  label={`Model answer for part (${partLetter(i)})`}
                  rows={2}
                  value={part.modelAnswer}
                  onChange={(e) => setPart(i, { modelAnswer: e.target.value })}
                  error={errors[`${at}.modelAnswer`]}
                />
                <fieldset>
                  <legend className="text-sm font-medium text-slate-700 dark:text-slate-200">Rubric for part ({partLetter(i)})</legend>
                  <p className="text-xs text-slate-500 dark:text-slate-400">
                    One row per creditable point. Keywords (comma-separated) show the point was made.
                  </p>
                  <ul className="mt-2 space-y-2">
                    {part.markScheme.map((p, k) => {
                      const setPoint = (changes: Partial<typeof p>) =>
                        setPart(i, { markScheme: part.markScheme.map((m, n) => (n === k ? { ...m, ...changes } : m)) });
                      return (
                        <li key={k} className="grid gap-2 sm:grid-cols-[1fr_5rem]">
                          <input
                            aria-label={`Part (${partLetter(i)}) point ${k + 1}`}
                            placeholder="What earns the mark"
                            className={fieldClass(errors[`${at}.markScheme.${k}.point`])}
                            value={p.point}
                            onChange={(e) => setPoint({ point: e.target.value })}
                          />
                          <input
                            aria-label={`Part (${partLetter(i)}) marks for point ${k + 1}`}
                            type="number"
                            min={1}
                            max={10}
                            className={fieldClass(errors[`${at}.markScheme.${k}.marks`])}
                            value={p.marks}
                            onChange={(e) => setPoint({ marks: e.target.value })}
                          />
                          <input
                            aria-label={`Part (${partLetter(i)}) keywords for point ${k + 1}`}
                            placeholder="Keywords, comma-separated"
                            className={`${fieldClass()} sm:col-span-2`}
                            value={p.keywords}
                            onChange={(e) => setPoint({ keywords: e.target.value })}
                          />
                          {part.markScheme.length > 1 && (
                            <button
                              type="button"
                              className={`${smallButton} justify-self-start`}
                              onClick={() => setPart(i, { markScheme: part.markScheme.filter((_, n) => n !== k) })}
                            >
                              <Trash2 className="size-3.5" aria-hidden="true" />
                              Remove point {k + 1}
                            </button>
                          )}
                        </li>
                      );
                    })}
                  </ul>
                  <button type="button" className={`${smallButton} mt-2`} onClick={() => setPart(i, { markScheme: [...part.markScheme, emptyPoint()] })}>
                    <Plus className="size-3.5" aria-hidden="true" />
                    Add point
                  </button>
                  {errors[`${at}.markScheme`] && <p className="mt-1.5 text-sm text-rose-600 dark:text-rose-400">Rubric {errors[`${at}.markScheme`]}</p>}
                  {part.markScheme.map((_, k) =>
                    (['point', 'marks'] as const).map((field) => {
                      const error = errors[`${at}.markScheme.${k}.${field}`];
                      return error ? (
                        <p key={`${k}-${field}`} className="mt-1.5 text-sm text-rose-600 dark:text-rose-400">
                          Point {k + 1}: {field === 'point' ? 'what earns the mark' : 'marks'} {error}
                        </p>
                      ) : null;
                    }),
                  )}
                </fieldset>
              </li>
            );
          })}
        </ol>
        {form.parts.length < MAX_SUB_QUESTIONS && (
          <button type="button" className={smallButton} onClick={() => setForm((f) => ({ ...f, parts: [...f.parts, emptyPart()] }))}>
            <Plus className="size-3.5" aria-hidden="true" />
            Add part
          </button>
        )}
        {errors.subQuestions && <p className="text-sm text-rose-600 dark:text-rose-400">Parts: {errors.subQuestions}</p>}
        <DialogActions onCancel={onClose} busy={busy} className="pt-2">
          {essay ? 'Save essay question' : 'Create essay question'}
        </DialogActions>
      </form>
    </Dialog>
  );
}
