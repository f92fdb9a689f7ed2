import { useAtomValue } from 'jotai';
import { ClipboardList } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import type { CourseHomework, HandIn, HomeworkWithHandIns } from '../../../schema/contracts/homework';
import { HAND_IN_MESSAGES } from '../../../schema/contracts/homework';
import { lessonTime } from '../../entities/lessons/lesson-time';
import { signedInUserAtom } from '../../lib/session';
import { cardClass, secondaryButton, smallButton } from '../../ui/classes';
import { Dialog } from '../../ui/Dialog';
import { EmptyState } from '../../ui/EmptyState';
import Spinner from '../../ui/Spinner';
import { useToast } from '../../ui/toast/use-toast';
import { homeworkCalls, openHandInFile } from './api';
import HandInDetails, { lateBadge } from './HandInDetails';
import HandInForm from './HandInForm';
import MarkForm from './MarkForm';

const FALLBACK_ZONE = 'Asia/Singapore';

type Open =
  | { kind: 'hand-in'; homework: HomeworkWithHandIns; existing: HandIn | null }
  | { kind: 'mark'; homework: HomeworkWithHandIns; handIn: HandIn }
  | null;

const fullName = (p: { firstname: string; lastname: string }) => `${p.firstname} ${p.lastname}`.trim();

/**
 * The course's homework: the student hands in and sees the mark; a parent reads their child's hand-ins and marks; a
 * tutor (or an admin with the flag) reads every hand-in, who has not handed in, and marks.
 */
