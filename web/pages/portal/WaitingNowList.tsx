import { DoorOpen } from 'lucide-react';
import type { WaitingNow } from '../../../schema/contracts/home';
import { focusRing } from '../../ui/classes';
import DocList from './DocList';

const names = (people: { name: string }[]) => new Intl.ListFormat('en-GB', { type: 'conjunction' }).format(people.map((p) => p.name));
const roomLink = `inline-flex items-center gap-1.5 rounded-full bg-brand px-3.5 py-1.5 text-sm font-semibold text-brand-ink hover:bg-brand-strong hover:text-white ${focusRing}`;

/** "Sam Lee is waiting for Algebra, lesson 2", one row a lesson, with the way into its waiting room. */
export default function WaitingNowList({ waiting }: { waiting: WaitingNow[] }) {
  return (
    <DocList docs={waiting} empty="Nobody is waiting for you now.">
      {(lesson) => (
        <li key={lesson.lessonId} data-testid="waiting-now" className="flex min-w-0 flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
          <div className="min-w-0">
            <p className="text-sm text-slate-900 dark:text-white">
              <span className="font-semibold">{names(lesson.students)}</span> {lesson.students.length === 1 ? 'is' : 'are'} waiting for{' '}
              <span className="font-semibold">{lesson.title}</span>
            </p>
            <p className="truncate text-sm text-slate-600 dark:text-slate-400">{lesson.course.title}</p>
          </div>
          <a href={lesson.joinUrl} className={`${roomLink} self-start sm:shrink-0`} aria-label={`Open the waiting room of ${lesson.title}`}>
            <DoorOpen className="size-4" aria-hidden="true" />
            Open the waiting room
          </a>
        </li>
      )}
    </DocList>
  );
}
