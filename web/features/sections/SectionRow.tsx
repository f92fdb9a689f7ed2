import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import clsx from 'clsx';
import { Ban, CalendarClock, Download, ExternalLink, GripVertical, Pencil, Trash2, Video } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatDuration } from '../../../schema/contracts/durations';
import type { Section } from '../../../schema/contracts/sections';
import type { LessonStatus } from '../../../schema/contracts/waiting-room';
import { lessonStatusLabel } from '../../entities/lessons/lesson-status';
import { focusRing, smallButton } from '../../ui/classes';
import { isMeeting, kindInfo } from './section-kinds';

const INDENT_REM = 1.5;
const JOIN_EARLY_MS = 15 * 60_000;

export interface RowActions {
  onEdit?: () => void;
  onDelete?: () => void;
  onCancel?: () => void;
  /** Ask an admin to cancel or move this lesson. */
  onRequestChange?: () => void;
  onDownload?: () => void;
}

const statusStyle: Record<Section['status'], string> = {
  ACTIVE: 'bg-emerald-50 text-emerald-800 ring-emerald-600/20 dark:bg-emerald-500/10 dark:text-emerald-300',
  CANCELLED: 'bg-rose-50 text-rose-800 ring-rose-600/20 dark:bg-rose-500/10 dark:text-rose-300',
  COMPLETED: 'bg-slate-100 text-slate-700 ring-slate-500/20 dark:bg-slate-800 dark:text-slate-300',
};

const lessonStyle: Record<LessonStatus, string> = {
  scheduled: statusStyle.ACTIVE,
  live: 'bg-brand/15 text-slate-900 ring-brand/40 dark:text-white',
  ended: statusStyle.COMPLETED,
  missed: 'bg-amber-50 text-amber-900 ring-amber-600/20 dark:bg-amber-500/10 dark:text-amber-200',
  cancelled: statusStyle.CANCELLED,
};

const statusText: Record<Section['status'], string> = { ACTIVE: 'Upcoming', CANCELLED: 'Cancelled', COMPLETED: 'Completed' };

/** The join window the server gave (the one join rule); a lesson read before it carried one opens 15 minutes early. */
const windowOf = (section: Section) => {
  const start = Date.parse(section.start!);
  return { opens: section.joinOpensAt ? Date.parse(section.joinOpensAt) : start - JOIN_EARLY_MS, closes: start + (section.duration ?? 0) * 60_000 };
};

/** Lessons can be joined from 15 minutes before the start until they end. */
export const canJoin = (section: Section, now: number) => {
  if (section.status !== 'ACTIVE' || !section.start || !section.joinUrl) return false;
  const { opens, closes } = windowOf(section);
  return now >= opens && now < closes;
};

function Details({ section, formatTime, now }: { section: Section; formatTime: (iso: string) => string; now: number }) {
  if (isMeeting(section.kind) && section.start) {
    const ended = Date.parse(section.start) + (section.duration ?? 0) * 60_000 <= now;
    return (
      <p className="mt-0.5 text-sm text-slate-600 dark:text-slate-400">
        <time dateTime={section.start}>{formatTime(section.start)}</time>
        {section.duration !== null && (
          <>
            {' · '}
            <span className="whitespace-nowrap">{formatDuration(section.duration)}</span>
          </>
        )}
        <span
          data-testid="lesson-state"
          className={clsx(
            'ml-2 inline-flex rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset',
            section.lessonStatus ? lessonStyle[section.lessonStatus] : statusStyle[section.status],
          )}
        >
          {section.lessonStatus ? lessonStatusLabel(section.lessonStatus) : section.status === 'ACTIVE' && ended ? 'Ended' : statusText[section.status]}
        </span>
      </p>
    );
  }
  if (section.kind === 'HOMEWORK' && section.dueAt) {
    return (
      <p className="mt-0.5 text-sm text-slate-600 dark:text-slate-400">
        Due <time dateTime={section.dueAt}>{formatTime(section.dueAt)}</time>
        {section.status !== 'ACTIVE' && (
          <span className={clsx('ml-2 inline-flex rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset', statusStyle[section.status])}>
            {statusText[section.status]}
          </span>
        )}
      </p>
    );
  }
  return section.description ? <p className="mt-0.5 line-clamp-2 text-sm text-slate-600 dark:text-slate-400">{section.description}</p> : null;
}