export default function CourseHomeworkPanel({ courseId, focus }: { courseId: string; focus: string | null }) {
  const user = useAtomValue(signedInUserAtom);
  const zone = user?.timezone || FALLBACK_ZONE;
  const toast = useToast();
  const [data, setData] = useState<CourseHomework | null>(null);
  const [failed, setFailed] = useState(false);
  const [open, setOpen] = useState<Open>(null);
  const [withdrawing, setWithdrawing] = useState<HandIn | null>(null);
  const [busy, setBusy] = useState(false);
  const now = Date.now();
  const formatTime = useCallback((iso: string) => lessonTime(iso, zone), [zone]);

  const load = useCallback(async () => {
    setFailed(false);
    try {
      setData(await homeworkCalls.course(courseId));
    } catch {
      setFailed(true);
    }
  }, [courseId]);

  useEffect(() => {
    void load();
  }, [load]);

  useEffect(() => {
    if (focus && data) document.getElementById(`homework-${focus}`)?.scrollIntoView({ block: 'start' });
  }, [focus, data]);

  const openFile = (file: HandIn['files'][number]) => void openHandInFile(file.download, file.name).catch((error: unknown) => toast.error(error));

  async function withdraw() {
    if (!withdrawing) return;
    setBusy(true);
    try {
      await homeworkCalls.withdraw(withdrawing._id);
      toast.success(HAND_IN_MESSAGES.withdrawn);
      setWithdrawing(null);
      await load();
    } catch (error) {
      toast.error(error);
    } finally {
      setBusy(false);
    }
  }

  if (failed && !data)
    return (
      <div className={`${cardClass} p-6 text-center`}>
        <p className="text-sm text-slate-700 dark:text-slate-300">The homework could not be loaded.</p>
        <button type="button" className={`${secondaryButton} mt-4`} onClick={() => void load()}>
          Retry
        </button>
      </div>
    );
  if (!data)
    return (
      <div className={`${cardClass} flex items-center justify-center gap-3 p-10 text-slate-600 dark:text-slate-300`} role="status">
        <Spinner /> Loading homework…
      </div>
    );
  if (data.homework.length === 0)
    return (
      <EmptyState
        icon={<ClipboardList className="size-6" aria-hidden="true" />}
        title="No homework yet"
        text={data.seesAll ? 'Homework you add under Lessons & materials is handed in here.' : 'Homework appears here once your tutor sets it.'}
      />
    );

  return (
    <section aria-label="Homework" className="space-y-4">
      {data.homework.map((homework) => (
        <article
          key={homework._id}
          id={`homework-${homework._id}`}
          className={`${cardClass} scroll-mt-24 p-4 sm:p-5`}
          aria-labelledby={`homework-title-${homework._id}`}
        >
          <div className="flex flex-col gap-1 sm:flex-row sm:items-start sm:justify-between">
            <div className="min-w-0">
              <h3 id={`homework-title-${homework._id}`} className="font-semibold wrap-anywhere text-slate-900 dark:text-white">
                {homework.title}
              </h3>
              {homework.dueAt && (
                <p className="text-sm text-slate-600 dark:text-slate-400">
                  Due <time dateTime={homework.dueAt}>{formatTime(homework.dueAt)}</time>
                  {homework.status === 'CANCELLED' && ' · Cancelled'}
                </p>
              )}
            </div>
            {data.seesAll && (
              <p className="text-sm text-slate-600 dark:text-slate-400">
                {homework.handIns.length} handed in
                {homework.missing.length > 0 && `, ${homework.missing.length} not yet`}
              </p>
            )}
          </div>
          {homework.description && <p className="mt-2 text-sm whitespace-pre-wrap text-slate-700 dark:text-slate-300">{homework.description}</p>}
          <div className="mt-4">
            {data.seesAll ? (
              <TutorView
                homework={homework}
                canMark={data.canMark}
                formatTime={formatTime}
                onOpenFile={openFile}
                onMark={(handIn) => setOpen({ kind: 'mark', homework, handIn })}
              />
            ) : (
              <LearnerView
                homework={homework}
                canHandIn={data.canHandIn}
                formatTime={formatTime}
                onOpenFile={openFile}
                onHandIn={(existing) => setOpen({ kind: 'hand-in', homework, existing })}
                onWithdraw={setWithdrawing}
              />
            )}
          </div>
        </article>
      ))}
      <Dialog
        open={open?.kind === 'hand-in'}
        onClose={() => setOpen(null)}
        title={open ? `${open.kind === 'hand-in' && open.existing ? 'Change your hand-in' : 'Hand in'}: ${open.homework.title}` : ''}
      >
        {open?.kind === 'hand-in' && (
          <HandInForm
            homework={open.homework}
            existing={open.existing}
            formatTime={formatTime}
            now={now}
            send={(draft, onProgress) =>
              open.existing ? homeworkCalls.replace(open.existing._id, draft, onProgress) : homeworkCalls.handIn(open.homework._id, draft, onProgress)
            }
            onDone={() => {
              toast.success(open.existing ? HAND_IN_MESSAGES.replaced : HAND_IN_MESSAGES.handedIn);
              setOpen(null);
              void load();
            }}
            onCancel={() => setOpen(null)}
          />
        )}
      </Dialog>
      <Dialog open={open?.kind === 'mark'} onClose={() => setOpen(null)} title={open?.kind === 'mark' ? `Mark ${fullName(open.handIn.student)}’s hand-in` : ''}>
        {open?.kind === 'mark' && (
          <MarkForm
            handIn={open.handIn}
            send={(input) => homeworkCalls.mark(open.handIn._id, input)}
            onDone={() => {
              toast.success(HAND_IN_MESSAGES.marked);
              setOpen(null);
              void load();
            }}
            onCancel={() => setOpen(null)}
          />
        )}
      </Dialog>
      <Dialog open={withdrawing !== null} onClose={() => setWithdrawing(null)} title="Withdraw your hand-in?">
        <p className="text-sm text-slate-700 dark:text-slate-300">Your files and text are removed. You can hand in again before it is marked.</p>
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button type="button" className={secondaryButton} onClick={() => setWithdrawing(null)}>
            Keep it
          </button>
          <button type="button" className={secondaryButton} disabled={busy} onClick={() => void withdraw()}>
            {busy && <Spinner className="size-4" />}
            Withdraw
          </button>
        </div>
      </Dialog>
    </section>
  );
}

