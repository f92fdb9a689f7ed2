import { useEffect, useState } from 'react';
import type { LessonChange } from '../../../schema/contracts/audit';
import { lessonTime } from '../../entities/lessons/lesson-time';
import { scheduleCalls } from './api';

/** "Cancelled by Ada Admin, logged in as Theo Tutor, on Tue 3 Dec, 16:00": for admins who may read the audit log. */
export function lessonChangeText(change: LessonChange, zone: string) {
  const verb = change.action === 'lesson.cancel' ? 'Cancelled' : 'Moved';
  const as = change.actingAs ? `, logged in as ${change.actingAs.name},` : '';
  return `${verb} by ${change.actor?.name ?? 'someone'}${as} on ${lessonTime(change.createdAt, zone)}`;
}

/** Says who last cancelled or moved the lesson, when the audit log knows; nothing while it loads or when it does not. */
export default function LessonChangeNote({ lessonId, zone }: { lessonId: string; zone: string }) {
  const [change, setChange] = useState<LessonChange | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    scheduleCalls.lessonChange(lessonId, controller.signal).then(
      (answer) => setChange(answer.change),
      () => undefined,
    );
    return () => controller.abort();
  }, [lessonId]);
  return change && <p className="mt-0.5 text-xs text-slate-600 dark:text-slate-300">{lessonChangeText(change, zone)}</p>;
}
