import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SubjectDataResponse, TopicDoc } from '../../schema/contracts/content';
import { topics } from '../../schema/tables';
import { api, bearer, expectFieldError, postJson, seedAdminAndSam } from '../helpers/auth';
import { db, PARTNER_HOST } from '../helpers/seed';

const MATHS = 'subject_studyhall_cambridge_igcse_maths';
const MATHS_G10 = 'grade_studyhall_cambridge_igcse_maths_grade_10';
const PARTNER_TOPIC = 'topic_brightpath_maths_number';

let admin: string;
let sam: string;

beforeAll(async () => {
  ({ admin, sam } = await seedAdminAndSam());
});

const sortingOf = async () => await db.select({ _id: topics._id, sortingOrder: topics.sortingOrder }).from(topics).where(eq(topics.subjectId, MATHS)).all();

describe('happy', () => {
  it('lists the topics of a subject and grade in sorting order', async () => {
    const res = await postJson('/topics', { subjectId: MATHS, gradeId: MATHS_G10 });
    expect(res.status).toBe(200);
    const list = await res.json<TopicDoc[]>();
    expect(list.map((t) => t.name)).toEqual(['Number', 'Algebra', 'Geometry and mensuration', 'Trigonometry', 'Statistics and probability']);
    expect(list[0]).toMatchObject({ _id: 'topic_studyhall_maths_number', slug: 'number', sortingOrder: 0, subjectId: MATHS });
  });

  it('answers topics with sub topics and their first published quiz, by slug or by name', async () => {
    const res = await api('/topics/getTopicsBySubjectData?curriculum=cambridge-igcse&subject=maths');
    const body = await res.json<SubjectDataResponse>();
    expect(body.curriculum).toMatchObject({ name: 'Cambridge IGCSE', slug: 'cambridge-igcse' });
    expect(body.subject).toMatchObject({ name: 'Mathematics', slug: 'maths', subjectCode: '0580' });
    const algebra = body.topicsWithSubTopics.find((t) => t.slug === 'algebra')!;
    expect(algebra.subTopics.map((s) => s.slug)).toEqual(['linear-equations', 'expanding-factorising', 'quadratic-equations', 'simultaneous-equations']);
    expect(algebra.subTopics[0]!.quizId).toBe('quiz_studyhall_linear_equations_a');
    const byName = await (
      await postJson('/topics/getTopics', { curriculum: 'Cambridge IGCSE', subject: 'Mathematics', grade: 'Grade 10' })
    ).json<SubjectDataResponse>();
    expect(byName.topicsWithSubTopics.map((t) => t._id)).toEqual(body.topicsWithSubTopics.map((t) => t._id));
  });

  it('answers every subject of a curriculum when no subject is given', async () => {
    const body = await (await api('/topics/getTopicsBySubjectData?curriculum=cambridge-igcse')).json<SubjectDataResponse>();
    expect(body.subject).toBeNull();
    expect(body.topicsWithSubTopics.some((t) => t.name === 'Electricity')).toBe(true);
    expect(body.topicsWithSubTopics.some((t) => t.name === 'Algebra')).toBe(true);
  });

  it('lets an admin reorder topics', async () => {
    const res = await postJson(
      '/admin/topics/updateSorting',
      {
        topics: [
          { _id: 'topic_studyhall_maths_algebra', sortingOrder: 0 },
          { _id: 'topic_studyhall_maths_number', sortingOrder: 1 },
        ],
      },
      { headers: bearer(admin) },
    );
    expect(res.status).toBe(200);
    const list = await (await postJson('/topics', { subjectId: MATHS })).json<TopicDoc[]>();
    expect(list.slice(0, 2).map((t) => t.slug)).toEqual(['algebra', 'number']);
  });
});

describe('errors', () => {
  it('names the field of a bad request and writes nothing', async () => {
    const before = await sortingOf();
    await expectFieldError(await postJson('/topics', {}), 'subjectId');
    await expectFieldError(await api('/topics/getTopicsBySubjectData'), 'curriculum');
    await expectFieldError(await postJson('/topics/getTopics', { curriculum: 'cambridge-igcse' }), 'subject');
    await expectFieldError(await postJson('/admin/topics/updateSorting', { topics: [] }, { headers: bearer(admin) }), 'topics');
    await expectFieldError(
      await postJson('/admin/topics/updateSorting', { topics: [{ _id: 'topic_studyhall_maths_number', sortingOrder: -1 }] }, { headers: bearer(admin) }),
      'topics.0.sortingOrder',
    );
    await expectFieldError(
      await postJson(
        '/admin/topics/updateSorting',
        {
          topics: [
            { _id: 'topic_studyhall_maths_number', sortingOrder: 1 },
            { _id: 'topic_studyhall_maths_number', sortingOrder: 2 },
          ],
        },
        { headers: bearer(admin) },
      ),
      'topics',
    );
    expect(await sortingOf()).toEqual(before);
  });

  it('answers 404 for an unknown curriculum, subject or grade', async () => {
    expect((await api('/topics/getTopicsBySubjectData?curriculum=nowhere')).status).toBe(404);
    expect((await api('/topics/getTopicsBySubjectData?curriculum=cambridge-igcse&subject=astrology')).status).toBe(404);
    expect((await postJson('/topics/getTopics', { curriculum: 'cambridge-igcse', subject: 'maths', grade: 'Grade 3' })).status).toBe(404);
  });
});

describe('permissions', () => {
  it('refuses topic sorting to signed-out callers and learners, and writes nothing', async () => {
    const before = await sortingOf();
    const body = { topics: [{ _id: 'topic_studyhall_maths_trigonometry', sortingOrder: 0 }] };
    expect((await postJson('/admin/topics/updateSorting', body)).status).toBe(401);
    expect((await postJson('/admin/topics/updateSorting', body, { headers: bearer(sam) })).status).toBe(403);
    expect(await sortingOf()).toEqual(before);
  });

  it("cannot reorder another tenant's topic, and nothing is written", async () => {
    const before = await db.select().from(topics).where(eq(topics._id, PARTNER_TOPIC)).get();
    const res = await postJson(
      '/admin/topics/updateSorting',
      {
        topics: [
          { _id: PARTNER_TOPIC, sortingOrder: 9 },
          { _id: 'topic_studyhall_maths_number', sortingOrder: 9 },
        ],
      },
      { headers: bearer(admin) },
    );
    expect(res.status).toBe(404);
    expect(await db.select().from(topics).where(eq(topics._id, PARTNER_TOPIC)).get()).toEqual(before);
    expect((await db.select().from(topics).where(eq(topics._id, 'topic_studyhall_maths_number')).get())!.sortingOrder).not.toBe(9);
  });

  it('shows each tenant only its own topics', async () => {
    const partner = await (await api('/topics/getTopicsBySubjectData?curriculum=cambridge-igcse&subject=maths', {}, PARTNER_HOST)).json<SubjectDataResponse>();
    expect(partner.topicsWithSubTopics.map((t) => t._id)).toEqual([PARTNER_TOPIC]);
    expect(await (await postJson('/topics', { subjectId: MATHS }, {}, PARTNER_HOST)).json()).toEqual([]);
    const physics = await (
      await api('/topics/getTopicsBySubjectData?curriculum=cambridge-igcse&subject=physics', {}, PARTNER_HOST)
    ).json<SubjectDataResponse>();
    expect(physics.topicsWithSubTopics).toEqual([]);
    expect((await api('/topics/getTopicsBySubjectData?curriculum=aqa-gcse', {}, PARTNER_HOST)).status).toBe(404);
  });
});
