import clsx from 'clsx';
import { Circle, Mic, Square } from 'lucide-react';
import type { RecordingPerson } from '../../../../schema/contracts/lesson-recordings';
import { focusRing } from '../../../ui/classes';
import { roomFooterButton } from '../room-classes';
import type { RecordingView } from './use-recording';

const pill = `inline-flex items-center gap-1 rounded-full px-2.5 py-1 text-xs font-medium ring-1 ${focusRing}`;

const names = (people: RecordingPerson[]) => new Intl.ListFormat('en', { type: 'conjunction' }).format(people.map((p) => p.name));

/** Who the recording waits for (asking) or leaves out (recording): the people here who have not agreed. */
function notAgreed(view: RecordingView, userId: string) {
  return view.frame.people.filter((p) => p.present && p.decision !== 'agreed' && p.userId !== userId);
}

function stateSentence(view: RecordingView, userId: string) {
  const { frame } = view;
  const others = notAgreed(view, userId);
  const asker = frame.askedBy?.userId === userId ? 'You' : (frame.askedBy?.name ?? 'The tutor');
  if (frame.state === 'asking') {
    const waiting = [...others, ...(view.mine === 'agreed' ? [] : [{ name: 'you' } as RecordingPerson])];
    return `${asker} asked to record this lesson's audio. Recording starts when everyone here agrees${waiting.length ? `: waiting for ${names(waiting)}.` : '.'}`;
  }
  if (others.length === 0 && view.mine === 'agreed') return 'Recording — everyone agreed.';
  if (others.length === 0) return 'Recording — everyone else agreed. Your audio is recorded only if you agree.';
  const verb = others.length === 1 ? 'has' : 'have';
  return `Recording — ${names(others)} ${verb} not agreed yet, so their audio is not recorded.`;
}

/** The recording's state for everyone in the room, and this person's own word on it. */
export function RecordingBanner({ view, userId }: { view: RecordingView; userId: string }) {
  const { frame, mine, mic, busy, decide } = view;
  if (frame.state === 'off') return null;
  const recording = frame.state === 'recording';
  return (
    <section
      aria-label="Recording"
      data-testid="recording-banner"
      className={clsx(
        'flex flex-wrap items-center gap-x-3 gap-y-2 rounded-xl px-3 py-2 text-sm',
        recording ? 'bg-red-50 text-red-900 dark:bg-red-500/10 dark:text-red-100' : 'bg-amber-50 text-amber-900 dark:bg-amber-500/10 dark:text-amber-100',
      )}
    >
      <p role="status" className="flex min-w-0 flex-1 basis-64 items-center gap-2">
        {recording && <Circle className="size-3 shrink-0 fill-red-600 text-red-600" aria-hidden />}
        <span>{stateSentence(view, userId)}</span>
      </p>
      {mine === 'agreed' && mic.state === 'recording' && <span className="text-xs">Your microphone is being recorded.</span>}
      {mine === 'agreed' && mic.state === 'problem' && (
        <span role="alert" className="text-xs">
          {mic.message}
        </span>
      )}
      <span className="flex flex-wrap gap-2">
        {mine === 'agreed' ? (
          <button
            type="button"
            disabled={busy}
            onClick={() => void decide(false)}
            className={clsx(pill, 'ring-current/40 hover:bg-white/60 dark:hover:bg-black/20')}
          >
            {recording ? 'Stop recording my audio' : 'Take back my agreement'}
          </button>
        ) : (
          <>
            <button
              type="button"
              disabled={busy}
              onClick={() => void decide(true)}
              className={clsx(pill, 'bg-white text-slate-900 ring-slate-300 hover:bg-slate-50 dark:bg-slate-900 dark:text-white dark:ring-slate-600')}
            >
              <Mic className="size-3.5" aria-hidden /> I agree to be recorded
            </button>
            {mine === 'pending' && (
              <button
                type="button"
                disabled={busy}
                onClick={() => void decide(false)}
                className={clsx(pill, 'ring-current/40 hover:bg-white/60 dark:hover:bg-black/20')}
              >
                Not now
              </button>
            )}
          </>
        )}
      </span>
    </section>
  );
}

/** The tutor's switch, beside the room's other lesson controls. */
export function RecordingSwitch({ view }: { view: RecordingView }) {
  const on = view.frame.state !== 'off';
  return (
    <button
      type="button"
      title={on ? 'Stop recording' : 'Record the lesson'}
      disabled={view.busy}
      onClick={() => void view.switchTo(!on)}
      className={roomFooterButton}
    >
      {on ? <Square className="size-3.5" aria-hidden /> : <Circle className="size-3.5 fill-red-600 text-red-600" aria-hidden />}
      <span className="max-sm:sr-only">{on ? 'Stop recording' : 'Record the lesson'}</span>
    </button>
  );
}
