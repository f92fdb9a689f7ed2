import clsx from 'clsx';
import { useAtomValue } from 'jotai';
import { ArrowLeft, Bookmark, DoorClosed, FileDown, History, Plus, UserRoundSearch } from 'lucide-react';
import { lazy, Suspense, useCallback, useEffect, useLayoutEffect, useMemo, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { LessonRoomInfo } from '../../../schema/contracts/lesson-room';
import { lessonDocName } from '../../../schema/contracts/room-names';
import { lessonTime } from '../../entities/lessons/lesson-time';
import { fullName } from '../../lib/people';
import { signedInUserAtom } from '../../lib/session';
import { focusRing, secondaryButton } from '../../ui/classes';
import LoadFailure from '../../ui/LoadFailure';
import Spinner from '../../ui/Spinner';
import { useToast } from '../../ui/toast/use-toast';
import { addPage } from './board/board-model';
import type { Camera } from './board/camera';
import { useOwnUndo, usePageIds } from './board/use-board';
import { Whiteboard } from './board/Whiteboard';
import { ClassroomBar } from './controls/ClassroomBar';
import { controlsForMe } from './controls/controls-logic';
import { useGather } from './controls/use-gather';
import { useLessonControls } from './controls/use-lesson-controls';
import { DocumentImport } from './documents/DocumentImport';
import { useLessonInfo } from './lesson-info';
import { warmCall } from './media/warm-call';
import { preloadLessonNotes, useLessonNotes } from './notes/use-lesson-notes';
import { PanelTabs } from './PanelTabs';
import { colorFor, type PresenceUser, usePeers } from './presence';
import { RoomHeader } from './RoomHeader';
import { BookmarkList } from './recording/BookmarkList';
import { RecordingBanner, RecordingSwitch } from './recording/RecordingBar';
import { useRecording } from './recording/use-recording';
import { roomFooterButton } from './room-classes';
import { dropRoomSnapshot, useRoomSnapshot } from './room-snapshot';
import { EndLessonButton, QuestionBar } from './SessionControls';
import { useDocConnection } from './use-doc-connection';
import { useLessonSession } from './use-lesson-session';

// Tiptap and KaTeX are the heaviest part of the room: fetched as soon as the room's code runs, and the board is usable
// before they arrive.
void preloadLessonNotes().catch(() => undefined);

// The replay (the notes' editor, the audio players) loads only when someone opens it.
const Replay = lazy(() => import('./Replay'));

// Audio and video load after the board: WebRTC is not needed for the room's first paint.
const MediaPanel = lazy(() => import('./media/MediaPanel'));

/**
 * /learning-portal/lesson-room/:sectionId — the live lesson: shared whiteboard and notes. With `recording` (the
 * trial-recording page, which names the section) it shows the lesson's board and notes to read.
 */
export default function LessonRoomPage({ recording = false, sectionId: givenSectionId }: { recording?: boolean; sectionId?: string }) {
  const params = useParams();
  const sectionId = givenSectionId ?? params.sectionId ?? '';
  const { load, retry } = useLessonInfo(sectionId);
  // The call's code and configuration are fetched alongside the lesson, so the call starts as the room opens.
  useEffect(() => {
    if (recording) return;
    warmCall(sectionId);
    void import('./media/MediaPanel').catch(() => undefined);
  }, [sectionId, recording]);
  const closed = load.state === 'refused' || load.state === 'failed';
  useLayoutEffect(() => {
    if (closed) dropRoomSnapshot();
  }, [closed]);
  useLayoutEffect(() => dropRoomSnapshot, []);
  if (load.state === 'loading') {
    return (
      <div className="flex min-h-[60vh] items-center justify-center text-slate-500" role="status" aria-label="Opening the lesson room">
        <Spinner className="size-8" />
      </div>
    );
  }
  if (load.state === 'failed') return <LoadFailure onRetry={retry} />;
  if (load.state === 'refused') {
    return (
      <div className="mx-auto flex min-h-[60vh] max-w-md flex-col items-center justify-center px-6 text-center">
        <span className="flex size-14 items-center justify-center rounded-2xl bg-slate-100 text-slate-600 dark:bg-slate-800 dark:text-slate-300">
          <DoorClosed className="size-7" aria-hidden />
        </span>
        <h1 className="mt-6 text-2xl font-bold tracking-tight text-slate-900 dark:text-white">This lesson room is not open to you</h1>
        <p className="mt-3 text-slate-600 dark:text-slate-300">
          Only the lesson's students, tutors and admins can join. If you expected to be here, ask your tutor to add you to the course.
        </p>
        <Link to="/portal/courses" className={clsx(secondaryButton, 'mt-8')}>
          Back to my courses
        </Link>
      </div>
    );
  }
  return <LessonRoom info={recording ? { ...load.info, canEdit: false } : load.info} replayFirst={recording} />;
}

function LessonRoom({ info, replayFirst }: { info: LessonRoomInfo; replayFirst: boolean }) {
  const user = useAtomValue(signedInUserAtom);
  const timeZone = user?.timezone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  const me = useMemo<PresenceUser>(
    () => ({
      userId: user?._id ?? 'me',
      name: user ? fullName(user) : 'Me',
      color: colorFor(user?._id ?? 'me'),
      leads: info.leads,
    }),
    [user, info.leads],
  );
  const board = useDocConnection(lessonDocName(info.section._id, 'board'));
  const notes = useDocConnection(lessonDocName(info.section._id, 'notes'));
  const readOnly = !info.canEdit || board.state.readOnly;

  useEffect(() => {
    board.connection?.awareness.setLocalStateField('user', me);
    notes.connection?.awareness.setLocalStateField('user', me);
  }, [board.connection, notes.connection, me]);

  const status =
    board.state.status === 'connected' && notes.state.status === 'connected'
      ? 'connected'
      : board.state.status === 'offline' || notes.state.status === 'offline'
        ? 'offline'
        : 'connecting';
  const pending = board.state.pending + notes.state.pending;
  const { start, duration } = info.section;
  // Formatting builds several Intl formatters; the room re-renders on every presence and sync change.
  const timeText = useMemo(() => (start ? `${lessonTime(start, timeZone)}${duration ? ` · ${duration} min` : ''}` : null), [start, duration, timeZone]);

  return (
    // A tool, not a document: the room fills the window under the site header and never scrolls as a whole.
    <div className="fixed inset-x-0 top-[calc(4rem+var(--impersonation-bar,0px))] bottom-0 z-30 mx-auto flex max-w-[1800px] flex-col gap-3 overflow-y-auto bg-slate-50 px-3 pt-3 pb-3 sm:px-4 dark:bg-slate-950">
      <div className="flex items-start gap-2">
        <Link
          to={`/portal/courses/${info.course._id}`}
          className={clsx(
            'mt-1 inline-flex size-9 shrink-0 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800',
            focusRing,
          )}
          aria-label="Back to the course"
        >
          <ArrowLeft className="size-5" aria-hidden />
        </Link>
        <div className="min-w-0 flex-1">
          {board.connection ? (
            <PresenceHeader info={info} timeText={timeText} me={me} connection={board.connection} status={status} pending={pending} readOnly={readOnly} />
          ) : (
            <RoomHeader info={info} timeText={timeText} me={me} peers={[]} status="connecting" pending={0} readOnly={readOnly} />
          )}
        </div>
      </div>
      {board.state.sizeWarning && (
        <p role="alert" className="rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-500/10 dark:text-amber-200">
          This board is getting full ({Math.round(board.state.sizeWarning.bytes / 1024)} KB of {Math.round(board.state.sizeWarning.limit / 1024)} KB). Export it
          as PDF and erase what you no longer need: at the limit, new strokes stop saving.
        </p>
      )}
      {board.state.closedReason && (
        <p role="alert" className="rounded-xl bg-red-50 px-3 py-2 text-sm text-red-900 dark:bg-red-500/10 dark:text-red-200">
          {board.state.closedReason}. New changes stay on this device.
        </p>
      )}
      {board.connection && notes.connection ? (
        <RoomBody
          info={info}
          me={me}
          readOnly={readOnly}
          board={board.connection}
          notes={notes.connection}
          loaded={board.state.loaded && notes.state.loaded}
          replayFirst={replayFirst}
        />
      ) : (
        <div className="flex flex-1 items-center justify-center">
          <Spinner className="size-8" />
        </div>
      )}
    </div>
  );
}

type Connection = NonNullable<ReturnType<typeof useDocConnection>['connection']>;

function PresenceHeader(props: Omit<Parameters<typeof RoomHeader>[0], 'peers'> & { connection: Connection }) {
  const peers = usePeers(props.connection.awareness);
  return <RoomHeader {...props} peers={peers} />;
}

function RoomBody({
  info,
  me,
  readOnly: seatReadOnly,
  board,
  notes,
  loaded,
  replayFirst,
}: {
  info: LessonRoomInfo;
  me: PresenceUser;
  readOnly: boolean;
  board: Connection;
  notes: Connection;
  /** Both documents have been read from the device. */
  loaded: boolean;
  /** The trial-recording page opens on the replay. */
  replayFirst: boolean;
}) {
  const doc = board.doc;
  const origin = useMemo(() => ({ user: me.userId }), [me.userId]);
  const undo = useOwnUndo(doc, origin);
  const pages = usePageIds(doc);
  const peers = usePeers(board.awareness);
  const lessonSession = useLessonSession(info, board.awareness, peers);
  const LessonNotes = useLessonNotes();
  useRoomSnapshot(loaded && LessonNotes !== null, doc, notes.doc);
  // After the lesson the board and notes stay, to read.
  const readOnly = seatReadOnly || lessonSession.ended;
  const [pageId, setPageId] = useState(pages[0]!);
  const [camera, setCamera] = useState<Camera>({ x: 0, y: 0, zoom: 1 });
  const [follow, setFollow] = useState(!info.leads);
  const [panel, setPanel] = useState<'board' | 'notes'>('board');
  const classroom = useLessonControls(board);
  const { controls } = classroom;
  const mine = useMemo(() => controlsForMe(controls, pageId, info.leads), [controls, pageId, info.leads]);
  const boardLocks = useMemo(() => ({ locked: mine.lockedIds, held: mine.heldIds }), [mine]);
  const [selection, setSelection] = useState<string[]>([]);
  const onSelection = useCallback((ids: string[]) => setSelection((was) => (was.join() === ids.join() ? was : ids)), []);
  // In lead mode students follow the leader who turned it on, and cannot stop following.
  const leader =
    peers.find((peer) => peer.user.leads && peer.board && peer.user.userId === controls.lead?.by) ?? peers.find((peer) => peer.user.leads && peer.board);
  // Held only while that leader is here: a student is never stuck on a page with nobody to follow.
  const led = mine.led && leader !== undefined;
  const following = follow || led;

  useEffect(() => {
    if (!following || !leader?.board) return;
    setPageId(leader.board.page);
    setCamera(leader.board.view);
  }, [following, leader?.board]);
  useGather(controls.gather, info.leads, classroom.serverNow, (gather) => {
    setPageId(gather.pageId);
    setCamera(gather.view);
    setFollow(true);
  });

  const moveCamera = useCallback(
    (next: Camera) => {
      if (led) return;
      setFollow(false);
      setCamera(next);
    },
    [led],
  );
  const openPage = (id: string) => {
    if (led) return;
    setFollow(false);
    setPageId(id);
  };

  const pageNumber = pages.indexOf(pageId) + 1;
  const [exporting, setExporting] = useState(false);
  const [replaying, setReplaying] = useState(replayFirst);
  const [bookmarkRevision, setBookmarkRevision] = useState(0);
  const recording = useRecording({ sectionId: info.section._id, provider: board.provider, userId: me.userId, leads: info.leads, ended: readOnly });
  const toast = useToast();
  const exportPdf = async () => {
    setExporting(true);
    try {
      // jsPDF loads only when someone exports.
      const { exportLessonPdf } = await import('./export-pdf');
      await exportLessonPdf({ title: info.section.title, sectionId: info.section._id, board: doc, notes: notes.doc });
    } catch {
      toast.error('The PDF could not be made. Please try again.');
    } finally {
      setExporting(false);
    }
  };
  const questionsOn = (pageNo: number) => lessonSession.session?.questions.filter((q) => q.pageNo === pageNo) ?? [];
  return (
    <>
      {lessonSession.ended && (
        <p role="status" data-testid="lesson-ended" className="rounded-xl bg-slate-100 px-3 py-2 text-sm text-slate-800 dark:bg-slate-800 dark:text-slate-100">
          This lesson has ended. The board and notes stay here for you to read.
        </p>
      )}
      {!readOnly && <RecordingBanner view={recording} userId={me.userId} />}
      {replaying ? (
        <Suspense
          fallback={
            <div className="flex flex-1 items-center justify-center">
              <Spinner className="size-8" />
            </div>
          }
        >
          <Replay sectionId={info.section._id} onClose={() => setReplaying(false)} />
        </Suspense>
      ) : (
        <>
          <PanelTabs
            label="Lesson panels"
            className="lg:hidden"
            value={panel}
            onChange={setPanel}
            tabs={[
              ['board', 'Board'],
              ['notes', 'Notes'],
            ]}
          />
          {!lessonSession.ended && (
            <Suspense fallback={null}>
              <MediaPanel sectionId={info.section._id} provider={board.provider} watching={!info.canEdit} name={me.name} />
            </Suspense>
          )}
          <div className="flex min-h-[38rem] flex-1 gap-3 lg:min-h-80">
            <nav
              aria-label="Board pages"
              className={clsx('w-14 shrink-0 sm:w-20 flex-col gap-2 overflow-y-auto', panel === 'board' ? 'flex' : 'hidden lg:flex')}
            >
              {pages.map((id, index) => {
                const here = peers.filter((peer) => peer.board?.page === id);
                return (
                  <button
                    key={id}
                    type="button"
                    aria-current={id === pageId ? 'page' : undefined}
                    aria-label={`Page ${index + 1}${controls.lockedPages.includes(id) ? ', locked' : ''}`}
                    disabled={led}
                    onClick={() => openPage(id)}
                    className={clsx(
                      'relative flex aspect-[4/3] w-full shrink-0 items-center justify-center rounded-xl bg-white text-sm font-semibold ring-1 transition dark:bg-slate-900',
                      focusRing,
                      id === pageId
                        ? 'text-slate-900 ring-2 ring-brand dark:text-white'
                        : 'text-slate-500 ring-slate-200 hover:ring-slate-400 dark:ring-slate-700',
                    )}
                  >
                    {index + 1}
                    {questionsOn(index + 1).length > 0 && (
                      <span className="absolute top-1 left-1 rounded bg-brand/20 px-1 text-[10px] font-bold text-slate-800 dark:text-slate-100">
                        Q{questionsOn(index + 1)[0]!.number}
                      </span>
                    )}
                    <span className="absolute right-1 bottom-1 flex -space-x-1">
                      {here.slice(0, 3).map((peer) => (
                        <span
                          key={peer.clientId}
                          title={peer.user.name}
                          className="size-2.5 rounded-full ring-1 ring-white"
                          style={{ backgroundColor: peer.user.color }}
                        />
                      ))}
                    </span>
                  </button>
                );
              })}
              {!readOnly && !led && !(mine.boardReadOnly && !info.leads) && (
                <button
                  type="button"
                  aria-label="Add a page"
                  title="Add a page"
                  onClick={() => openPage(addPage(doc, origin))}
                  className={clsx(
                    'flex aspect-[4/3] w-full shrink-0 items-center justify-center rounded-xl text-slate-500 ring-1 ring-slate-300 ring-dashed hover:bg-slate-50 hover:text-slate-800 dark:ring-slate-600 dark:hover:bg-slate-800',
                    focusRing,
                  )}
                >
                  <Plus className="size-5" aria-hidden />
                </button>
              )}
            </nav>
            <div className={clsx('min-w-0 flex-1 flex-col', panel === 'board' ? 'flex' : 'hidden lg:flex')}>
              <ClassroomBar
                handle={classroom}
                leads={info.leads}
                userId={me.userId}
                pageId={pageId}
                pageNumber={pageNumber}
                camera={camera}
                selection={selection}
                passive={readOnly}
              />
              <QuestionBar questions={questionsOn(pageNumber)} canAdd={info.leads && !readOnly} onAdd={(text) => lessonSession.addQuestion(text, pageNumber)} />
              <Whiteboard
                sectionId={info.section._id}
                doc={doc}
                awareness={board.awareness}
                origin={origin}
                userId={me.userId}
                pageId={pageId}
                camera={camera}
                onCamera={moveCamera}
                readOnly={readOnly || mine.pageHeld}
                peers={peers}
                undo={undo}
                locks={boardLocks}
                onSelection={onSelection}
              />
              <div className="mt-2 flex flex-wrap items-center justify-between gap-2 text-xs text-slate-500 dark:text-slate-400">
                <span className="flex items-center gap-2">
                  <span className="whitespace-nowrap">
                    Page {pageNumber} of {pages.length}
                  </span>
                  {!readOnly && (
                    <button
                      type="button"
                      title="Bookmark page"
                      onClick={() => void lessonSession.bookmark(pageNumber, pageId).then(() => setBookmarkRevision((r) => r + 1))}
                      className={roomFooterButton}
                    >
                      <Bookmark className="size-3.5" aria-hidden />
                      <span className="max-sm:sr-only">Bookmark page</span>
                    </button>
                  )}
                  <button type="button" title="Export PDF" onClick={() => void exportPdf()} disabled={exporting} className={roomFooterButton}>
                    {exporting ? <Spinner className="size-3.5" /> : <FileDown className="size-3.5" aria-hidden />}
                    <span className="max-sm:sr-only">Export PDF</span>
                  </button>
                  {!readOnly && <DocumentImport sectionId={info.section._id} doc={doc} userId={me.userId} onOpenPage={openPage} />}
                  <BookmarkList
                    sectionId={info.section._id}
                    revision={bookmarkRevision}
                    onOpen={(bookmark) => openPage(pages.includes(bookmark.pageId) ? bookmark.pageId : (pages[bookmark.pageNo - 1] ?? pageId))}
                  />
                  {info.leads && !readOnly && <RecordingSwitch view={recording} />}
                  {readOnly && (
                    <button type="button" title="Replay" onClick={() => setReplaying(true)} className={roomFooterButton}>
                      <History className="size-3.5" aria-hidden />
                      <span className="max-sm:sr-only">Replay</span>
                    </button>
                  )}
                </span>
                {info.leads && !readOnly && <EndLessonButton onEnd={lessonSession.endLesson} />}
                {!info.leads && (
                  <button
                    type="button"
                    aria-pressed={following}
                    onClick={() => setFollow(!follow)}
                    disabled={!leader || led}
                    className={clsx(
                      'inline-flex items-center gap-1.5 rounded-full px-3 py-1 font-medium ring-1 disabled:opacity-50',
                      focusRing,
                      following ? 'bg-brand/15 text-slate-900 ring-brand dark:text-white' : 'ring-slate-300 dark:ring-slate-600',
                    )}
                  >
                    <UserRoundSearch className="size-3.5" aria-hidden />
                    {leader ? (following ? `Following ${leader.user.name}` : 'Follow the tutor') : 'Tutor not here yet'}
                  </button>
                )}
              </div>
            </div>
            <aside className={clsx('min-w-0 flex-col pb-14 lg:w-[380px] lg:shrink-0', panel === 'notes' ? 'flex flex-1 lg:flex-none' : 'hidden lg:flex')}>
              {LessonNotes ? (
                <LessonNotes doc={notes.doc} provider={notes.provider} user={me} readOnly={readOnly} />
              ) : (
                <div className="flex flex-1 items-center justify-center rounded-2xl bg-white ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-700">
                  <Spinner />
                </div>
              )}
            </aside>
          </div>
        </>
      )}
    </>
  );
}
