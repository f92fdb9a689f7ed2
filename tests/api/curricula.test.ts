import { beforeAll, describe, expect, it } from 'vitest';
import type { SearchOption, SubjectMapData } from '../../schema/contracts/learning';
import { api, expectFieldError, postJson } from '../helpers/auth';
import { PARTNER_HOST, seedDemo } from '../helpers/seed';

beforeAll(seedDemo);

const json = async <T>(res: Response, status = 200) => {
  expect(res.status).toBe(status);
  return res.json<T>();
};

describe('happy', () => {
  it('lists curricula with slugs, and the distinct grade names in catalogue order', async () => {
    const list = await json<{ curriculum: string; slug: string }[]>(await api('/curriculums'));
    expect(list[0]).toMatchObject({ curriculum: 'Cambridge IGCSE', slug: 'cambridge-igcse' });
    expect(list).toHaveLength(8);
    const grades = await json<{ grade: string }[]>(await api('/curriculums/grades'));
    expect(grades.slice(0, 2)).toEqual([{ grade: 'Grade 9' }, { grade: 'Grade 10' }]);
    expect(new Set(grades.map((g) => g.grade)).size).toBe(grades.length);
  });

  it('maps a syllabus code onto its curriculum, subject, grades and page', async () => {
    const body = await json<SubjectMapData>(await postJson('/curriculums/subjectMapDataForSubjectCode', { subjectCode: '0625' }));
    expect(body).toMatchObject({
      subjectCode: '0625',
      curriculum: { name: 'Cambridge IGCSE', slug: 'cambridge-igcse' },
      subject: { name: 'Physics', slug: 'physics' },
      path: '/cambridge-igcse/physics',
    });
    expect(body.grades.map((g) => g.grade)).toEqual(['Grade 9', 'Grade 10']);
  });

  it('offers curricula, subjects, topics and sub topics as search options with their pages', async () => {
    const options = await json<SearchOption[]>(await api('/curriculums/getSearchOptionsForHomePage'));
    expect(options).toContainEqual(expect.objectContaining({ type: 'SUBJECT', label: 'Cambridge IGCSE Mathematics', path: '/cambridge-igcse/maths' }));
    expect(options).toContainEqual(
      expect.objectContaining({
        type: 'SUB_TOPIC',
        path: '/cambridge-igcse/maths/algebra/quadratic-equations',
        label: expect.stringContaining('Quadratic equations'),
      }),
    );
  });

  it('lists subjects, optionally of one curriculum, with their codes', async () => {
    const all = await json<{ name: string; curriculum: string; subjectCode: string | null; curriculumId: string }[]>(await api('/subjects'));
    expect(all.find((s) => s.name === 'Mathematics' && s.curriculum === 'Cambridge IGCSE')?.subjectCode).toBe('0580');
    const one = await json<{ curriculumId: string }[]>(await api(`/subjects?curriculumId=${all[0]!.curriculumId}`));
    expect(one.length).toBeGreaterThan(0);
    expect(one.every((s) => s.curriculumId === all[0]!.curriculumId)).toBe(true);
    expect(one.length).toBeLessThan(all.length);
  });

  it('pages tags and filters them by name', async () => {
    const page = await json<{ docs: { name: string }[]; totalDocs: number; limit: number; offset: number }>(await api('/tags/list?limit=2&offset=1'));
    expect(page).toMatchObject({ totalDocs: 6, limit: 2, offset: 1 });
    expect(page.docs.map((t) => t.name)).toEqual(['Core', 'Exam style']);
    const calc = await json<{ docs: { name: string }[] }>(await api('/tags/list?name=calc'));
    expect(calc.docs.map((t) => t.name)).toEqual(['Calculator', 'Non-calculator']);
  });
});

describe('errors', () => {
  it('names the field of a bad request', async () => {
    await expectFieldError(await postJson('/curriculums/subjectMapDataForSubjectCode', {}), 'subjectCode');
    await expectFieldError(await api('/tags/list?limit=0'), 'limit');
    await expectFieldError(await api('/tags/list?sortValue=desc'), 'sortValue');
  });

  it('answers 404 for a code no subject has', async () => {
    expect((await postJson('/curriculums/subjectMapDataForSubjectCode', { subjectCode: '9999' })).status).toBe(404);
  });
});

describe('permissions', () => {
  it("keeps each tenant's catalogue, codes, search options and tags apart", async () => {
    const partner = await json<{ curriculum: string }[]>(await api('/curriculums', {}, PARTNER_HOST));
    expect(partner.map((c) => c.curriculum)).toEqual(['Cambridge IGCSE', 'Cambridge International A Level']);
    const options = await json<SearchOption[]>(await api('/curriculums/getSearchOptionsForHomePage', {}, PARTNER_HOST));
    expect(options.some((o) => o.path.includes('physics/'))).toBe(false);
    expect(options.some((o) => o.path === '/cambridge-igcse/maths/number/percentages')).toBe(true);
    const home = await json<SearchOption[]>(await api('/curriculums/getSearchOptionsForHomePage'));
    const homeIds = new Set(home.map((o) => o._id));
    expect(options.some((o) => homeIds.has(o._id))).toBe(false);
    expect((await postJson('/curriculums/subjectMapDataForSubjectCode', { subjectCode: '0625' }, {}, PARTNER_HOST)).status).toBe(404);
    const tags = await json<{ docs: { _id: string }[] }>(await api('/tags/list', {}, PARTNER_HOST));
    const homeTags = await json<{ docs: { _id: string }[] }>(await api('/tags/list'));
    expect(tags.docs.some((t) => homeTags.docs.some((h) => h._id === t._id))).toBe(false);
  });
});
