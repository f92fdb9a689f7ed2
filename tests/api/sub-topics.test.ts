import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ListResponse } from '../../schema/contracts/common';
import type { LearnerQuestion, SubTopicDoc, SubTopicPage } from '../../schema/contracts/content';
import { subTopics } from '../../schema/tables';
import { api, bearer, expectFieldError, postJson, seedAdminAndSam, signIn } from '../helpers/auth';
import { db, PARTNER_HOST } from '../helpers/seed';

const TOPIC = 'topic_studyhall_maths_number';
const SUB = 'sub_topic_studyhall_percentages';
const PARTNER_SUB = 'sub_topic_brightpath_percentages';

let admin: string;
let sam: string;
let partnerLearner: string;

beforeAll(async () => {
  ({ admin, sam } = await seedAdminAndSam());
  partnerLearner = await signIn('learner@partner.test', PARTNER_HOST);
});

const send = (method: string, path: string, body: unknown, token = admin, host = 'localhost') =>
  api(path, { method, headers: { 'content-type': 'application/json', ...bearer(token) }, body: JSON.stringify(body) }, host);
const row = (id: string) => db.select().from(subTopics).where(eq(subTopics._id, id)).get();

async function created(name: string) {
  const res = await send('POST', '/admin/subtopics', { topicId: TOPIC, name, summary: 'For the tests.' });
  expect(res.status).toBe(201);
  return res.json<SubTopicDoc>();
}

