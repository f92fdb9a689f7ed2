/** Spec 1 section 9: a join less than this after the start is on time. */
export const LATE_THRESHOLD_MS = 60_000;

export type ClassTimingStatus = 'Class Not Started' | 'Missed' | 'On Time' | `${number} Min Late`;

/**
 * Spec 1 section 4's class timing status for one person: "Class Not Started" until the start passes, then "Missed"
 * with no join, "On Time" for a join before the start or less than a minute after it, otherwise "N Min Late" in
 * whole minutes (60 s late is "1 Min Late").
 */
export function classTimingStatus(start: Date, joinedAt: Date | null, now: Date): ClassTimingStatus {
  if (now.getTime() < start.getTime()) return 'Class Not Started';
  if (!joinedAt) return 'Missed';
  const late = joinedAt.getTime() - start.getTime();
  if (late < LATE_THRESHOLD_MS) return 'On Time';
  return `${Math.floor(late / 60_000)} Min Late`;
}
