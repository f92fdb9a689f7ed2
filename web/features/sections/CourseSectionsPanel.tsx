import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  type DragStartEvent,
  type KeyboardCoordinateGetter,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { useAtomValue } from 'jotai';
import { CalendarPlus, FolderTree, Plus } from 'lucide-react';
import { type FormEvent, useCallback, useEffect, useMemo, useState } from 'react';
import type { PermissionMap } from '../../../schema/contracts/permissions';
import type { Section, SectionKind } from '../../../schema/contracts/sections';
import RequestChangeDialog from '../../entities/availability/lesson-requests/RequestChangeDialog';
import { lessonTime } from '../../entities/lessons/lesson-time';
import { signedInUserAtom } from '../../lib/session';
import { cardClass, dangerButton, primaryButton, secondaryButton, smallButton } from '../../ui/classes';
import { Dialog } from '../../ui/Dialog';
import { EmptyState } from '../../ui/EmptyState';
import { TextAreaField } from '../../ui/fields';
import Spinner from '../../ui/Spinner';
import { useToast } from '../../ui/toast/use-toast';
import { sectionCalls } from './api';
import BookLessonDialog, { type BookingTutor } from './BookLessonDialog';
import SectionDialog, { type DialogTarget } from './SectionDialog';
import { type RowActions, SortableRow, StaticRow } from './SectionRow';
import { downloadSectionFile } from './section-files';
import { allows, isMeeting, kindInfo } from './section-kinds';
import { applyKeys, descendantIds, flattenTree, lessonsByDate, projectDrop, siblingKeys } from './section-tree';

/** The spec's fallback when the user has no time zone (spec 1 section 9). */
const FALLBACK_ZONE = 'Asia/Singapore';
/** One nesting level, in pixels of sideways drag (the rows indent by 1.5 rem). */
const INDENT_PX = 24;

/** Up and down move between rows; left and right move out of or into a section, like dragging sideways. */
const coordinateGetter: KeyboardCoordinateGetter = (event, args) => {
  if (event.code === 'ArrowRight') return { ...args.currentCoordinates, x: args.currentCoordinates.x + INDENT_PX };
  if (event.code === 'ArrowLeft') return { ...args.currentCoordinates, x: args.currentCoordinates.x - INDENT_PX };
  return sortableKeyboardCoordinates(event, args);
};

type Mode = 'admin' | 'tutor' | 'learner';
type Pending = { kind: 'delete' | 'cancel'; section: Section } | null;

const addable: SectionKind[] = ['SECTION', 'TEAMS', 'ZOOM', 'RESOURCE', 'HOMEWORK'];

