import { useAtomValue } from 'jotai';
import { type FormEvent, useCallback, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import type { DiagnosticDoc, DiagnosticTestDoc } from '../../../schema/contracts/diagnostics';
import { errorMessageText } from '../../lib/errors';
import { type FieldErrors, fieldErrorsOf } from '../../lib/form-errors';
import { signedInUserAtom } from '../../lib/session';
import { cardClass, primaryButton, secondaryButton } from '../../ui/classes';
import { TextAreaField } from '../../ui/fields';
import LoadFailure from '../../ui/LoadFailure';
import { LoadingStatus } from '../../ui/LoadingStatus';
import MathText from '../../ui/math/MathText';
import NotFoundPage from '../../ui/NotFoundPage';
import OptionLetter from '../../ui/OptionLetter';
import TextField from '../../ui/TextField';
import { diagnosticCalls } from './api';
import { rememberLeadAndReload } from './lead-cookie';
import { useLoad } from './use-load';

type Answers = Record<string, { optionId?: string; answer?: string }>;

/** One question at a time, then (for a visitor) their name and address, then the result. */
export default function TakeDiagnosticPage() {
  const { testId = '' } = useParams();
  const read = useCallback((signal: AbortSignal) => diagnosticCalls.test(testId, signal), [testId]);
  const { load, retry } = useLoad(read);
  if (load.state === 'loading') return <LoadingStatus className="py-24" />;
  if (load.state === 'missing') return <NotFoundPage />;
  if (load.state === 'failed')
    return (
      <div className="mx-auto max-w-xl px-4 py-12">
        <LoadFailure onRetry={retry} />
      </div>
    );
  return <Flow test={load.data} />;
}

function Flow({ test }: { test: DiagnosticTestDoc }) {
  const questions = test.questions ?? [];
  const navigate = useNavigate();
  const isGuest = useAtomValue(signedInUserAtom) === null;
  const [step, setStep] = useState(0);
  const [answers, setAnswers] = useState<Answers>({});
  const [lead, setLead] = useState({ name: '', email: '', phone: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  // Spec 3 §4: the submitted flag is reset before the call and set once it succeeds.
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const question = questions[step];
  const answered = Object.values(answers).filter((a) => a.optionId || a.answer?.trim()).length;

  function done(doc: DiagnosticDoc) {
    setSubmitted(true);
    const path = `/diagnostics/${encodeURIComponent(doc._id)}`;
    if (doc.user.isLeadGenSubmitted && doc.user.tutopiyaUserId) rememberLeadAndReload(doc.user.tutopiyaUserId, path);
    else navigate(path);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(false);
    setBusy(true);
    setErrors({});
    setFailure(null);
    try {
      done(
        await diagnosticCalls.create({
          testId: test._id,
          answers: Object.entries(answers).map(([questionId, a]) => ({ questionId, ...a })),
          lead: isGuest ? { name: lead.name, email: lead.email, phone: lead.phone || undefined } : undefined,
        }),
      );
    } catch (error) {
      setErrors(fieldErrorsOf(error));
      setFailure(errorMessageText(error));
      setBusy(false);
    }
  }

  return (
    <section className="mx-auto max-w-2xl px-4 py-8 sm:py-12" aria-labelledby="take-heading" data-submitted={submitted}>
      <h1 id="take-heading" className="text-2xl font-bold tracking-tight text-slate-900 dark:text-white">
        {test.title}
      </h1>
      <p className="mt-1 text-sm text-slate-500 dark:text-slate-400" aria-live="polite">
        {question ? `Question ${step + 1} of ${questions.length}` : `You answered ${answered} of ${questions.length} questions`}
      </p>
      <div
        className="mt-3 h-2 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800"
        role="progressbar"
        aria-label="Progress"
        aria-valuemin={0}
        aria-valuemax={questions.length}
        aria-valuenow={Math.min(step, questions.length)}
      >
        <div className="h-full bg-brand transition-all" style={{ width: `${(Math.min(step, questions.length) / Math.max(questions.length, 1)) * 100}%` }} />
      </div>

      {question ? (
        <div className={`mt-6 p-5 sm:p-6 ${cardClass}`}>
          <fieldset>
            <legend className="text-sm font-medium text-slate-500 dark:text-slate-400">{question.topicName}</legend>
            <MathText text={question.text} as="p" multiline className="mt-2 text-lg text-slate-900 dark:text-white" />
            {question.kind === 'MCQ' ? (
              <div className="mt-4 space-y-2">
                {question.options.map((option, i) => (
                  <label
                    key={option._id}
                    className="flex cursor-pointer items-center gap-3 rounded-xl px-4 py-3 ring-1 ring-slate-200 ring-inset has-[:checked]:bg-brand/10 has-[:checked]:ring-brand dark:ring-slate-700"
                  >
                    <input
                      type="radio"
                      name={question._id}
                      value={option._id}
                      checked={answers[question._id]?.optionId === option._id}
                      onChange={() => setAnswers({ ...answers, [question._id]: { optionId: option._id } })}
                      className="size-4 accent-brand"
                    />
                    <OptionLetter index={i} />
                    <MathText text={option.text} className="text-slate-800 dark:text-slate-200" />
                  </label>
                ))}
              </div>
            ) : (
              <TextAreaField
                id={`answer-${question._id}`}
                label="Your answer"
                value={answers[question._id]?.answer ?? ''}
                onChange={(event) => setAnswers({ ...answers, [question._id]: { answer: event.target.value } })}
                className="mt-4"
              />
            )}
          </fieldset>
          <div className="mt-6 flex flex-wrap justify-between gap-3">
            <button type="button" className={secondaryButton} onClick={() => setStep(step - 1)} disabled={step === 0}>
              Back
            </button>
            <button type="button" className={primaryButton} onClick={() => setStep(step + 1)}>
              {answers[question._id] ? 'Next' : 'Skip'}
            </button>
          </div>
        </div>
      ) : (
        <form onSubmit={submit} noValidate className={`mt-6 space-y-4 p-5 sm:p-6 ${cardClass}`}>
          {isGuest ? (
            <>
              <p className="text-slate-700 dark:text-slate-300">
                Where shall we keep your result? Leave your name and e-mail address, and a phone number if you would like a call about it.
              </p>
              <TextField
                id="lead-name"
                label="Your name"
                required
                autoComplete="name"
                value={lead.name}
                onChange={(e) => setLead({ ...lead, name: e.target.value })}
                error={errors['lead.name'] ?? errors.lead}
              />
              <TextField
                id="lead-email"
                label="E-mail address"
                type="email"
                required
                autoComplete="email"
                value={lead.email}
                onChange={(e) => setLead({ ...lead, email: e.target.value })}
                error={errors['lead.email']}
              />
              <TextField
                id="lead-phone"
                label="Phone (optional)"
                type="tel"
                autoComplete="tel"
                value={lead.phone}
                onChange={(e) => setLead({ ...lead, phone: e.target.value })}
                error={errors['lead.phone']}
              />
            </>
          ) : (
            <p className="text-slate-700 dark:text-slate-300">That was the last question. Hand in your answers to see your result.</p>
          )}
          {failure && Object.keys(errors).length === 0 && (
            <p role="alert" className="text-rose-700 dark:text-rose-300">
              {failure}
            </p>
          )}
          <div className="flex flex-wrap justify-between gap-3">
            <button type="button" className={secondaryButton} onClick={() => setStep(questions.length - 1)} disabled={busy || questions.length === 0}>
              Back to the questions
            </button>
            <button type="submit" className={primaryButton} disabled={busy}>
              {busy ? 'Marking…' : 'See my result'}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
