import { useAtomValue } from 'jotai';
import { Clock, DoorOpen, RotateCw, TriangleAlert, Video } from 'lucide-react';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import type { MeetingData } from '../../../schema/contracts/waiting-room';
import { joinOpensText, useJoinOpen } from '../../entities/lessons/join-opens';
import { lessonTime } from '../../entities/lessons/lesson-time';
import { BASENAME } from '../../lib/paths';
import { signedInUserAtom } from '../../lib/session';
import { cardClass, primaryButton, secondaryButton } from '../../ui/classes';
import { EmptyState } from '../../ui/EmptyState';
import Spinner from '../../ui/Spinner';
import { useToast } from '../../ui/toast/use-toast';
import { waitingRoomCalls } from './api';
import { phaseOf } from './countdown';
import DeviceCheck from './DeviceCheck';
import EndedLesson from './EndedLesson';
import PeopleWaiting from './PeopleWaiting';
import { useWaitingRoom } from './use-waiting-room';
import type { ConnectionStatus } from './waiting-room-connection';

/** Spec 1 section 9: the time zone falls back to Asia/Singapore. */
const FALLBACK_ZONE = 'Asia/Singapore';

const routerPath = (url: string) => (url.startsWith(BASENAME) ? url.slice(BASENAME.length) || '/' : url);

function useNow(everyMs: number) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(id);
  }, [everyMs]);
  return now;
}

// "Connected", not "Live": the page's connection, never to be read as the lesson's own state.
const connectionText: Record<ConnectionStatus, string> = { connecting: 'Connecting…', live: 'Connected', reconnecting: 'Reconnecting…', closed: 'Closed' };

function ConnectionPill({ status }: { status: ConnectionStatus }) {
  const live = status === 'live';
  return (
    <span
      role="status"
      data-testid="connection"
      className={`inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-semibold ${live ? 'bg-emerald-100 text-emerald-800 dark:bg-emerald-500/15 dark:text-emerald-300' : 'bg-amber-100 text-amber-800 dark:bg-amber-500/15 dark:text-amber-300'}`}
    >
      <span className={`size-1.5 rounded-full ${live ? 'bg-emerald-500' : 'animate-pulse bg-amber-500'}`} aria-hidden="true" />
      {connectionText[status]}
    </span>
  );
}

function Countdown({ data, tutorHere }: { data: MeetingData; tutorHere: boolean }) {
  const now = useNow(1000);
  const phase = phaseOf(now, Date.parse(data.start), Date.parse(data.end), tutorHere);
  const [headline, detail] =
    phase.kind === 'before'
      ? [phase.left, 'until the lesson starts']
      : phase.kind === 'starting'
        ? ['Starting now', tutorHere ? '' : 'Your tutor will be with you in a moment.']
        : phase.kind === 'late'
          ? [`${phase.minutes} min past the start`, 'Your tutor is running late. We have let them and our team know.']
          : phase.kind === 'running'
            ? ['Ready to start', 'Everyone moves into the lesson together when it starts.']
            : ['The lesson time is over', ''];
  return (
    <div aria-live="polite" aria-atomic="true">
      <p className="text-4xl font-bold tracking-tight text-slate-900 tabular-nums sm:text-5xl dark:text-white" data-testid="countdown">
        {headline}
      </p>
      {detail && <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{detail}</p>}
    </div>
  );
}

function Centered({ children }: { children: ReactNode }) {
  return <div className="mx-auto w-full max-w-xl px-4 py-12 sm:py-16">{children}</div>;
}

