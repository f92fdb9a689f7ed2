import type { DrizzleD1Database } from 'drizzle-orm/d1';
import { essayQuestions } from './tables';

export const SEED_ESSAY_IDS = { percentages: 'essay_question_studyhall_percentages_1' } as const;
const SUB_TOPIC = 'sub_topic_studyhall_percentages';

const point = (id: string, text: string, marks: number, keywords: string[]) => ({ _id: id, point: text, marks, keywords });

/** One approved structured question on percentages, so a learner can practise one from the demo's maths sub topic. */
export async function seedEssays<S extends Record<string, unknown>>(db: DrizzleD1Database<S>, tenantId: string, adminId: string) {
  await db
    .insert(essayQuestions)
    .values({
      _id: SEED_ESSAY_IDS.percentages,
      tenantId,
      subTopicId: SUB_TOPIC,
      stem: 'A jacket costs £80. In a sale its price is reduced by 25%. After the sale the new price is increased by 25%.',
      subQuestions: [
        {
          _id: 'essay_percentages_1_a',
          prompt: 'Work out the sale price of the jacket.',
          marks: 2,
          modelAnswer: '25% of £80 is £20, so the sale price is £80 − £20 = £60.',
          markScheme: [point('essay_percentages_1_a_1', 'Finds 25% of £80 as £20', 1, ['20']), point('essay_percentages_1_a_2', 'Sale price £60', 1, ['60'])],
        },
        {
          _id: 'essay_percentages_1_b',
          prompt: 'Work out the price after the 25% increase.',
          marks: 2,
          modelAnswer: '25% of £60 is £15, so the new price is £60 + £15 = £75.',
          markScheme: [point('essay_percentages_1_b_1', 'Finds 25% of £60 as £15', 1, ['15']), point('essay_percentages_1_b_2', 'New price £75', 1, ['75'])],
        },
        {
          _id: 'essay_percentages_1_c',
          prompt: 'Sam says the jacket is back to its original price. Explain why he is wrong.',
          marks: 2,
          modelAnswer: 'The increase is 25% of a smaller amount (£60, not £80), so it adds back less than was taken off: £75 is less than £80.',
          markScheme: [
            point('essay_percentages_1_c_1', 'The 25% increase is of a smaller amount than the 25% decrease', 1, ['smaller', 'less', '60']),
            point('essay_percentages_1_c_2', 'So the final price £75 is less than £80', 1, ['75']),
          ],
        },
      ],
      totalMarks: 6,
      origin: 'ADMIN',
      isApproved: true,
      approvedBy: adminId,
      createdBy: adminId,
    })
    .onConflictDoNothing();
}
