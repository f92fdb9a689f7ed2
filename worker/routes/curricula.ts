import { Hono } from 'hono';
import { subjectCodeInput, subjectsQuery, tagsQuery } from '../../schema/contracts/content';
import type { AppBindings } from '../env';
import { catalogue, curriculumDocs, curriculumList, gradeNames, searchOptions, subjectDocs, subjectMapData, tagPage } from '../lib/content/curricula';
import { quizCatalogue } from '../lib/quiz/catalogue';
import { tenantDb } from '../lib/tenant-db';
import { validate } from '../middleware/validate';

/** Public (no sign-in) but tenant-scoped: the landing page, the content pages and trial booking read these. */
export const curriculumRoutes = new Hono<AppBindings>()
  .get('/curriculums/getCurriculumsForHomePage', async (c) => c.json(await catalogue(tenantDb(c))))
  .get('/curriculums/list-with-grades', async (c) => c.json(await curriculumList(tenantDb(c))))
  .get('/curriculums/quiztopiya', async (c) => c.json(await quizCatalogue(tenantDb(c))))
  .get('/curriculums', async (c) => c.json(await curriculumDocs(tenantDb(c))))
  .get('/curriculums/grades', async (c) => c.json(await gradeNames(tenantDb(c))))
  .get('/curriculums/getSearchOptionsForHomePage', async (c) => c.json(await searchOptions(tenantDb(c))))
  .post('/curriculums/subjectMapDataForSubjectCode', validate('json', subjectCodeInput), async (c) =>
    c.json(await subjectMapData(tenantDb(c), c.req.valid('json'))),
  )
  .get('/subjects', validate('query', subjectsQuery), async (c) => c.json(await subjectDocs(tenantDb(c), c.req.valid('query'))))
  .get('/tags/list', validate('query', tagsQuery), async (c) => c.json(await tagPage(tenantDb(c), c.req.valid('query'))));
