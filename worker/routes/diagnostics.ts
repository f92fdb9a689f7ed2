import { Hono } from 'hono';
import { idParam } from '../../schema/contracts/common';
import {
  callbackAssignInput,
  callbackCloseInput,
  diagnosticCreateInput,
  diagnosticPublishInput,
  diagnosticQuestionQuery,
  diagnosticTestInput,
  recommendationQuery,
  shareQuery,
  shareWithParentInput,
  subTopicQuery,
  testListQuery,
} from '../../schema/contracts/diagnostics';
import { pageQuery } from '../../schema/contracts/quiz';
import type { AppBindings } from '../env';
import { readableDiagnostic } from '../lib/diagnostics/access';
import { adminTest, adminTestPage, createTest, publishTest, questionChoices, updateTest } from '../lib/diagnostics/authoring';
import { assignCallback, callbackList, closeCallback, requestCallback, teammates } from '../lib/diagnostics/callbacks';
import { paymentOffer, startDiagnosticCheckout } from '../lib/diagnostics/payment';
import { diagnosticDoc, diagnosticSubmission, latestRecommendation, subTopicResults } from '../lib/diagnostics/read';
import { shareWithParent } from '../lib/diagnostics/share';
import { createDiagnostic, listTests, testWithQuestions } from '../lib/diagnostics/take';
import { mailFrom } from '../lib/mail-from';
import { requirePayments } from '../lib/payments/adapter';
import { tenantDb } from '../lib/tenant-db';
import { tutorHelper } from '../lib/tutor-helper';
import { authOf, requireAuth } from '../middleware/auth';
import { requireAccount, requirePermission } from '../middleware/permissions';
import { requireLearner } from '../middleware/quiz';
import { validate } from '../middleware/validate';

/**
 * Diagnostics (spec 3 §7): a learner or a visitor takes one; its result is read by whoever took it, their parents,
 * and a parent holding the e-mailed link (`?share=`). Any other person's id answers 404 whatever they send.
 */
export const diagnosticRoutes = new Hono<AppBindings>()
  .use('/diagnostics', requireAuth)
  .use('/diagnostics/*', requireAuth)
  .get('/diagnostics/tests', validate('query', testListQuery), async (c) => c.json(await listTests(tenantDb(c), c.req.valid('query'))))
  .get('/diagnostics/tests/:id', validate('param', idParam), async (c) => c.json(await testWithQuestions(tenantDb(c), c.req.valid('param').id)))
  .post('/diagnostics', requireLearner, validate('json', diagnosticCreateInput), async (c) =>
    c.json(await createDiagnostic(tenantDb(c), authOf(c), c.req.valid('json'), tutorHelper(c.env)), 201),
  )
  .get('/diagnostics/recommendation', requireLearner, validate('query', recommendationQuery), async (c) =>
    c.json(await latestRecommendation(tenantDb(c), authOf(c), c.req.valid('query'))),
  )
  .get('/diagnostics/subTopic/subTopic', requireLearner, validate('query', subTopicQuery.extend(pageQuery.shape)), async (c) =>
    c.json(await subTopicResults(tenantDb(c), authOf(c), c.req.valid('query'))),
  )
  .post('/diagnostics/shareWithParent', requireLearner, validate('json', shareWithParentInput), async (c) =>
    c.json(await shareWithParent(tenantDb(c), authOf(c), c.req.valid('json'), mailFrom(c)), 201),
  )
  .get('/diagnostics/submission/:id', validate('param', idParam), validate('query', shareQuery), async (c) => {
    const tdb = tenantDb(c);
    const { row } = await readableDiagnostic(tdb, authOf(c), c.req.valid('param').id, c.req.valid('query').share);
    return c.json(await diagnosticSubmission(tdb, row));
  })
  // A GET that records a request, as the spec names it: it is idempotent (one request per result) and never cached.
  .get('/diagnostics/requestCallback/:id', validate('param', idParam), validate('query', shareQuery), async (c) => {
    c.header('cache-control', 'no-store');
    return c.json(await requestCallback(tenantDb(c), authOf(c), c.req.valid('param').id, c.req.valid('query').share));
  })
  .get('/diagnostics/payment/:id', validate('param', idParam), validate('query', shareQuery), async (c) =>
    c.json(await paymentOffer(tenantDb(c), authOf(c), c.req.valid('param').id, c.req.valid('query').share)),
  )
  .post('/diagnostics/payment/:id', requireAccount, validate('param', idParam), async (c) =>
    c.json(await startDiagnosticCheckout(tenantDb(c), authOf(c), requirePayments(c.env), c.req.valid('param').id, new URL(c.req.url).origin)),
  )
  .get('/diagnostics/:id', validate('param', idParam), validate('query', shareQuery), async (c) => {
    const tdb = tenantDb(c);
    const { row, access } = await readableDiagnostic(tdb, authOf(c), c.req.valid('param').id, c.req.valid('query').share);
    return c.json(await diagnosticDoc(tdb, row, access));
  });