function RowBody({
  section,
  depth,
  actions,
  formatTime,
  now,
  handle,
}: {
  section: Section;
  depth: number;
  actions: RowActions;
  formatTime: (iso: string) => string;
  now: number;
  handle?: ReactNode;
}) {
  const { icon: Icon, label } = kindInfo[section.kind];
  const joinable =
    isMeeting(section.kind) && section.status === 'ACTIVE' && section.start && Date.parse(section.start) + (section.duration ?? 0) * 60_000 > now;
  return (
    <div className="flex items-start gap-3 py-3 pr-3" style={{ paddingLeft: `${0.75 + depth * INDENT_REM}rem` }}>
      {handle}
      <span
        className={clsx(
          'mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-xl',
          section.kind === 'SECTION' ? 'bg-brand/15 text-brand-deep' : 'bg-slate-100 text-slate-600 dark:bg-slate-800 dark:text-slate-300',
        )}
      >
        <Icon className="size-4" aria-label={label} />
      </span>
      <div className="flex min-w-0 flex-1 flex-col gap-2 sm:flex-row sm:items-start">
        <div className="min-w-0 flex-1">
          <p className={clsx('truncate text-slate-900 dark:text-white', section.kind === 'SECTION' ? 'font-semibold' : 'font-medium')}>{section.title}</p>
          <Details section={section} formatTime={formatTime} now={now} />
        </div>
        <div className="flex flex-wrap items-center gap-1.5">
          {joinable &&
            (canJoin(section, now) ? (
              <a
                href={section.joinUrl!}
                className={`${smallButton} bg-brand/10`}
                target={section.joinUrl!.startsWith('https://') ? '_blank' : undefined}
                rel="noopener noreferrer"
              >
                <Video className="size-4" aria-hidden="true" /> Join
              </a>
            ) : (
              <span className="flex items-center gap-2">
                <button type="button" className={`${smallButton} cursor-not-allowed opacity-50`} disabled>
                  <Video className="size-4" aria-hidden="true" /> Join
                </button>
                <span className="text-xs font-medium text-slate-600 dark:text-slate-300" data-testid="join-opens">
                  Opens {formatTime(new Date(windowOf(section).opens).toISOString())}
                </span>
              </span>
            ))}
          {section.download && actions.onDownload && (
            <button type="button" className={smallButton} onClick={actions.onDownload}>
              <Download className="size-4" aria-hidden="true" /> Download
            </button>
          )}
          {section.link && (
            <a href={section.link} target="_blank" rel="noopener noreferrer" className={smallButton}>
              <ExternalLink className="size-4" aria-hidden="true" /> Open link
            </a>
          )}
          {actions.onRequestChange && (
            <button type="button" className={smallButton} onClick={actions.onRequestChange} aria-label={`Ask to change ${section.title}`}>
              <CalendarClock className="size-4" aria-hidden="true" /> Ask to change
            </button>
          )}
          {actions.onCancel && (
            <button type="button" className={`${smallButton} px-2`} onClick={actions.onCancel} aria-label={`Cancel ${section.title}`}>
              <Ban className="size-4" aria-hidden="true" />
            </button>
          )}
          {actions.onEdit && (
            <button type="button" className={`${smallButton} px-2`} onClick={actions.onEdit} aria-label={`Edit ${section.title}`}>
              <Pencil className="size-4" aria-hidden="true" />
            </button>
          )}
          {actions.onDelete && (
            <button type="button" className={`${smallButton} px-2`} onClick={actions.onDelete} aria-label={`Delete ${section.title}`}>
              <Trash2 className="size-4" aria-hidden="true" />
            </button>
          )}
        </div>
      </div>
    </div>
  );
}

export interface RowProps {
  section: Section;
  depth: number;
  actions: RowActions;
  formatTime: (iso: string) => string;
  now: number;
}

export function StaticRow(props: RowProps) {
  return (
    <li className="border-b border-slate-100 last:border-0 dark:border-slate-800">
      <RowBody {...props} />
    </li>
  );
}

/** A row that can be dragged by its handle, or moved from the keyboard (space, arrows, space). */
export function SortableRow(props: RowProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: props.section._id });
  const handle = (
    <button
      type="button"
      ref={setActivatorNodeRef}
      {...attributes}
      {...listeners}
      aria-label={`Move ${props.section.title}`}
      className={`mt-1 cursor-grab touch-none rounded-lg p-1 text-slate-400 hover:bg-slate-100 hover:text-slate-700 dark:hover:bg-slate-800 dark:hover:text-slate-200 ${focusRing}`}
    >
      <GripVertical className="size-5" aria-hidden="true" />
    </button>
  );
  return (
    <li
      ref={setNodeRef}
      data-section-id={props.section._id}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={clsx(
        'border-b border-slate-100 bg-white last:border-0 dark:border-slate-800 dark:bg-slate-900',
        isDragging && 'relative z-10 opacity-80 shadow-lg ring-2 ring-brand',
      )}
    >
      <RowBody {...props} handle={handle} />
    </li>
  );
}
