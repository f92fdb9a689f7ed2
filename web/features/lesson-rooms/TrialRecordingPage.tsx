import { useCallback, useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { statusOf } from '../../lib/errors';
import LoadFailure from '../../ui/LoadFailure';
import Spinner from '../../ui/Spinner';
import { lessonRoomCalls } from './api';
import LessonRoomPage from './LessonRoomPage';

type Load = { state: 'loading' } | { state: 'ready'; sectionId: string } | { state: 'missing' } | { state: 'failed' };

/** /learning-portal/trial-recording/:trialId — the trial lesson's board and notes, read-only. */
export default function TrialRecordingPage() {
  const { trialId = '' } = useParams();
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const fetchTrial = useCallback(() => {
    setLoad({ state: 'loading' });
    lessonRoomCalls.trialRecording(trialId).then(
      (trial) => setLoad({ state: 'ready', sectionId: trial.sectionId }),
      (error: unknown) => setLoad(statusOf(error) === 404 ? { state: 'missing' } : { state: 'failed' }),
    );
  }, [trialId]);
  useEffect(fetchTrial, [fetchTrial]);

  if (load.state === 'loading') {
    return (
      <div className="flex min-h-[60vh] items-center justify-center text-slate-500" role="status" aria-label="Opening the trial recording">
        <Spinner className="size-8" />
      </div>
    );
  }
  if (load.state === 'failed') return <LoadFailure onRetry={fetchTrial} />;
  if (load.state === 'missing') {
    return (
      <div className="mx-auto flex min-h-[60vh] max-w-md flex-col items-center justify-center px-6 text-center">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 dark:text-white">Trial recording not found</h1>
        <p className="mt-3 text-slate-600 dark:text-slate-300">This trial does not exist, or it is not one of yours.</p>
      </div>
    );
  }
  return <LessonRoomPage recording sectionId={load.sectionId} />;
}
