import type { Course } from '../../../schema/contracts/courses';

/** Lessons are booked with the course's enabled primary tutor, or any enabled tutor when it has no primary. */
export function bookingTutor(course: Pick<Course, 'tutors'>) {
  const enabled = course.tutors.filter((t) => t.status === 'ENABLE');
  const chosen = enabled.find((t) => t.type === 'PRIMARY') ?? enabled[0];
  return chosen ? { _id: chosen.user._id, firstname: chosen.user.firstname } : null;
}