/** The course's section tree: lessons in the viewer's time zone, resources, homework, and for editors the tools. */
export default function CourseSectionsPanel({ courseId, mode, tutor }: { courseId: string; mode: Mode; tutor: BookingTutor | null }) {
  const base = mode === 'admin' ? '/admin/sections' : '/sections';
  const user = useAtomValue(signedInUserAtom);
  const zone = user?.timezone || FALLBACK_ZONE;
  const toast = useToast();
  const [tree, setTree] = useState<Section[] | null>(null);
  const [granted, setGranted] = useState<PermissionMap>({});
  const [failed, setFailed] = useState(false);
  const [dialog, setDialog] = useState<DialogTarget | null>(null);
  const [pending, setPending] = useState<Pending>(null);
  const [booking, setBooking] = useState(false);
  const [asking, setAsking] = useState<Section | null>(null);
  const [activeId, setActiveId] = useState<string | null>(null);
  const [now, setNow] = useState(() => Date.now());

  const load = useCallback(async () => {
    setFailed(false);
    try {
      const [sections, actions] = await Promise.all([
        sectionCalls.tree(base, courseId),
        mode === 'learner' ? Promise.resolve({}) : sectionCalls.access(base, courseId),
      ]);
      setTree(sections);
      setGranted(actions);
    } catch (error) {
      setFailed(true);
      toast.error(error);
    }
  }, [base, courseId, mode, toast]);

  useEffect(() => {
    void load();
  }, [load]);

  // The join button opens 15 minutes before a lesson without a reload.
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);

  // The same wording as the course header's "Next lesson", so one page never shows two styles of time.
  const formatTime = useCallback((iso: string) => lessonTime(iso, zone), [zone]);

  const flat = useMemo(() => flattenTree(lessonsByDate(tree ?? [], now)), [tree, now]);
  const visible = useMemo(() => {
    if (!activeId) return flat;
    const hidden = descendantIds(flat, activeId);
    return flat.filter((item) => !hidden.has(item.id));
  }, [flat, activeId]);
  const parents = flat.filter((i) => i.section.kind === 'SECTION').map((i) => ({ id: i.id, title: `${'— '.repeat(i.depth)}${i.section.title}` }));
  const canSort = mode !== 'learner' && allows(granted, 'SECTION', 'edit');

  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 5 } }), useSensor(KeyboardSensor, { coordinateGetter }));

  const resetDrag = () => setActiveId(null);

  async function drop(event: DragEndEvent) {
    const overId = event.over ? String(event.over.id) : null;
    const active = String(event.active.id);
    const items = visible;
    resetDrag();
    if (!overId || !tree) return;
    const { moved, parent } = projectDrop(items, active, overId, event.delta.x, INDENT_PX);
    const before = items.find((i) => i.id === active)!;
    if (overId === active && parent === before.parent) return;
    const keys = siblingKeys(moved, active, parent);
    const previous = tree;
    setTree(applyKeys(tree, keys));
    try {
      setTree(await sectionCalls.sort(base, courseId, keys));
    } catch (error) {
      setTree(previous);
      toast.error(error);
    }
  }

  function actionsFor(section: Section): RowActions {
    const actions: RowActions = {};
    if (section.download)
      actions.onDownload = () => void downloadSectionFile(section.download!, section.fileName ?? 'file').catch((error: unknown) => toast.error(error));
    // Only a lesson still to come can be changed by request; a live, ended or missed one cannot.
    const upcoming = isMeeting(section.kind) && section.lessonStatus === 'scheduled';
    if (upcoming && mode !== 'admin') actions.onRequestChange = () => setAsking(section);
    if (mode === 'learner') return actions;
    if (allows(granted, section.kind, 'edit')) actions.onEdit = () => setDialog({ kind: section.kind, editing: section, parent: section.parent });
    if (allows(granted, section.kind, 'delete')) actions.onDelete = () => setPending({ kind: 'delete', section });
    const cancellable = isMeeting(section.kind) || section.kind === 'HOMEWORK';
    const stillOn = isMeeting(section.kind) ? upcoming : section.status === 'ACTIVE';
    if (cancellable && stillOn && allows(granted, section.kind, 'edit')) actions.onCancel = () => setPending({ kind: 'cancel', section });
    return actions;
  }

  if (failed && !tree) {
    return (
      <div className={`${cardClass} p-6 text-center`}>
        <p className="text-sm text-slate-700 dark:text-slate-300">The course content could not be loaded.</p>
        <button type="button" className={`${secondaryButton} mt-4`} onClick={() => void load()}>
          Retry
        </button>
      </div>
    );
  }
  if (!tree) {
    return (
      <div className={`${cardClass} flex items-center justify-center gap-3 p-10 text-slate-600 dark:text-slate-300`} role="status">
        <Spinner /> Loading course content…
      </div>
    );
  }

  const creatable = mode === 'learner' ? [] : addable.filter((kind) => allows(granted, kind, 'create'));
  // Booking is for the course's own students and tutors; admins plan lessons with "Add lesson".
  const canBook = mode !== 'admin' && user?.role.name !== 'ADMIN';
  const rowProps = (item: (typeof flat)[number]) => ({ section: item.section, depth: item.depth, actions: actionsFor(item.section), formatTime, now });

  return (
    <section aria-label="Course content" className="space-y-4">
      {(creatable.length > 0 || canBook) && (
        <div className="flex flex-wrap gap-2">
          {canBook && (
            <button type="button" className={smallButton} onClick={() => setBooking(true)}>
              <CalendarPlus className="size-4" aria-hidden="true" /> Book a lesson
            </button>
          )}
          {creatable.map((kind) => (
            <button key={kind} type="button" className={smallButton} onClick={() => setDialog({ kind, editing: null, parent: null })}>
              <Plus className="size-4" aria-hidden="true" /> Add {kindInfo[kind].label.toLowerCase()}
            </button>
          ))}
        </div>
      )}
      {flat.length === 0 ? (
        <EmptyState
          icon={<FolderTree className="size-6" aria-hidden="true" />}
          title="No content yet"
          text={
            creatable.length
              ? 'Add a section, then lessons, resources and homework inside it.'
              : 'Lessons, resources and homework appear here once your tutor adds them.'
          }
        />
      ) : canSort ? (
        <DndContext
          sensors={sensors}
          collisionDetection={closestCenter}
          onDragStart={(e: DragStartEvent) => setActiveId(String(e.active.id))}
          onDragEnd={(e) => void drop(e)}
          onDragCancel={resetDrag}
        >
          <SortableContext items={visible.map((i) => i.id)} strategy={verticalListSortingStrategy}>
            <ul className={`${cardClass} overflow-hidden`}>
              {visible.map((item) => (
                <SortableRow key={item.id} {...rowProps(item)} />
              ))}
            </ul>
          </SortableContext>
        </DndContext>
      ) : (
        <ul className={`${cardClass} overflow-hidden`}>
          {flat.map((item) => (
            <StaticRow key={item.id} {...rowProps(item)} />
          ))}
        </ul>
      )}
      {canSort && flat.length > 1 && (
        <p className="text-xs text-slate-500 dark:text-slate-400">
          Drag a row by its handle to reorder. From the keyboard: focus the handle, press Space, move with the arrow keys (left and right change the level), and
          press Space again.
        </p>
      )}
      <SectionDialog
        target={dialog}
        courseId={courseId}
        sectionsBase={base}
        parents={parents}
        zone={zone}
        hasTutor={tutor !== null}
        onClose={() => setDialog(null)}
        onSaved={() => void load()}
      />
      <BookLessonDialog open={booking} courseId={courseId} tutor={tutor} zone={zone} onClose={() => setBooking(false)} onBooked={() => void load()} />
      {asking && (
        <RequestChangeDialog
          open
          lesson={{
            ...asking,
            start: asking.start!,
            duration: asking.duration ?? 0,
            when: formatTime(asking.start!),
            tutorId: asking.attendees.find((a) => a.kind === 'TUTOR')?.user ?? tutor?._id,
          }}
          zone={zone}
          onClose={() => setAsking(null)}
          onSent={() => void load()}
        />
      )}
      <PendingDialog pending={pending} courseId={courseId} sectionsBase={base} onClose={() => setPending(null)} onDone={() => void load()} />
    </section>
  );
}

