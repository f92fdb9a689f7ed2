import { and, asc, countDistinct, eq, min } from 'drizzle-orm';
import type { QuizCatalogueItem } from '../../../schema/contracts/quiz';
import { curricula, quizzes, subjects } from '../../../schema/tables';
import type { TenantDb } from '../tenant-db';

/**
 * `GET curriculums/quiztopiya`: the curricula, subjects and grades that have published quizzes, in the catalogue's
 * order, each grade with its number of quizzes. A curriculum or subject without a quiz is left out, so a learner who
 * picks from this list always finds something to practise.
 */
export async function quizCatalogue(tdb: TenantDb): Promise<QuizCatalogueItem[]> {
  const rows = await tdb.db
    .select({
      curriculum: quizzes.curriculum,
      subject: quizzes.subject,
      grade: quizzes.grade,
      subjectLevel: quizzes.subjectLevel,
      subjectCode: quizzes.subjectCode,
      quizCount: countDistinct(quizzes._id),
    })
    .from(quizzes)
    // The names are copied onto quizzes; the joins only bring the catalogue's order, so a duplicate name adds no quiz.
    .leftJoin(curricula, and(eq(curricula.tenantId, quizzes.tenantId), eq(curricula.name, quizzes.curriculum)))
    .leftJoin(subjects, and(eq(subjects.curriculumId, curricula._id), eq(subjects.name, quizzes.subject)))
    .where(tdb.where(quizzes, eq(quizzes.isPublished, true)))
    .groupBy(quizzes.curriculum, quizzes.subject, quizzes.grade)
    .orderBy(asc(min(curricula.sortingOrder)), asc(quizzes.curriculum), asc(min(subjects.sortingOrder)), asc(quizzes.subject), asc(quizzes.grade));
  const items: QuizCatalogueItem[] = [];
  for (const row of rows) {
    let item = items.find((i) => i.curriculum === row.curriculum);
    if (!item) {
      item = { curriculum: row.curriculum, subjectLevel: row.subjectLevel, subjects: [] };
      items.push(item);
    }
    let subject = item.subjects.find((s) => s.subject === row.subject);
    if (!subject) {
      subject = { subject: row.subject, subjectCode: row.subjectCode, grade: [] };
      item.subjects.push(subject);
    }
    subject.grade.push({ grade: row.grade, quizCount: row.quizCount });
  }
  return items;
}