function LearnerView({
  homework,
  canHandIn,
  formatTime,
  onOpenFile,
  onHandIn,
  onWithdraw,
}: {
  homework: HomeworkWithHandIns;
  canHandIn: boolean;
  formatTime: (iso: string) => string;
  onOpenFile: (file: HandIn['files'][number]) => void;
  onHandIn: (existing: HandIn | null) => void;
  onWithdraw: (handIn: HandIn) => void;
}) {
  const handIns = homework.handIns;
  const several = new Set(handIns.map((h) => h.student._id)).size > 1;
  if (handIns.length === 0)
    return (
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-slate-700 dark:text-slate-300">{canHandIn ? 'You have not handed this in yet.' : 'Not handed in yet.'}</p>
        {canHandIn && homework.status === 'ACTIVE' && (
          <button type="button" className={`${smallButton} justify-center bg-brand/10`} onClick={() => onHandIn(null)}>
            Hand in
          </button>
        )}
      </div>
    );
  return (
    <ul className="space-y-4">
      {handIns.map((handIn) => (
        <li key={handIn._id} className="space-y-3">
          {several && <p className="text-sm font-semibold text-slate-900 dark:text-white">{fullName(handIn.student)}</p>}
          <HandInDetails handIn={handIn} formatTime={formatTime} onOpenFile={onOpenFile} />
          {canHandIn && handIn.status === 'HANDED_IN' && (
            <div className="flex flex-wrap gap-2">
              <button type="button" className={smallButton} onClick={() => onHandIn(handIn)}>
                Change hand-in
              </button>
              <button type="button" className={smallButton} onClick={() => onWithdraw(handIn)}>
                Withdraw
              </button>
            </div>
          )}
          {handIn.status === 'HANDED_IN' && <p className="text-xs text-slate-500 dark:text-slate-400">Waiting for the tutor to mark it.</p>}
        </li>
      ))}
    </ul>
  );
}

function TutorView({
  homework,
  canMark,
  formatTime,
  onOpenFile,
  onMark,
}: {
  homework: HomeworkWithHandIns;
  canMark: boolean;
  formatTime: (iso: string) => string;
  onOpenFile: (file: HandIn['files'][number]) => void;
  onMark: (handIn: HandIn) => void;
}) {
  return (
    <div className="space-y-3">
      {homework.handIns.length === 0 && <p className="text-sm text-slate-700 dark:text-slate-300">Nobody has handed this in yet.</p>}
      <ul className="divide-y divide-slate-100 dark:divide-slate-800" aria-label={`Hand-ins for ${homework.title}`}>
        {homework.handIns.map((handIn) => (
          <li key={handIn._id} className="py-3 first:pt-0" data-testid="hand-in-row">
            <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
              <p className="font-medium text-slate-900 dark:text-white">
                {fullName(handIn.student)}
                {handIn.status === 'HANDED_IN' && <span className="ml-2 text-xs font-normal text-slate-500 dark:text-slate-400">To mark</span>}
              </p>
              {canMark && (
                <button type="button" className={`${smallButton} justify-center bg-brand/10`} onClick={() => onMark(handIn)}>
                  {handIn.status === 'MARKED' ? 'Change mark' : 'Mark'}
                </button>
              )}
            </div>
            <div className="mt-2">
              <HandInDetails handIn={handIn} formatTime={formatTime} onOpenFile={onOpenFile} />
            </div>
          </li>
        ))}
      </ul>
      {homework.missing.length > 0 && (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Not handed in: {homework.missing.map(fullName).join(', ')}
          {homework.dueAt && Date.parse(homework.dueAt) < Date.now() && <span className={`${lateBadge} ml-2`}>Overdue</span>}
        </p>
      )}
    </div>
  );
}
