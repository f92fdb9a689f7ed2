import { type Context, Hono } from 'hono';
import { waitingIdInput } from '../../schema/contracts/waiting-room';
import type { AppBindings } from '../env';
import { mailFrom } from '../lib/mail-from';
import { tenantDb } from '../lib/tenant-db';
import { markJoined, meetingData, notifyWaiting, startMeeting, type WaitingPlace } from '../lib/waiting-room/actions';
import { authOf, requireAuth } from '../middleware/auth';
import { requireAccount, requireCourseStaff } from '../middleware/permissions';
import { validate } from '../middleware/validate';

const placeOf = (c: Context<AppBindings>): WaitingPlace => ({ permissions: c.get('tenant').permissions, mail: mailFrom(c) });

/**
 * Waiting room over HTTP (spec 1 section 7). The waiting id is the lesson's section id; only the lesson's people
 * and admins who can see its course get an answer, everyone else the 404 of a missing lesson.
 */
export const waitingRoomRoutes = new Hono<AppBindings>()
  .use('/meeting-data/*', requireAuth, requireAccount)
  .use('/start-meeting', requireAuth, requireAccount)
  .use('/notify-user-joined-to-meeting', requireAuth, requireAccount)
  .use('/notify-user-waiting', requireAuth, requireAccount)
  .get('/meeting-data/:waitingId', validate('param', waitingIdInput), async (c) =>
    c.json(await meetingData(tenantDb(c), authOf(c), placeOf(c), c.req.valid('param').waitingId)),
  )
  .post('/start-meeting', requireCourseStaff, validate('json', waitingIdInput), async (c) =>
    c.json(await startMeeting(tenantDb(c), authOf(c), placeOf(c), c.req.valid('json').waitingId)),
  )
  .post('/notify-user-joined-to-meeting', validate('json', waitingIdInput), async (c) =>
    c.json(await markJoined(tenantDb(c), authOf(c), placeOf(c), c.req.valid('json').waitingId)),
  )
  .post('/notify-user-waiting', validate('json', waitingIdInput), async (c) =>
    c.json(await notifyWaiting(tenantDb(c), authOf(c), placeOf(c), c.req.valid('json').waitingId)),
  );
