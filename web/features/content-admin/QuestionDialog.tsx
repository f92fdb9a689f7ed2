import { Plus, Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { DIFFICULTIES, LEVELS, type QuestionDoc, questionInput } from '../../../schema/contracts/content';
import { issuesByField } from '../../lib/form-errors';
import { fieldClass, smallButton } from '../../ui/classes';
import { Dialog } from '../../ui/Dialog';
import { DialogActions } from '../../ui/DialogActions';
import { ChoiceField, TextAreaField } from '../../ui/fields';
import MathText from '../../ui/math/MathText';
import { useToast } from '../../ui/toast/use-toast';
import { useFormSave } from '../../ui/use-form-save';
import { contentAdminCalls } from './api';
import { emptyQuestionForm, formOf, inputOf, type QuestionForm } from './question-form';

function Preview({ text }: { text: string }) {
  if (!text.includes('$')) return null;
  return (
    <div className="mt-1.5 rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700 dark:bg-slate-800/60 dark:text-slate-200" aria-label="Preview">
      <MathText text={text} />
    </div>
  );
}

export default function QuestionDialog({
  subTopicId,
  question,
  onClose,
  onSaved,
}: {
  subTopicId: string;
  question: QuestionDoc | null;
  onClose: () => void;
  onSaved: (doc: QuestionDoc) => void;
}) {
  const toast = useToast();
  const [form, setForm] = useState<QuestionForm>(question ? formOf(question) : emptyQuestionForm());
  const { busy, errors, setErrors, save } = useFormSave();
  const patch = (changes: Partial<QuestionForm>) => setForm((f) => ({ ...f, ...changes }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = questionInput.safeParse(inputOf(form, subTopicId));
    if (!parsed.success) {
      setErrors(issuesByField(parsed.error.issues));
      return;
    }
    await save(async () => {
      const doc = await contentAdminCalls.saveQuestion(question?._id, parsed.data);
      toast.success(question ? 'Question updated' : 'Question created');
      onSaved(doc);
    });
  };

  return (
    <Dialog open wide onClose={onClose} title={question ? 'Edit question' : 'New question'}>
      <form onSubmit={(e) => void submit(e)} noValidate className="space-y-5">
        <fieldset>
          <legend className="text-sm font-medium text-slate-700 dark:text-slate-200">Type</legend>
          <div className="mt-2 flex gap-4">
            {(['MCQ', 'OPEN'] as const).map((kind) => (
              <label key={kind} className="flex items-center gap-2 text-sm text-slate-700 dark:text-slate-200">
                <input type="radio" name="question-kind" value={kind} checked={form.kind === kind} onChange={() => patch({ kind })} className="accent-brand" />
                {kind === 'MCQ' ? 'Multiple choice' : 'Open answer'}
              </label>
            ))}
          </div>
        </fieldset>
        <div>
          <TextAreaField
            id="question-text"
            label="Question (use $…$ for formulas)"
            rows={3}
            value={form.text}
            onChange={(e) => patch({ text: e.target.value })}
            error={errors.text}
          />
          <Preview text={form.text} />
        </div>

        {form.kind === 'MCQ' ? (
          <fieldset>
            <legend className="text-sm font-medium text-slate-700 dark:text-slate-200">Options: choose the correct one</legend>
            <ul className="mt-2 space-y-2">
              {form.options.map((option, i) => (
                <li key={i} className="flex items-start gap-2">
                  <input
                    type="radio"
                    name="correct-option"
                    aria-label={`Option ${i + 1} is correct`}
                    checked={form.correctOption === i}
                    onChange={() => patch({ correctOption: i })}
                    className="mt-3 accent-brand"
                  />
                  <div className="min-w-0 flex-1">
                    <input
                      aria-label={`Option ${i + 1}`}
                      className={fieldClass(errors[`options.${i}.text`])}
                      value={option.text}
                      onChange={(e) => patch({ options: form.options.map((o, k) => (k === i ? { ...o, text: e.target.value } : o)) })}
                    />
                    <Preview text={option.text} />
                  </div>
                  {form.options.length > 2 && (
                    <button
                      type="button"
                      className={`${smallButton} mt-1`}
                      aria-label={`Remove option ${i + 1}`}
                      onClick={() =>
                        patch({
                          options: form.options.filter((_, k) => k !== i),
                          correctOption: form.correctOption > i ? form.correctOption - 1 : form.correctOption === i ? 0 : form.correctOption,
                        })
                      }
                    >
                      <Trash2 className="size-3.5" aria-hidden="true" />
                    </button>
                  )}
                </li>
              ))}
            </ul>
            {form.options.length < 8 && (
              <button type="button" className={`${smallButton} mt-2`} onClick={() => patch({ options: [...form.options, { text: '' }] })}>
                <Plus className="size-3.5" aria-hidden="true" />
                Add option
              </button>
            )}
            {(errors.options || errors.correctOption) && (
              <p className="mt-1.5 text-sm text-rose-600 dark:text-rose-400">{errors.options ?? `Correct option ${errors.correctOption}`}</p>
            )}
          </fieldset>
        ) : (
          <>
            <div>
              <TextAreaField
                id="question-answer"
                label="Model answer"
                rows={3}
                value={form.answer}
                onChange={(e) => patch({ answer: e.target.value })}
                error={errors.answer}
              />
              <Preview text={form.answer} />
            </div>
            <fieldset>
              <legend className="text-sm font-medium text-slate-700 dark:text-slate-200">Mark scheme</legend>
              <p className="text-xs text-slate-500 dark:text-slate-400">One row per creditable point. Keywords (comma-separated) show the point was made.</p>
              <ul className="mt-2 space-y-3">
                {form.markScheme.map((p, i) => (
                  <li key={i} className="grid gap-2 rounded-xl p-3 ring-1 ring-slate-200 sm:grid-cols-[1fr_5rem] dark:ring-slate-700">
                    <input
                      aria-label={`Point ${i + 1}`}
                      placeholder="What earns the mark"
                      className={fieldClass(errors[`markScheme.${i}.point`])}
                      value={p.point}
                      onChange={(e) => patch({ markScheme: form.markScheme.map((m, k) => (k === i ? { ...m, point: e.target.value } : m)) })}
                    />
                    <input
                      aria-label={`Marks for point ${i + 1}`}
                      type="number"
                      min={1}
                      max={10}
                      className={fieldClass(errors[`markScheme.${i}.marks`])}
                      value={p.marks}
                      onChange={(e) => patch({ markScheme: form.markScheme.map((m, k) => (k === i ? { ...m, marks: e.target.value } : m)) })}
                    />
                    <input
                      aria-label={`Keywords for point ${i + 1}`}
                      placeholder="Keywords, comma-separated"
                      className={`${fieldClass()} sm:col-span-2`}
                      value={p.keywords}
                      onChange={(e) => patch({ markScheme: form.markScheme.map((m, k) => (k === i ? { ...m, keywords: e.target.value } : m)) })}
                    />
                    {form.markScheme.length > 1 && (
                      <button
                        type="button"
                        className={`${smallButton} justify-self-start`}
                        onClick={() => patch({ markScheme: form.markScheme.filter((_, k) => k !== i) })}
                      >
                        <Trash2 className="size-3.5" aria-hidden="true" />
                        Remove point
                      </button>
                    )}
                  </li>
                ))}
              </ul>
              <button
                type="button"
                className={`${smallButton} mt-2`}
                onClick={() => patch({ markScheme: [...form.markScheme, { point: '', marks: '1', keywords: '' }] })}
              >
                <Plus className="size-3.5" aria-hidden="true" />
                Add point
              </button>
              {errors.markScheme && <p className="mt-1.5 text-sm text-rose-600 dark:text-rose-400">Mark scheme {errors.markScheme}</p>}
            </fieldset>
          </>
        )}

        <div>
          <TextAreaField
            id="question-explanation"
            label="Explanation"
            rows={2}
            value={form.explanation}
            onChange={(e) => patch({ explanation: e.target.value })}
            error={errors.explanation}
          />
          <Preview text={form.explanation} />
        </div>
        <TextAreaField id="question-hint" label="Hint" rows={2} value={form.hint} onChange={(e) => patch({ hint: e.target.value })} error={errors.hint} />
        <div className="grid gap-3 sm:grid-cols-2">
          <ChoiceField
            id="question-difficulty"
            label="Difficulty"
            value={form.difficulty}
            onChange={(e) => patch({ difficulty: e.target.value as QuestionForm['difficulty'] })}
          >
            {DIFFICULTIES.map((d) => (
              <option key={d} value={d}>
                {d}
              </option>
            ))}
          </ChoiceField>
          <ChoiceField id="question-level" label="Level" value={form.level} onChange={(e) => patch({ level: e.target.value })} error={errors.level}>
            {LEVELS.map((l) => (
              <option key={l} value={l}>
                {l}
              </option>
            ))}
          </ChoiceField>
        </div>
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium">What learners may ask the AI helper for</legend>
          <label className="flex items-start gap-2 text-sm">
            <input type="checkbox" className="mt-0.5 size-4" checked={form.aiHint} onChange={(e) => patch({ aiHint: e.target.checked })} />
            <span>Offer an AI hint on this question</span>
          </label>
          {form.kind === 'OPEN' && (
            <label className="flex items-start gap-2 text-sm">
              <input type="checkbox" className="mt-0.5 size-4" checked={form.openAimarking} onChange={(e) => patch({ openAimarking: e.target.checked })} />
              <span>Offer AI marking ("Mark my answer") before the quiz is finished</span>
            </label>
          )}
        </fieldset>
        <DialogActions onCancel={onClose} busy={busy} className="pt-2">
          {question ? 'Save question' : 'Create question'}
        </DialogActions>
      </form>
    </Dialog>
  );
}
