import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { subjectInput } from '../../schema/contracts/profile';
import { curricula, grades, subjects } from '../../schema/tables';
import { fieldError } from '../../platform/errors';
import type { TenantDb } from './tenant-db';

/** The catalogue must hold this curriculum, subject and grade (by name, as the curriculum list shows them). */
export async function assertInCatalogue(tdb: TenantDb, choice: z.output<typeof subjectInput>) {
  const found = await tdb.db
    .select({ _id: grades._id })
    .from(grades)
    .innerJoin(subjects, eq(subjects._id, grades.subjectId))
    .innerJoin(curricula, eq(curricula._id, subjects.curriculumId))
    .where(
      and(
        tdb.where(grades, eq(grades.grade, choice.grade)),
        eq(subjects.tenantId, tdb.tenantId),
        eq(subjects.name, choice.subject),
        eq(curricula.tenantId, tdb.tenantId),
        eq(curricula.name, choice.curriculum),
      ),
    )
    .get();
  if (!found) throw fieldError('subject', `${choice.subject} (${choice.curriculum}, ${choice.grade}) is not in the catalogue`);
}
