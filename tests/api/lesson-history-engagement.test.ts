import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { engagementWords, type LessonHistoryList, type LessonHistoryRecord } from '../../schema/contracts/lesson-history';
import { lessonAttendance } from '../../schema/tables';
import { call, closedLesson, type LedgerCallers, SAM, seedLedgerWorld, THEO } from '../helpers/ledger';
import { db } from '../helpers/seed';

/** Camera and microphone time (issue 35, item 6): what the lesson room counted, on the lesson's record for its tutor and admins. */

let as: LedgerCallers;
let rowId: string;

beforeAll(async () => {
  as = await seedLedgerWorld();
  const { section, rows } = await closedLesson({ ago: 400, students: [SAM] });
  rowId = rows[0]!._id;
  const counted = (userId: string, cameraSeconds: number, micSeconds: number, handsRaised = 0) =>
    db
      .update(lessonAttendance)
      .set({ cameraSeconds, micSeconds, handsRaised })
      .where(and(eq(lessonAttendance.sectionId, section._id), eq(lessonAttendance.userId, userId)));
  await counted(THEO, 42 * 60, 51 * 60);
  await counted(SAM, 30 * 60 + 20, 45, 2);
});

const json = async <T>(res: Response) => {
  expect(res.status, await res.clone().text()).toBe(200);
  return res.json<T>();
};

describe('engagement on the lesson record', () => {
  it('shows the admin and the tutor each person’s camera and microphone time', async () => {
    const admin = await json<LessonHistoryRecord>(await call('GET', `/lesson-history/${rowId}`, as.admin));
    expect(admin.engagement).toEqual({
      tutor: { cameraSeconds: 42 * 60, micSeconds: 51 * 60, handsRaised: 0 },
      student: { cameraSeconds: 30 * 60 + 20, micSeconds: 45, handsRaised: 2 },
    });
    const tutor = await json<LessonHistoryList<LessonHistoryRecord>>(await call('GET', '/lesson-history?limit=100', as.tutor));
    expect(tutor.docs.find((d) => d._id === rowId)?.engagement.tutor).toEqual({ cameraSeconds: 42 * 60, micSeconds: 51 * 60, handsRaised: 0 });
  });

  it('keeps it from the student: it is a report for the tutor and the admins', async () => {
    const own = await json<Record<string, unknown>>(await call('GET', `/lesson-history/${rowId}`, as.student));
    expect(own).not.toHaveProperty('engagement');
  });

  it('says it in words', () => {
    expect(engagementWords({ cameraSeconds: 42 * 60, micSeconds: 51 * 60, handsRaised: 0 })).toBe('Camera on 42 min · Microphone on 51 min');
    expect(engagementWords({ cameraSeconds: 0, micSeconds: 45, handsRaised: 2 })).toBe('Camera never on · Microphone on under a minute · Raised a hand twice');
    expect(engagementWords(null)).toBe('Not in the lesson room');
  });
});
