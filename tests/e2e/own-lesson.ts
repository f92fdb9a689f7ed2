import { adminHeaders } from './demo';
import { expect, test } from './test';

const MATHS = 'course_igcse_maths_theo';

/**
 * A lesson of the spec's own, three weeks out (Theo tutors, Sam attends), created before its tests and deleted after,
 * so what it draws, locks or ends touches no lesson another journey opens. Seeded lessons and other journeys' lessons
 * sit at fixed hours: the first free candidate is taken. Returns the room's address, known once the tests start.
 */
export function ownLesson(title: string) {
  let lessonId: string | null = null;
  test.beforeAll(async ({ request }) => {
    const headers = await adminHeaders(request);
    const attendees = [
      { user: 'user_student', kind: 'STUDENT' },
      { user: 'user_tutor', kind: 'TUTOR' },
    ];
    let created = null;
    for (let hours = 500; hours < 540; hours += 2) {
      const start = new Date(Math.ceil((Date.now() + hours * 3_600_000) / 900_000) * 900_000).toISOString();
      created = await request.post('/api/team-meetings', { headers, data: { course: MATHS, title, start, duration: 60, attendees } });
      if (created.status() !== 409) break;
    }
    expect(created!.status(), await created!.text()).toBe(201);
    lessonId = ((await created!.json()) as { _id: string })._id;
  });
  test.afterAll(async ({ request }) => {
    if (lessonId) await request.delete(`/api/team-meetings/${lessonId}?course=${MATHS}`, { headers: await adminHeaders(request) });
  });
  return {
    room: () => `/learning-portal/lesson-room/${lessonId}`,
    id: () => lessonId!,
  };
}
