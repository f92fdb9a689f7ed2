import { type FormEvent, useState } from 'react';
import { type AdminDiagnosticTestDoc, type DiagnosticQuestionChoice, diagnosticTestInput } from '../../../schema/contracts/diagnostics';
import SubjectPicker from '../../entities/curricula/SubjectPicker';
import { useCatalogue } from '../../entities/curricula/use-catalogue';
import { sentencesOf, zodFieldErrors } from '../../lib/form-errors';
import { DialogActions } from '../../ui/DialogActions';
import { TextAreaField } from '../../ui/fields';
import TextField from '../../ui/TextField';
import { useToast } from '../../ui/toast/use-toast';
import { useFormSave } from '../../ui/use-form-save';
import { diagnosticTestCalls } from './api';
import QuestionPicker from './QuestionPicker';

const LABELS: Record<string, string> = {
  title: 'Title',
  description: 'Description',
  curriculum: 'Curriculum',
  subject: 'Subject',
  grade: 'Grade',
  questionIds: 'The questions',
};
const labelOf = (path: string) => LABELS[path.split('.')[0]!] ?? 'This field';

type Props = { test: AdminDiagnosticTestDoc | null; onSaved: (doc: AdminDiagnosticTestDoc) => void; onCancel: () => void };

/** A test's name, the subject and grade it recommends for, and its questions; a new test is saved as a draft. */
export default function TestEditor({ test, onSaved, onCancel }: Props) {
  const toast = useToast();
  const catalogue = useCatalogue();
  const [title, setTitle] = useState(test?.title ?? '');
  const [description, setDescription] = useState(test?.description ?? '');
  const [place, setPlace] = useState({ curriculum: test?.curriculum ?? '', subject: test?.subject ?? '', grade: test?.grade ?? '' });
  const [chosen, setChosen] = useState<DiagnosticQuestionChoice[]>(test?.questions ?? []);
  const { busy, errors, setErrors, save } = useFormSave((fields) => sentencesOf(fields, labelOf));

  const changePlace = (next: typeof place) => {
    // Questions belong to one subject and grade, so a new place starts an empty list.
    if (next.subject !== place.subject || next.grade !== place.grade || next.curriculum !== place.curriculum) setChosen([]);
    setPlace(next);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = diagnosticTestInput.safeParse({ title, description, ...place, questionIds: chosen.map((q) => q._id) });
    if (!parsed.success) return setErrors(sentencesOf(zodFieldErrors(parsed.error), labelOf));
    setErrors({});
    await save(async () => {
      const saved = test ? await diagnosticTestCalls.update(test._id, parsed.data) : await diagnosticTestCalls.create(parsed.data);
      toast.success(test ? 'Test saved.' : 'Test saved as a draft. Publish it when it is ready for learners.');
      onSaved(saved);
    });
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="space-y-4" aria-label={test ? `Edit ${test.title}` : 'New diagnostic test'}>
      <TextField id="test-title" label="Title" required value={title} onChange={(e) => setTitle(e.target.value)} error={errors.title} />
      <TextAreaField
        id="test-description"
        label="Description"
        rows={2}
        value={description}
        onChange={(e) => setDescription(e.target.value)}
        error={errors.description}
      />
      <div>
        <p className="mb-2 text-sm text-slate-600 dark:text-slate-400">
          Learners of this subject and grade are offered the test, and its result recommends lessons in it.
        </p>
        <SubjectPicker idPrefix="test-place" catalogue={catalogue ?? []} value={place} onChange={changePlace} errors={errors} />
      </div>
      <QuestionPicker place={place} chosen={chosen} onChange={setChosen} error={errors.questionIds} />
      <DialogActions onCancel={onCancel} busy={busy}>
        {test ? 'Save test' : 'Save as a draft'}
      </DialogActions>
    </form>
  );
}
