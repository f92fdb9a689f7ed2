import { type Context, Hono } from 'hono';
import { z } from 'zod';
import { cancellationRules } from '../../schema/contracts/cancellation-policy';
import { idParam, recordId } from '../../schema/contracts/common';
import {
  adminMeetingRequestListQuery,
  meetingRequestInput,
  meetingRequestListQuery,
  meetingRequestPreviewInput,
  respondInput,
  tutorPaymentStatusInput,
} from '../../schema/contracts/meeting-requests';
import type { AppBindings } from '../env';
import { createRequest, ownRequest, previewRequest, requesterOn, tenantRequest } from '../lib/ledger/meeting-requests';
import { policyWithVersions, savePolicy } from '../lib/ledger/policy-versions';
import { listAllRequests, listOwnRequests, requestViews, viewerFor } from '../lib/ledger/request-views';
import { respondToRequest, updateTutorPaymentStatus } from '../lib/ledger/respond';
import { afterAnswer, notifyContext } from '../lib/notifications/context';
import { notifyRequestAnswer } from '../lib/notifications/lesson-notices';
import { tenantDb } from '../lib/tenant-db';
import { authOf, requireAuth } from '../middleware/auth';
import { requireAccount, requirePermission } from '../middleware/permissions';
import { parseJson, validate } from '../middleware/validate';

type Ctx = Context<AppBindings>;

const lessonEnv = (c: Ctx) => ({ production: c.env.APP_ENV === 'production' });

/** The lesson a body names decides who may go on: a stranger to it gets the 404 whatever the rest of the body says. */
async function gateBodyLesson<T extends z.ZodType>(c: Ctx, body: T): Promise<z.output<T>> {
  const { sectionId } = await parseJson(c, z.object({ sectionId: recordId }));
  await requesterOn(tenantDb(c), authOf(c), sectionId);
  return parseJson(c, body);
}

const requestIdParam = z.object({ requestId: recordId });

/** A student (or a parent acting for one), a tutor or an admin asks to change a lesson, and reads the requests on their lessons. */
const userRoutes = new Hono<AppBindings>()
  .use('/meeting-requests', requireAuth, requireAccount)
  .use('/meeting-requests/*', requireAuth, requireAccount)
  .post('/meeting-requests/preview', async (c) =>
    c.json(await previewRequest(tenantDb(c), authOf(c), await gateBodyLesson(c, meetingRequestPreviewInput), lessonEnv(c))),
  )
  .post('/meeting-requests', async (c) => c.json(await createRequest(tenantDb(c), authOf(c), await gateBodyLesson(c, meetingRequestInput), lessonEnv(c)), 201))
  .get('/meeting-requests', validate('query', meetingRequestListQuery), async (c) =>
    c.json(await listOwnRequests(tenantDb(c), authOf(c), c.req.valid('query'))),
  )
  .get('/meeting-requests/:id', validate('param', idParam), async (c) => {
    const tdb = tenantDb(c);
    const row = await ownRequest(tdb, authOf(c), c.req.valid('param').id);
    const [view] = await requestViews(tdb, [row], viewerFor(authOf(c)));
    return c.json(view);
  });

/** Admins answer requests (spec 1 section 7) with the meetingRequests permission. */
const adminRoutes = new Hono<AppBindings>()
  .get('/admin/meeting-requests', requireAuth, requirePermission('meetingRequests', ['view']), validate('query', adminMeetingRequestListQuery), async (c) =>
    c.json(await listAllRequests(tenantDb(c), c.req.valid('query'))),
  )
  .put(
    '/admin/meeting-requests/update-tutor-payment-status',
    requireAuth,
    requirePermission('meetingRequests', ['respond']),
    validate('json', tutorPaymentStatusInput),
    async (c) => c.json(await updateTutorPaymentStatus(tenantDb(c), c.req.valid('json'))),
  )
  .put(
    '/admin/meeting-requests/respond/:requestId',
    requireAuth,
    requirePermission('meetingRequests', ['respond']),
    validate('param', requestIdParam),
    async (c) => {
      const tdb = tenantDb(c);
      const row = await tenantRequest(tdb, c.req.valid('param').requestId);
      const answer = await respondToRequest(tdb, authOf(c), row, await parseJson(c, respondInput), lessonEnv(c));
      afterAnswer(c, notifyRequestAnswer(notifyContext(c), answer));
      return c.json(answer);
    },
  )
  .get('/admin/meeting-requests/:id', requireAuth, requirePermission('meetingRequests', ['view']), validate('param', idParam), async (c) => {
    const tdb = tenantDb(c);
    const [view] = await requestViews(tdb, [await tenantRequest(tdb, c.req.valid('param').id)], { kind: 'admin' });
    return c.json(view);
  });

/** The tenant's cancellation and reschedule policy: each save a new version. */
const policyRoutes = new Hono<AppBindings>()
  .get('/admin/cancellation-policy', requireAuth, requirePermission('cancellationPolicy', ['view']), async (c) => c.json(await policyWithVersions(tenantDb(c))))
  .put('/admin/cancellation-policy', requireAuth, requirePermission('cancellationPolicy', ['edit']), validate('json', cancellationRules), async (c) =>
    c.json(await savePolicy(tenantDb(c), authOf(c), c.req.valid('json'))),
  );

export const meetingRequestRoutes = new Hono<AppBindings>().route('/', userRoutes).route('/', adminRoutes).route('/', policyRoutes);
