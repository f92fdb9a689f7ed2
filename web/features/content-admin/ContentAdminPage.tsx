import { useEffect, useState } from 'react';
import type { HomeCurriculum } from '../../../schema/contracts/learning';
import { ChoiceField } from '../../ui/fields';
import LoadFailure from '../../ui/LoadFailure';
import Spinner from '../../ui/Spinner';
import { contentAdminCalls } from './api';
import ContentAccess from './ContentAccess';
import TopicList from './TopicList';
import { usePickers } from './use-content-pickers';

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
    contentAdminCalls.catalogue().then(setCatalogue, () => setFailed(true));
  }, [attempt]);
  const pick = usePickers(catalogue);
  if (failed) return <LoadFailure onRetry={() => setAttempt((n) => n + 1)} />;
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 lg:px-8">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl dark:text-white">Learning content</h1>
      <p className="mt-1 text-slate-600 dark:text-slate-400">Topics, sub topics, their notes, the question bank and quizzes.</p>
      {!catalogue ? (
        <div className="mt-10 flex justify-center">
          <Spinner className="size-6 text-brand-deep" />
        </div>
      ) : (
        <>
          <div className="mt-6 grid gap-3 sm:grid-cols-3">
            <ChoiceField
              id="pick-curriculum"
              label="Curriculum"
              value={pick.curriculum?._id ?? ''}
              onChange={(e) => pick.set({ curriculum: e.target.value, subject: undefined, grade: undefined, topic: undefined })}
            >
              {catalogue.map((c) => (
                <option key={c._id} value={c._id}>
                  {c.curriculum}
                </option>
              ))}
            </ChoiceField>
            <ChoiceField
              id="pick-subject"
              label="Subject"
              value={pick.subject?._id ?? ''}
              onChange={(e) => pick.set({ subject: e.target.value, grade: undefined, topic: undefined })}
            >
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
            <TopicList subjectId={pick.subject._id} gradeId={pick.grade._id} topicId={pick.topicId} onTopic={(topic) => pick.set({ topic })} />
          ) : (
            <p className="mt-8 text-slate-600 dark:text-slate-400">Choose a subject and grade.</p>
          )}
        </>
      )}
    </div>
  );
}