/**
 * The sales team's list of families waiting for a call; they are the ones who book trial classes, so the trial
 * classes group gates it: `view` to read the list, `edit` to hand a request to a teammate or close it.
 */
export const adminDiagnosticRoutes = new Hono<AppBindings>()
  .use('/admin/diagnostics/*', requireAuth)
  .get('/admin/diagnostics/callbacks', requirePermission('trialClasses', ['view']), validate('query', pageQuery), async (c) =>
    c.json(await callbackList(tenantDb(c), c.req.valid('query'))),
  )
  .get('/admin/diagnostics/callbacks/teammates', requirePermission('trialClasses', ['view']), async (c) => c.json(await teammates(tenantDb(c))))
  .put(
    '/admin/diagnostics/callbacks/:id/assign',
    requirePermission('trialClasses', ['edit']),
    validate('param', idParam),
    validate('json', callbackAssignInput),
    async (c) => c.json(await assignCallback(tenantDb(c), c.req.valid('param').id, c.req.valid('json'))),
  )
  .put(
    '/admin/diagnostics/callbacks/:id/close',
    requirePermission('trialClasses', ['edit']),
    validate('param', idParam),
    validate('json', callbackCloseInput),
    async (c) => c.json(await closeCallback(tenantDb(c), authOf(c), c.req.valid('param').id, c.req.valid('json'))),
  );

/** The diagnostic tests themselves are learning content, so the content group gates their editor. */
const content = (action: string) => requirePermission('adminContent', [action]);

/** Mounted after `adminDiagnosticRoutes`, whose `requireAuth` on `/admin/diagnostics/*` covers these paths too. */
export const adminDiagnosticTestRoutes = new Hono<AppBindings>()
  .get('/admin/diagnostics/tests', content('view'), validate('query', pageQuery), async (c) => c.json(await adminTestPage(tenantDb(c), c.req.valid('query'))))
  .get('/admin/diagnostics/tests/questions', content('view'), validate('query', diagnosticQuestionQuery), async (c) =>
    c.json(await questionChoices(tenantDb(c), c.req.valid('query'))),
  )
  .get('/admin/diagnostics/tests/:id', content('view'), validate('param', idParam), async (c) => c.json(await adminTest(tenantDb(c), c.req.valid('param').id)))
  .post('/admin/diagnostics/tests', content('create'), validate('json', diagnosticTestInput), async (c) =>
    c.json(await createTest(tenantDb(c), c.req.valid('json')), 201),
  )
  .put('/admin/diagnostics/tests/:id/publish', content('edit'), validate('param', idParam), validate('json', diagnosticPublishInput), async (c) =>
    c.json(await publishTest(tenantDb(c), c.req.valid('param').id, c.req.valid('json'))),
  )
  .put('/admin/diagnostics/tests/:id', content('edit'), validate('param', idParam), validate('json', diagnosticTestInput), async (c) =>
    c.json(await updateTest(tenantDb(c), c.req.valid('param').id, c.req.valid('json'))),
  );