/** /waiting-room/:waitingId — gather before a live lesson, check devices, and move in together when it starts. */
export default function WaitingRoomPage() {
  const { waitingId = '' } = useParams();
  const navigate = useNavigate();
  const toast = useToast();
  const user = useAtomValue(signedInUserAtom);
  const timeZone = user?.timezone || FALLBACK_ZONE;
  const goIn = useCallback((url: string) => navigate(routerPath(url), { replace: true }), [navigate]);
  const { meeting, participants, connection, closed, retry } = useWaitingRoom(waitingId, goIn);
  const [starting, setStarting] = useState(false);
  const idle = meeting.status === 'idle' ? meeting.data : null;
  const joinWindow = useJoinOpen(idle?.joinOpensAt, idle?.joinClosesAt);
  const [notifying, setNotifying] = useState(false);
  const [notified, setNotified] = useState(false);

  if (meeting.status === 'loading') {
    return (
      <Centered>
        <div role="status" className="flex flex-col items-center gap-3 py-16 text-brand-deep">
          <Spinner className="size-8" />
          <span className="text-sm text-slate-600 dark:text-slate-300">Opening the waiting room…</span>
        </div>
      </Centered>
    );
  }
  if (meeting.status === 'rejected') {
    return (
      <Centered>
        <EmptyState icon={<TriangleAlert className="size-6" aria-hidden="true" />} title="The waiting room could not open" text={meeting.errorMessage}>
          <div className="flex flex-wrap justify-center gap-2">
            <button type="button" className={primaryButton} onClick={retry}>
              <RotateCw className="size-4" aria-hidden="true" />
              Retry
            </button>
            <Link to="/portal/courses" className={secondaryButton}>
              My courses
            </Link>
          </div>
        </EmptyState>
      </Centered>
    );
  }

  const { data } = meeting;
  const ended = data.isMeetingEnded || closed;
  if (data.status === 'CANCELLED' || ended) {
    return (
      <Centered>
        <EndedLesson data={data} zone={timeZone} role={user?.role.name} />
      </Centered>
    );
  }

  const tutorHere = participants.some((p) => p.kind === 'TUTOR' && data.tutors.some((t) => t._id === p.userId));
  const start = async () => {
    setStarting(true);
    try {
      goIn((await waitingRoomCalls.startMeeting(data.waitingId)).lessonRoomUrl);
    } catch (error) {
      toast.error(error);
      setStarting(false);
    }
  };
  const notifyTutor = async () => {
    setNotifying(true);
    try {
      const { notified: count } = await waitingRoomCalls.notifyWaiting(data.waitingId);
      setNotified(true);
      toast.success(count > 0 ? 'Your tutor has been told you are waiting.' : 'Your tutor already knows you are waiting.');
    } catch (error) {
      toast.error(error);
    } finally {
      setNotifying(false);
    }
  };

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6 sm:py-10">
      <header className={`${cardClass} p-5 sm:p-8`}>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm font-medium text-slate-600 dark:text-slate-300">
            <Link to={`/portal/courses/${data.course._id}`} className="rounded hover:underline focus-visible:outline-2 focus-visible:outline-brand">
              {data.course.title}
            </Link>
          </p>
          <ConnectionPill status={connection} />
        </div>
        <h1 className="mt-2 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl dark:text-white">{data.title}</h1>
        <p className="mt-2 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-600 dark:text-slate-300">
          <Clock className="size-4 text-brand-deep" aria-hidden="true" />
          <time dateTime={data.start} data-testid="lesson-time">
            {lessonTime(data.start, timeZone)}
          </time>
          <span aria-hidden="true">·</span>
          <span>{data.duration} min</span>
        </p>
        <div className="mt-6 flex flex-col gap-5 sm:flex-row sm:items-end sm:justify-between">
          <Countdown data={data} tutorHere={tutorHere} />
          {data.canStart ? (
            <div className="flex flex-col gap-2 sm:items-end">
              <button
                type="button"
                className={`${primaryButton} w-full px-7 py-3 text-base sm:w-auto`}
                onClick={() => void start()}
                disabled={starting || !joinWindow.open}
              >
                {starting ? <Spinner className="size-4" /> : <DoorOpen className="size-5" aria-hidden="true" />}
                Start lesson
              </button>
              {!joinWindow.open && data.lessonStatus === 'scheduled' && (
                <p className="text-sm font-medium text-slate-600 dark:text-slate-300" data-testid="start-opens">
                  {joinOpensText(data.joinOpensAt, joinWindow.now, timeZone)}
                </p>
              )}
            </div>
          ) : (
            <div className="flex flex-col gap-2 sm:items-end">
              <p className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-300">
                <Video className="size-4 text-brand-deep" aria-hidden="true" />
                You will join the lesson as soon as your tutor starts it.
              </p>
              {!tutorHere && (
                <button type="button" className={secondaryButton} onClick={() => void notifyTutor()} disabled={notifying || notified}>
                  {notifying && <Spinner className="size-4" />}
                  {notified ? 'Tutor notified' : 'Let my tutor know I am here'}
                </button>
              )}
            </div>
          )}
        </div>
      </header>
      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        {/* Who is here comes first on a phone; on a wide screen the camera takes the larger left column. */}
        <PeopleWaiting data={data} participants={participants} selfId={user?._id} className="lg:order-2 lg:self-start" />
        <DeviceCheck className="lg:order-1" />
      </div>
    </div>
  );
}