describe('happy', () => {
  it('answers a sub topic by id with its topic, content, practice quiz and approved question count', async () => {
    const body = await (await api(`/subtopics/${SUB}`)).json<SubTopicPage>();
    expect(body).toMatchObject({ _id: SUB, name: 'Percentages', slug: 'percentages', topic: { slug: 'number' }, quizId: 'quiz_studyhall_percentages_a' });
    expect(body.contents[0]!.body).toContain('data-type="inline-math"');
    const approved = (await db.query.questions.findMany({ where: (q, { and, eq: is }) => and(is(q.subTopicId, SUB), is(q.isApproved, true)) })).length;
    expect(body.questionCount).toBe(approved);
    expect(body).not.toHaveProperty('tenantId');
  });

  it('groups sub topics under their topics', async () => {
    const res = await postJson('/groupedSubTopics', { topicIds: [TOPIC, 'topic_studyhall_physics_waves'] });
    const groups = await res.json<{ topic: { _id: string }; subTopics: { slug: string }[] }[]>();
    expect(groups.map((g) => g.topic._id)).toEqual([TOPIC, 'topic_studyhall_physics_waves']);
    expect(groups[1]!.subTopics.map((s) => s.slug)).toEqual(['wave-equation']);
  });

  it('gives a signed-in learner a random approved question without its answer', async () => {
    const res = await api(`/subtopic/random/${SUB}`, { headers: bearer(sam) });
    expect(res.status).toBe(200);
    const q = await res.json<LearnerQuestion & Record<string, unknown>>();
    expect(q.subTopicId).toBe(SUB);
    expect(q).not.toHaveProperty('correctOptionId');
    expect(q).not.toHaveProperty('explanation');
    expect(q).not.toHaveProperty('markScheme');
    const stored = await db.query.questions.findFirst({ where: (r, { eq: is }) => is(r._id, q._id) });
    expect(stored!.isApproved).toBe(true);
  });

  it('lists, creates, updates and deletes sub topics of a topic', async () => {
    const before = await (await api(`/admin/subtopics?topicId=${TOPIC}&limit=2&offset=0`, { headers: bearer(admin) })).json<ListResponse<SubTopicDoc>>();
    expect(before).toMatchObject({ totalDocs: 3, limit: 2, offset: 0 });
    expect(before.docs.map((d) => d.slug)).toEqual(['percentages', 'indices-standard-form']);
    const made = await created('Bounds and Accuracy');
    expect(made).toMatchObject({ slug: 'bounds-and-accuracy', sortingOrder: 3, topicId: TOPIC, contents: [] });
    const twin = await created('Bounds and accuracy');
    expect(twin.slug).toBe('bounds-and-accuracy-2');
    const after = await (await api(`/admin/subtopics?topicId=${TOPIC}`, { headers: bearer(admin) })).json<ListResponse<SubTopicDoc>>();
    expect(after.totalDocs).toBe(5);
    const renamed = await (await send('PUT', `/admin/subtopics/${made._id}`, { name: 'Upper and lower bounds' })).json<SubTopicDoc>();
    expect(renamed).toMatchObject({ name: 'Upper and lower bounds', slug: 'upper-and-lower-bounds', summary: 'For the tests.' });
    expect((await send('DELETE', `/admin/subtopics/${made._id}`, {})).status).toBe(200);
    expect(await row(made._id)).toBeUndefined();
    expect((await send('DELETE', `/admin/subtopics/${twin._id}`, {})).status).toBe(200);
  });

  it('edits resources, video links (with sorting), content blocks, FAQs and reviews', async () => {
    const sub = await created('Content edits');
    const edit = async (name: string, body: unknown) => {
      const res = await send('PUT', `/admin/subtopics/${sub._id}/${name}`, body);
      expect(res.status, name).toBe(200);
      return res.json<SubTopicDoc>();
    };
    let doc = await edit('addResources', {
      resources: [
        { title: 'Formula sheet', url: 'example.org/formulae.pdf' },
        { title: 'Worksheet', url: 'https://example.org/w.pdf' },
      ],
    });
    expect(doc.resources.map((r) => r.url)).toEqual(['https://example.org/formulae.pdf', 'https://example.org/w.pdf']);
    doc = await edit('removeResources', { resourceIds: [doc.resources[0]!._id] });
    expect(doc.resources.map((r) => r.title)).toEqual(['Worksheet']);

    doc = await edit('addVideoLink', { title: 'Intro', url: 'https://video.example/1' });
    doc = await edit('addVideoLink', { title: 'Worked example', url: 'https://video.example/2' });
    const [intro, worked] = doc.videoLinks;
    doc = await edit('sortVideoLinks', { videoLinkIds: [worked!._id, intro!._id] });
    expect(doc.videoLinks.map((v) => v.title)).toEqual(['Worked example', 'Intro']);
    doc = await edit('editVideoLink', { videoLinkId: intro!._id, title: 'Introduction' });
    expect(doc.videoLinks.map((v) => v.title)).toEqual(['Worked example', 'Introduction']);
    expect(doc.videoLinks[1]!.url).toBe('https://video.example/1');
    doc = await edit('removeVideoLink', { videoLinkId: worked!._id });
    expect(doc.videoLinks.map((v) => v.title)).toEqual(['Introduction']);

    doc = await edit('addContent', { title: 'Rule', body: '<p>Area <span data-type="inline-math" data-latex="\\pi r^2"></span></p>' });
    doc = await edit('editContent', { contentId: doc.contents[0]!._id, title: 'The rule' });
    expect(doc.contents[0]).toMatchObject({ title: 'The rule', body: expect.stringContaining('pi r^2') });
    doc = await edit('removeContent', { contentId: doc.contents[0]!._id });
    expect(doc.contents).toEqual([]);

    doc = await edit('addFAQ', { question: 'Why?', answer: 'Because $1 + 1 = 2$.' });
    doc = await edit('editFAQ', { faqId: doc.faqs[0]!._id, answer: 'Since $2 > 1$.' });
    expect(doc.faqs[0]).toMatchObject({ question: 'Why?', answer: 'Since $2 > 1$.' });
    doc = await edit('removeFAQ', { faqId: doc.faqs[0]!._id });
    expect(doc.faqs).toEqual([]);

    doc = await edit('addReview', { author: 'Sam', rating: 5, text: 'Clear.' });
    doc = await edit('editReview', { reviewId: doc.reviews[0]!._id, rating: 4 });
    expect(doc.reviews[0]).toMatchObject({ author: 'Sam', rating: 4 });
    doc = await edit('removeReview', { reviewId: doc.reviews[0]!._id });
    expect(doc.reviews).toEqual([]);
    expect((await row(sub._id))!.reviews).toEqual([]);
  });
});

