import { Lock, PencilOff, Users } from 'lucide-react';
import type { ControlRequest } from '../../../../schema/contracts/lesson-controls';
import type { Camera } from '../board/camera';
import { controlsForMe } from './controls-logic';
import { HandQueue } from './HandQueue';
import { LessonTimer } from './LessonTimer';
import { RaiseHandButton } from './RaiseHandButton';
import { TutorControlsMenu } from './TutorControlsMenu';
import type { LessonControlsHandle } from './use-lesson-controls';

interface Props {
  handle: LessonControlsHandle;
  leads: boolean;
  userId: string;
  pageId: string;
  pageNumber: number;
  camera: Camera;
  selection: readonly string[];
  /** After the lesson, or for someone who only watches, nothing is sent: the timer and states still read. */
  passive: boolean;
}

const stateClass = 'inline-flex items-center gap-1.5 rounded-full bg-slate-100 px-3 py-1 text-sm text-slate-800 dark:bg-slate-800 dark:text-slate-100';

/**
 * The classroom's controls above the board: for the tutor the controls menu, the timer and the queue of raised hands;
 * for a student the timer, their hand and, in words, what the tutor's controls do to them right now.
 */
export function ClassroomBar({ handle, leads, userId, pageId, pageNumber, camera, selection, passive }: Props) {
  const { controls, send, serverNow } = handle;
  const mine = controlsForMe(controls, pageId, leads);
  const onControl = passive ? undefined : (request: ControlRequest) => void send(request);
  return (
    <div className="mb-2 flex flex-wrap items-center gap-2" data-testid="classroom-bar">
      {leads && onControl && (
        <TutorControlsMenu controls={controls} pageId={pageId} pageNumber={pageNumber} camera={camera} selection={selection} onControl={onControl} />
      )}
      <LessonTimer timer={controls.timer} now={serverNow} onControl={leads ? onControl : undefined} />
      <div role="status" className="contents">
        {mine.led && controls.lead && (
          <span className={stateClass}>
            <Users className="size-4" aria-hidden />
            {controls.lead.name} is leading: you follow the tutor's page.
          </span>
        )}
        {leads && controls.lead && (
          <span className={stateClass}>
            <Users className="size-4" aria-hidden />
            {controls.lead.by === userId ? 'You are leading: students follow your page.' : `${controls.lead.name} is leading: students follow their page.`}
          </span>
        )}
        {mine.boardReadOnly && (
          <span className={stateClass}>
            <PencilOff className="size-4" aria-hidden />
            {leads ? 'The board is read-only for students.' : 'Your tutor has made the board read-only for now.'}
          </span>
        )}
        {mine.pageLocked && !mine.boardReadOnly && (
          <span className={stateClass} data-testid="page-locked">
            <Lock className="size-4" aria-hidden />
            {leads ? `Page ${pageNumber} is locked for students.` : 'This page is locked by your tutor.'}
          </span>
        )}
      </div>
      {leads && onControl && <HandQueue hands={controls.hands} onControl={onControl} />}
      {!leads && onControl && <RaiseHandButton hands={controls.hands} userId={userId} onControl={onControl} />}
    </div>
  );
}
