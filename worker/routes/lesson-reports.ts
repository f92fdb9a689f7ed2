import { Hono } from 'hono';
import { z } from 'zod';
import { listQuery, recordId } from '../../schema/contracts/common';
import { lessonReportInput, REPORT_MESSAGES, sendLessonReportInput } from '../../schema/contracts/lesson-reports';
import type { AppBindings } from '../env';
import { assertReportWriter, lessonReportsFor, saveLessonReport, sentLessonReports } from '../lib/lesson-reports/reports';
import { mailFrom } from '../lib/mail-from';
import { tenantDb } from '../lib/tenant-db';
import { authOf, requireAuth } from '../middleware/auth';
import { requireAccount } from '../middleware/permissions';
import { parseJson, validate } from '../middleware/validate';

const lessonParam = z.object({ sectionId: recordId });
const reportParam = z.object({ sectionId: recordId, studentId: recordId });

/**
 * Lesson reports: the tutor drafts one per student from what the rooms hold once the lesson has closed, edits it and
 * sends it; the student and their parents read it here and by mail (worker/lib/lesson-reports).
 */
export const lessonReportRoutes = new Hono<AppBindings>()
  .use('/lesson-reports', requireAuth, requireAccount)
  .use('/lesson-reports/*', requireAuth, requireAccount)
  .get('/lesson-reports', validate('query', listQuery), async (c) => c.json(await sentLessonReports(tenantDb(c), authOf(c), c.req.valid('query'))))
  .get('/lesson-reports/:sectionId', validate('param', lessonParam), async (c) =>
    c.json(await lessonReportsFor(tenantDb(c), c.env, c.get('tenant'), authOf(c), c.req.valid('param').sectionId)),
  )
  .put('/lesson-reports/:sectionId/:studentId', validate('param', reportParam), async (c) => {
    const tdb = tenantDb(c);
    const target = c.req.valid('param');
    await assertReportWriter(tdb, c.get('tenant'), authOf(c), target);
    const input = await parseJson(c, lessonReportInput);
    const report = await saveLessonReport(tdb, c.env, c.get('tenant'), authOf(c), target, input, null);
    return c.json({ ...report, message: REPORT_MESSAGES.saved });
  })
  .post('/lesson-reports/:sectionId/:studentId/send', validate('param', reportParam), async (c) => {
    const tdb = tenantDb(c);
    const target = c.req.valid('param');
    await assertReportWriter(tdb, c.get('tenant'), authOf(c), target);
    const input = await parseJson(c, sendLessonReportInput);
    const report = await saveLessonReport(tdb, c.env, c.get('tenant'), authOf(c), target, input, mailFrom(c));
    return c.json({ ...report, message: REPORT_MESSAGES.sent });
  });
