import type { LessonStatus } from '../../../schema/contracts/waiting-room';

const labels: Record<LessonStatus, string> = { scheduled: 'Upcoming', live: 'Live', ended: 'Ended', missed: 'Missed', cancelled: 'Cancelled' };

/** The words for the status the server's one join rule gave, so every page names a lesson's state alike. */
export const lessonStatusLabel = (status: LessonStatus) => labels[status];
