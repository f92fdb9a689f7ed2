import { Hono } from 'hono';
import type { CurriculumListItem, HomeCurriculum } from '../../schema/contracts/learning';
import { curricula, grades, subjects } from '../../schema/tables';
import type { AppBindings } from '../env';
import { type TenantDb, tenantDb } from '../lib/tenant-db';

function groupBy<T>(rows: T[], key: (row: T) => string) {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const k = key(row);
    const group = groups.get(k);
    if (group) group.push(row);
    else groups.set(k, [row]);
  }
  return groups;
}

/** The tenant's whole catalogue in three queries, nested in memory (it is a few hundred rows at most). */
async function catalogue(tdb: TenantDb): Promise<HomeCurriculum[]> {
  const [curriculumRows, subjectRows, gradeRows] = await Promise.all([
    tdb.db.select().from(curricula).where(tdb.where(curricula)).orderBy(curricula.sortingOrder, curricula.name).all(),
    tdb.db.select().from(subjects).where(tdb.where(subjects)).orderBy(subjects.sortingOrder, subjects.name).all(),
    tdb.db.select().from(grades).where(tdb.where(grades)).orderBy(grades.sortingOrder, grades.grade).all(),
  ]);
  const gradesBySubject = groupBy(gradeRows, (g) => g.subjectId);
  const subjectsByCurriculum = groupBy(subjectRows, (s) => s.curriculumId);
  return curriculumRows.map((cur) => ({
    _id: cur._id,
    curriculum: cur.name,
    slug: cur.slug,
    description: cur.description,
    subjects: (subjectsByCurriculum.get(cur._id) ?? []).map((sub) => ({
      _id: sub._id,
      subject: sub.name,
      slug: sub.slug,
      grade: (gradesBySubject.get(sub._id) ?? []).map((g) => ({ _id: g._id, grade: g.grade })),
    })),
  }));
}

/** Public (no sign-in) but tenant-scoped: the landing page and trial booking read these. */
export const curriculumRoutes = new Hono<AppBindings>()
  .get('/curriculums/getCurriculumsForHomePage', async (c) => c.json(await catalogue(tenantDb(c))))
  .get('/curriculums/list-with-grades', async (c) => {
    const list: CurriculumListItem[] = (await catalogue(tenantDb(c))).map((cur) => ({
      _id: cur._id,
      curriculum: cur.curriculum,
      subjects: cur.subjects.map((sub) => ({ subject: sub.subject, grade: sub.grade.map((g) => ({ grade: g.grade })) })),
    }));
    return c.json(list);
  });