describe('errors', () => {
  it('names the field of a bad sub topic and writes nothing', async () => {
    const before = await row(SUB);
    await expectFieldError(await send('POST', '/admin/subtopics', { topicId: TOPIC, name: ' ' }), 'name');
    await expectFieldError(await send('POST', '/admin/subtopics', { topicId: 'topic_nowhere', name: 'X' }), 'topicId');
    await expectFieldError(await send('PUT', `/admin/subtopics/${SUB}`, { name: '' }), 'name');
    await expectFieldError(await api('/admin/subtopics', { headers: bearer(admin) }), 'topicId');
    await expectFieldError(await postJson('/groupedSubTopics', { topicIds: [] }), 'topicIds');
    await expectFieldError(await send('PUT', `/admin/subtopics/${SUB}/addVideoLink`, { title: 'Bad', url: 'not a link' }), 'url');
    await expectFieldError(await send('PUT', `/admin/subtopics/${SUB}/addReview`, { author: 'A', rating: 6, text: 'x' }), 'rating');
    await expectFieldError(await send('PUT', `/admin/subtopics/${SUB}/editFAQ`, { faqId: 'faq_nowhere', answer: 'x' }), 'faqId');
    await expectFieldError(await send('PUT', `/admin/subtopics/${SUB}/removeContent`, { contentId: 'nope' }), 'contentId');
    await expectFieldError(await send('PUT', `/admin/subtopics/${SUB}/sortVideoLinks`, { videoLinkIds: ['nope'] }), 'videoLinkIds');
    await expectFieldError(await send('PUT', `/admin/subtopics/${SUB}/removeResources`, { resourceIds: ['nope'] }), 'resourceIds.0');
    expect(await row(SUB)).toEqual(before);
  });

  it('answers 404 for an unknown sub topic and refuses to delete one that has questions', async () => {
    expect((await api('/subtopics/sub_topic_nowhere')).status).toBe(404);
    expect((await send('PUT', '/admin/subtopics/sub_topic_nowhere/addFAQ', { question: 'Q', answer: 'A' })).status).toBe(404);
    expect((await send('DELETE', `/admin/subtopics/${SUB}`, {})).status).toBe(409);
    expect(await row(SUB)).toBeDefined();
  });
});

describe('permissions', () => {
  it('refuses the admin calls to signed-out callers and learners, and writes nothing', async () => {
    const before = await row(SUB);
    expect((await api(`/admin/subtopics?topicId=${TOPIC}`)).status).toBe(401);
    expect((await api(`/admin/subtopics?topicId=${TOPIC}`, { headers: bearer(sam) })).status).toBe(403);
    expect((await send('POST', '/admin/subtopics', { topicId: TOPIC, name: 'Sneaky' }, sam)).status).toBe(403);
    expect((await send('PUT', `/admin/subtopics/${SUB}`, { name: 'Sneaky' }, sam)).status).toBe(403);
    expect((await send('PUT', `/admin/subtopics/${SUB}/addFAQ`, { question: 'Q', answer: 'A' }, sam)).status).toBe(403);
    expect((await send('DELETE', `/admin/subtopics/${SUB}`, {}, sam)).status).toBe(403);
    expect((await api(`/subtopic/random/${SUB}`)).status).toBe(401);
    expect(await row(SUB)).toEqual(before);
  });

  it("keeps another tenant's sub topics invisible and unchangeable", async () => {
    const before = await row(PARTNER_SUB);
    expect((await api(`/subtopics/${PARTNER_SUB}`)).status).toBe(404);
    expect((await api(`/subtopics/${SUB}`, {}, PARTNER_HOST)).status).toBe(404);
    expect((await api(`/subtopic/random/${SUB}`, { headers: bearer(partnerLearner) }, PARTNER_HOST)).status).toBe(404);
    expect((await send('PUT', `/admin/subtopics/${PARTNER_SUB}`, { name: 'Taken' })).status).toBe(404);
    expect((await send('PUT', `/admin/subtopics/${PARTNER_SUB}/addFAQ`, { question: 'Q', answer: 'A' })).status).toBe(404);
    expect((await send('DELETE', `/admin/subtopics/${PARTNER_SUB}`, {})).status).toBe(404);
    expect((await send('POST', '/admin/subtopics', { topicId: 'topic_brightpath_maths_number', name: 'Taken' })).status).toBe(400);
    expect(await (await postJson('/groupedSubTopics', { topicIds: ['topic_brightpath_maths_number'] })).json()).toEqual([]);
    expect(await row(PARTNER_SUB)).toEqual(before);
  });
});