/** Confirms a delete, or asks the reason for a cancellation. */
function PendingDialog({
  pending,
  courseId,
  sectionsBase,
  onClose,
  onDone,
}: {
  pending: Pending;
  courseId: string;
  sectionsBase: string;
  onClose: () => void;
  onDone: () => void;
}) {
  const toast = useToast();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    setReason('');
    setError(undefined);
  }, [pending]);
  if (!pending) return null;
  const { section, kind } = pending;
  const label = kindInfo[section.kind].label;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      if (kind === 'cancel') {
        if (!reason.trim()) {
          setError('Please give a reason');
          return;
        }
        await sectionCalls.cancel(section.kind, section._id, reason);
        toast.success(section.kind === 'ZOOM' ? 'Zoom Meeting Cancelled!' : section.kind === 'TEAMS' ? 'Lesson Cancelled!' : 'Homework Cancelled!');
      } else {
        await sectionCalls.remove(sectionsBase, courseId, section._id);
        toast.success(`${label} deleted!`);
      }
      onDone();
      onClose();
    } catch (failure) {
      toast.error(failure);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open onClose={onClose} title={kind === 'cancel' ? `Cancel “${section.title}”?` : `Delete “${section.title}”?`}>
      <form onSubmit={(e) => void submit(e)} noValidate className="space-y-4">
        {kind === 'cancel' ? (
          <TextAreaField id="cancel-reason" label="Reason" rows={3} maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} error={error} />
        ) : (
          <p className="text-sm text-slate-600 dark:text-slate-300">
            {section.kind === 'SECTION' ? 'Everything inside this section is deleted with it.' : `This ${label.toLowerCase()} is removed from the course.`}
          </p>
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button type="button" className={secondaryButton} onClick={onClose}>
            Keep it
          </button>
          <button type="submit" className={kind === 'cancel' ? primaryButton : dangerButton} disabled={busy}>
            {busy && <Spinner className="size-4" />}
            {kind === 'cancel' ? `Cancel ${label.toLowerCase()}` : 'Delete'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
